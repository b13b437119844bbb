/**
 * Statuses with history, for every record that has a workflow (src/lib/workflow.ts).
 *
 * PATCH /v1/api/{record}/{id} { status, note?, ...what the move needs } moves a record: the row is
 * locked, the move checked against the workflow (409 naming the allowed moves otherwise; 403 for
 * office staff trying a principal's move), the record's own checks run, and the new status, its
 * history entry and the audit entry are written in one transaction. The answer is the record as
 * GET answers it, with `status` and `history`.
 */
import { visibleText } from '../lib/visible-text.ts';
import type { AdminContext } from '../server/auth.ts';
import { recordAudit, type SystemActor } from '../server/audit.ts';
import { isUuid, query, transaction, type Queryable } from '../server/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../server/errors.ts';
import { json, readJson } from '../server/http.ts';
import { PRINCIPAL_ONLY } from '../server/auth.ts';
import { isMessageEntity, queueMessage } from './outbox/outbox.server.ts';
import { sendSoon } from '../server/mailer.ts';
import { toIso } from '../lib/dates.ts';
import type { Entity } from '../lib/record.ts';
import type { Move, WorkflowRoute } from '../server/workflow-route.ts';
import {
  CREATED_BY,
  allowedMoves,
  isPrincipalMove,
  isStatus,
  statusLabel,
  type HistoryEntry,
} from '../lib/workflow.ts';

export const NOTE_MAX = 1000;

export const WORKFLOW_TEXTS = {
  unknown: 'Unknown status.',
  noteTooLong: `The note can have at most ${NOTE_MAX} characters.`,
  noteNeeded: 'Write a note saying why it is reopened.',
  required: 'Please fill in all required fields.',
  erased:
    "This record's personal data has been erased: it is kept only for the statistics and does not change any more.",
} as const;

/** A trimmed text of the body, or '' when absent; 400 when it is not text or longer than `max`. */
export function bodyText(body: Record<string, unknown>, name: string, max: number, label = name): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badRequest(`${label} must be text.`, { [name]: `${label} must be text.` });
  // A text that shows nothing (spaces, control or zero-width characters) is no text: a required one is refused as missing.
  const text = visibleText(value);
  if (text.length > max)
    throw badRequest(`${label} can have at most ${max} characters.`, {
      [name]: `${label} can have at most ${max} characters.`,
    });
  return text;
}

const listOf = (labels: string[]) =>
  labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;

/** The 409 of a move the workflow does not allow from `from`, naming the ones it does. */
export function refusedMove<S extends string>(
  route: Pick<WorkflowRoute<S>, 'workflow' | 'noun'>,
  from: S,
  to: S,
  allowed: S[],
) {
  const wf = route.workflow;
  const where = allowed.length
    ? `it can move to ${listOf(allowed.map((s) => wf.labels[s]))}`
    : 'it cannot move any further';
  return conflict(`${route.noun} is ${statusLabel(wf, from)} and cannot move to ${statusLabel(wf, to)}: ${where}.`);
}

