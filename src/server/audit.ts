/**
 * The admin audit log's entries: every admin create, update and delete, and every view of an
 * applicant's document, with the admin, action, entity, record id, time and address. A change is
 * recorded in the same transaction as the change itself (pass its `tx`), so an entry exists
 * exactly when the change was stored.
 */
import type { AdminContext } from './auth.ts';
import { query, type Queryable } from './db.ts';
import type { Entity } from '../lib/record.ts';
import { GATEWAY_ACTOR as GATEWAY_NAME, PARENT_ACTOR, RETENTION_ACTOR as RETENTION_NAME } from '../lib/roles.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'view'
  /** A record's status moved (detail: from -> to, and the note). */
  | 'status'
  /** A document verified or rejected (detail: field and verdict). */
  | 'document'
  | 'payment'
  | 'reverse-payment'
  | 'waive-fee'
  /** A CSV export (detail: filters and row count). */
  | 'export'
  | 'print'
  /** Admitted beyond a class's capacity by a principal's override. */
  | 'seat-override'
  | 'seats'
  /** An account added, its role changed, disabled, enabled or its password reset. */
  | 'account'
  | 'password'
  /** A parent sent a new file for a document the office rejected (detail: the field). */
  | 'document-replaced'
  /** A WhatsApp or SMS message to a parent, marked sent by hand (detail: channel, recipient, template). */
  | 'message'
  /** A record's personal data erased (detail: why; never the child's name). */
  | 'erase'
  /** A field corrected on a parent's request (detail: the field, its old and new value). */
  | 'correct'
  /** An admitted child's parent withdrew consent (detail: the note). */
  | 'consent-withdrawn'
  /** An issued TC's signed scan attached or replaced (detail: the file's name and type). */
  | 'certificate'
  /** A family's payment through the gateway, verified and given a receipt (detail: receipt, amount, gateway id). */
  | 'online-payment'
  /** A gateway payment that was not what its order asked (amount or currency): never paid, for the office. */
  | 'payment-mismatch'
  /** A gateway payment returned through the gateway: more than was due, or the principal's reversal. */
  | 'online-refund'
  /** A reconciliation run asked the gateway about open orders (detail: what it found). */
  | 'reconcile';
export type AuditEntity =
  | Entity
  | 'admin'
  | 'seats'
  /** The admission letter's settings of a session (the id is the session). */
  | 'admission-letter'
  | 'audit'
  | 'event'
  | 'notice'
  /** The school's profile and its Mandatory Public Disclosure: one of each, so no id. */
  | 'school'
  | 'disclosure'
  | 'fees'
  | 'press'
  | 'magazine'
  /** A picture of the picture store (src/features/pictures/). */
  | 'picture'
  /** A content page (src/features/pages/): its English address is the id. */
  | 'page'
  /** Online payments as a whole (a reconciliation run): no id. */
  | 'payments';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  /** What else identifies the action, e.g. the document field of a 'view'. */
  detail?: string | null;
}

/**
 * Who acted: a signed-in administrator, or a parent on a public page (no account: the entry has no
 * admin id and names PARENT_ACTOR in place of an e-mail address).
 */
type Actor = Pick<AdminContext, 'admin' | 'ip'> | { admin: null; ip: string } | SystemActor;

/** A job or service acting on its own: no account; the entry names it. */
export interface SystemActor {
  admin: null;
  ip: string | null;
  system: string;
}

/** The retention job acting on its own: no account, no address; the entry names it. */
export const RETENTION_ACTOR = { admin: null, ip: null, system: RETENTION_NAME } as const;

/** The payment gateway (its webhook, the checkout's return, a reconciliation run): `ip` is the caller's when there is one. */
export const gatewayActor = (ip: string | null = null): SystemActor => ({ admin: null, ip, system: GATEWAY_NAME });

/**
 * The detail of an edit: the fields that changed, before and after (src/features/audit/audit.ts
 * words it on the audit screen). Unchanged fields are left out, so an entry stays small.
 */
export function changeDetail(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]),
  );
  const pick = (side: Record<string, unknown> | null) =>
    side ? Object.fromEntries(keys.filter((k) => k in side).map((k) => [k, side[k]])) : null;
  return JSON.stringify({ before: pick(before), after: pick(after) });
}

export async function recordAudit(ctx: Actor, entry: AuditEntry, tx?: Queryable): Promise<void> {
  const sql = `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, detail, ip)
               VALUES ($1, $2, $3, $4, $5, $6, $7)`;
  const who = ctx.admin ? [ctx.admin._id, ctx.admin.email] : [null, 'system' in ctx ? ctx.system : PARENT_ACTOR];
  const params = [...who, entry.action, entry.entity, entry.entityId, entry.detail ?? null, ctx.ip];
  if (tx) await tx.query(sql, params);
  else await query(sql, params);
}
