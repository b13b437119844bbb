/** Reads and deletes of one record by id, shared by the records that need nothing more. */
import type { RecordDefinition } from '../lib/record.ts';
import type { AdminContext } from './auth.ts';
import { recordAudit } from './audit.ts';
import { isUuid, queryOne, transaction } from './db.ts';
import { notFound } from './errors.ts';
import { json, type RouteContext } from './http.ts';
import { selectColumns } from './records.ts';

interface One<D extends RecordDefinition> {
  def: D;
  /** The 404's message. */
  notFound: string;
}

/** GET .../:id: the record's JSON, 404 for an unknown or malformed id. */
export async function getRecord<D extends RecordDefinition>(
  ctx: RouteContext,
  { def, notFound: missing, json: toJson }: One<D> & { json: (row: Record<string, unknown>) => unknown },
): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(missing);
  const row = await queryOne(`SELECT ${selectColumns(def)} FROM ${def.table} WHERE id = $1`, [id]);
  if (!row) throw notFound(missing);
  return json(toJson(row));
}

/** DELETE .../:id: deletes the row and records it in the audit log, in one transaction. */
export async function deleteRecord<D extends RecordDefinition>(
  ctx: AdminContext,
  { def, notFound: missing, deleted }: One<D> & { deleted: string },
): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(missing);
  const gone = await transaction(async (tx) => {
    const { rows } = await tx.query(`DELETE FROM ${def.table} WHERE id = $1 RETURNING id`, [id]);
    if (rows.length) await recordAudit(ctx, { action: 'delete', entity: def.entity, entityId: id }, tx);
    return rows.length > 0;
  });
  if (!gone) throw notFound(missing);
  return json({ message: deleted, _id: id });
}