/** PATCH /v1/api/{record}/{id}: a move of status (or, where the record allows, a change without one). */
export function changeStatus<S extends string>(route: WorkflowRoute<S>) {
  return async (req: Request, ctx: AdminContext): Promise<Response> => {
    const id = ctx.params.id;
    if (!isUuid(id)) throw notFound(route.notFound);
    const body = await readJson(req);
    const wf = route.workflow;
    const status = body.status;
    if (status !== undefined && !isStatus(wf, status)) {
      const message = `${WORKFLOW_TEXTS.unknown} One of: ${wf.statuses.join(', ')}.`;
      throw badRequest(message, { status: message });
    }
    const note = bodyText(body, 'note', NOTE_MAX, 'The note');

    const moved = await transaction(async (tx) => {
      const row = (await tx.query(`SELECT * FROM ${route.table} WHERE id = $1 FOR UPDATE`, [id])).rows[0];
      if (!row) throw notFound(route.notFound);
      if (row.erased_at) throw conflict(WORKFLOW_TEXTS.erased);
      if (status === undefined) {
        const set = route.edit?.(body, row);
        if (!set) throw badRequest('Send the new status.', { status: WORKFLOW_TEXTS.required });
        await update(tx, route.table, id, set);
        await recordAudit(
          ctx,
          { action: 'update', entity: route.entity, entityId: id, detail: Object.keys(set).join(', ') },
          tx,
        );
        return false;
      }
      const from = row.status as S;
      const to = status;
      const allowed = allowedMoves(wf, from, ctx.admin.role);
      if (!allowed.includes(to)) {
        if (isPrincipalMove(wf, from, to)) throw forbidden(PRINCIPAL_ONLY).withCode('principal-only');
        throw refusedMove(route, from, to, allowed);
      }
      if (isPrincipalMove(wf, from, to) && !note)
        throw badRequest(WORKFLOW_TEXTS.noteNeeded, { note: WORKFLOW_TEXTS.noteNeeded });
      const move: Move<S> = { tx, id, row, from, to, note, body, ctx, set: {}, audit: [] };
      await route.check?.(move);
      await writeMove(tx, route, id, { from, to, note, set: move.set }, ctx);
      for (const extra of move.audit)
        await recordAudit(ctx, { action: extra.action, entity: route.entity, entityId: id, detail: extra.detail }, tx);
      return true;
    });
    if (moved && isMessageEntity(route.entity)) await sendSoon(ctx, { entity: route.entity, recordId: id });
    return json(await route.answer(id));
  };
}

async function update(tx: Queryable, table: string, id: string, set: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(set);
  const assignments = columns.map((c, i) => `${c} = $${i + 2}`);
  await tx.query(`UPDATE ${table} SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1`, [
    id,
    ...columns.map((c) => set[c]),
  ]);
}

/** What a record with a workflow answers besides its fields: when its status last changed, and its history. */
export async function workflowJson(
  route: Pick<WorkflowRoute<string>, 'entity' | 'workflow'>,
  row: Record<string, unknown>,
) {
  return {
    statusChangedAt: row.status_changed_at ? toIso(row.status_changed_at) : null,
    history: await historyOf(route.entity, String(row.id), route.workflow.initial, row.created_at),
  };
}

/**
 * A record's history, oldest first: its creation (the workflow's first status, by the online form,
 * at `createdAt`), then every move.
 */
export async function historyOf(
  entity: Entity,
  id: string,
  initial: string,
  createdAt: unknown,
): Promise<HistoryEntry[]> {
  const rows = await query<Record<string, unknown>>(
    `SELECT status, note, by_name, at FROM status_history WHERE entity = $1 AND record_id = $2 ORDER BY id`,
    [entity, id],
  );
  return [
    { status: initial, note: '', by: CREATED_BY, at: toIso(createdAt) },
    ...rows.map((r) => ({
      status: String(r.status),
      note: String(r.note ?? ''),
      by: String(r.by_name),
      at: toIso(r.at),
    })),
  ];
}

/**
 * Writes a move of `id` in `tx`: its status (and any further columns), its history entry, its
 * audit entry and the parent's message about it. Also used for a move the desk makes on someone's
 * behalf (a TC whose fee is now paid).
 */
export async function writeMove(
  tx: Queryable,
  route: Pick<WorkflowRoute<string>, 'entity' | 'table'>,
  id: string,
  { from, to, note, set = {} }: { from: string; to: string; note: string; set?: Record<string, unknown> },
  ctx: Pick<AdminContext, 'admin' | 'ip'> | SystemActor,
): Promise<void> {
  const entry = await tx.query<{ at: Date }>(
    `INSERT INTO status_history (entity, record_id, status, note, admin_id, by_name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING at`,
    [route.entity, id, to, note, ctx.admin?._id ?? null, ctx.admin ? ctx.admin.name : (ctx as SystemActor).system],
  );
  // The same moment as the history entry's, so the two always agree.
  await update(tx, route.table, id, { ...set, status: to, status_changed_at: entry.rows[0]!.at });
  await recordAudit(
    ctx,
    { action: 'status', entity: route.entity, entityId: id, detail: `${from} -> ${to}${note ? `: ${note}` : ''}` },
    tx,
  );
  if (isMessageEntity(route.entity)) await queueMessage(tx, route.entity, 'status', id);
}
