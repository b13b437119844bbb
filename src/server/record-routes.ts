/** Reads and deletes of one record by id, shared by the records that need nothing more. */
import type { Entity, Field, RecordDefinition } from '../lib/record.ts';
import type { AdminContext } from './auth.ts';
import { recordAudit } from './audit.ts';
import { isUuid, queryOne, transaction, type Queryable } from './db.ts';
import { conflict, notFound } from './errors.ts';
import { json, type RouteContext } from './http.ts';
import { selectColumns } from './records.ts';
import { deleteReleased } from './files.ts';

interface One<D extends RecordDefinition> {
  def: D;
  /** The 404's message. */
  notFound: string;
}

/** A loader of one row of `def`'s table by id, as `toJson` answers it (undefined when there is none). */
export const byId =
  <D extends RecordDefinition, T>(def: D, toJson: (row: Record<string, unknown>) => T) =>
  async (id: string): Promise<T | undefined> => {
    const row = await queryOne(`SELECT ${selectColumns(def)} FROM ${def.table} WHERE id = $1`, [id]);
    return row ? toJson(row) : undefined;
  };

/** GET .../:id: the record's JSON (`load`), 404 for an unknown or malformed id. */
export async function getRecord(
  ctx: RouteContext,
  { notFound: missing, load }: { notFound: string; load: (id: string) => Promise<unknown> },
): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(missing);
  const record = await load(id);
  if (!record) throw notFound(missing);
  return json(record);
}

/**
 * DELETE .../:id: deletes the row and records it in the audit log, in one transaction;
 * `releaseFiles` first lets go of the staff files the row holds (their ids), deleted once it commits.
 */
export async function deleteRecord<D extends RecordDefinition<readonly Field[], Entity>>(
  ctx: AdminContext,
  {
    def,
    notFound: missing,
    deleted,
    releaseFiles,
  }: One<D> & { deleted: string; releaseFiles?: (tx: Queryable, id: string) => Promise<string[]> },
): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(missing);
  const released = await transaction(async (tx) => {
    const files = (await releaseFiles?.(tx, id)) ?? [];
    const { rows } = await tx.query(`DELETE FROM ${def.table} WHERE id = $1 RETURNING id`, [id]);
    if (!rows.length) throw notFound(missing);
    await forgetRecord(tx, def.entity, id);
    await recordAudit(ctx, { action: 'delete', entity: def.entity, entityId: id }, tx);
    return files;
  });
  await deleteReleased(released);
  return json({ message: deleted, _id: id });
}

export const HAS_PAYMENTS = 'This record has payments on it and cannot be deleted: payments are kept for the accounts.';

/**
 * What goes with a deleted record, inside its transaction: its status history and the messages
 * about it (sent or not: they name the child and the parent's address). A record with
 * payments is refused (409): receipts are never deleted, and must keep pointing at their record.
 */
export async function forgetRecord(tx: Queryable, entity: Entity, id: string): Promise<void> {
  const paid = await tx.query(`SELECT 1 FROM payments WHERE entity = $1 AND record_id = $2 LIMIT 1`, [entity, id]);
  if (paid.rows.length) throw conflict(HAS_PAYMENTS);
  await tx.query(`DELETE FROM status_history WHERE entity = $1 AND record_id = $2`, [entity, id]);
  await tx.query(`DELETE FROM messages WHERE entity = $1 AND record_id = $2`, [entity, id]);
}
