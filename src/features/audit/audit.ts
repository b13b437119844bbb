/**
 * The audit log as the audit screen reads it: each action and kind of record in words, and where a
 * record's own screen is. The server's list of actions (src/server/audit.ts) must have a label here
 * (audit.server.ts checks it at compile time).
 */
import { statusLabel } from '../../lib/workflow.ts';
import { GATEWAY_ACTOR, PARENT_ACTOR, RETENTION_ACTOR } from '../../lib/roles.ts';
import { KINDS, isKindName, kindOf } from '../kinds.ts';

export const AUDIT_ACTIONS = {
  create: 'Added',
  update: 'Changed',
  delete: 'Deleted',
  view: 'Opened a document',
  status: 'Changed the status',
  document: 'Checked a document',
  payment: 'Recorded a payment',
  'reverse-payment': 'Reversed a payment',
  'waive-fee': 'Waived the fee',
  export: 'Exported a list',
  print: 'Printed',
  'seat-override': 'Admitted beyond the seats',
  seats: 'Changed the seats',
  account: 'Changed an account',
  password: 'Changed a password',
  'document-replaced': 'Sent a new document',
  message: 'Sent a message by hand',
  erase: 'Erased personal data',
  correct: 'Corrected a field',
  'consent-withdrawn': 'Recorded consent withdrawn',
  certificate: 'Attached the TC scan',
  'online-payment': 'Paid online',
  'payment-mismatch': 'Online payment not matching its order',
  'online-refund': 'Refunded online',
  reconcile: 'Checked online payments with the gateway',
} as const;

/** Every kind of record in the list, then the other things the log names. */
export const AUDIT_ENTITIES = {
  ...(Object.fromEntries(KINDS.map((k) => [k.name, k.labels.one])) as Record<(typeof KINDS)[number]['name'], string>),
  vacancy: 'Vacancy',
  gallery: 'Gallery photo',
  admin: 'Staff account',
  seats: 'Seats',
  'admission-letter': 'Admission letter',
  audit: 'Audit log',
  event: 'Calendar event',
  notice: 'Notice',
  school: 'School profile',
  disclosure: 'Mandatory disclosure',
  fees: 'Fees',
  press: 'Press article',
  magazine: 'Magazine issue',
  picture: 'Picture',
  page: 'Page',
  payments: 'Online payments',
} as const;

const DETAILS: Partial<Record<string, string>> = {
  ...Object.fromEntries(KINDS.map((k) => [k.name, k.admin.details])),
  vacancy: '/admin/vacancies/details/',
  gallery: '/admin/gallery/details/',
  notice: '/admin/notices?edit=',
  page: '/admin/pages?edit=',
};

/** The screen of an entry's record, when it has one. */
export function recordHref(entity: string, entityId: string | null): string | undefined {
  if (!entityId) return undefined;
  if (entity === 'seats') return `/admin/seats?session=${encodeURIComponent(entityId)}`;
  if (entity === 'admission-letter') return `/admin/admission-letter?session=${encodeURIComponent(entityId)}`;
  if (entity === 'disclosure') return '/admin/disclosure';
  if (entity === 'fees') return `/admin/fees?session=${encodeURIComponent(entityId)}`;
  if (entity === 'press' || entity === 'magazine') return '/admin/press';
  const path = DETAILS[entity];
  return path ? path + encodeURIComponent(entityId) : undefined;
}

/** Who made an entry: the staff member's e-mail address, or the parent (who has no account). */
export function personText(entry: Pick<AuditEntry, 'adminId' | 'adminEmail'>): string {
  if (entry.adminId === null && entry.adminEmail === PARENT_ACTOR) return 'Parent (status page)';
  if (entry.adminId === null && entry.adminEmail === RETENTION_ACTOR) return 'Retention (automatic)';
  if (entry.adminId === null && entry.adminEmail === GATEWAY_ACTOR) return 'Online payment (automatic)';
  return entry.adminEmail;
}

export const actionText = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
export const entityText = (entity: string) => (AUDIT_ENTITIES as Record<string, string>)[entity] ?? entity;

/**
 * An entry's detail in words where it names statuses ('new -> contacted: note' reads
 * 'New → Contacted: note'), or as its kind words its own (an application's document, see
 * src/features/admission/kind.ts); any other detail as stored.
 */
export function detailText({ action, entity, detail }: Pick<AuditEntry, 'action' | 'entity' | 'detail'>): string {
  const text = detail ?? '';
  const change = changeText(text);
  if (change !== undefined) return change;
  const wf = isKindName(entity) ? kindOf(entity).workflow : undefined;
  const move = action === 'status' && wf ? /^([\w-]+) -> ([\w-]+)([\s\S]*)$/.exec(text) : null;
  if (move) return `${statusLabel(wf!, move[1]!)} → ${statusLabel(wf!, move[2]!)}${move[3]}`;
  return (isKindName(entity) && kindOf(entity).auditDetail?.(action, text)) || text;
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '(none)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * An edit's detail, stored as `{"before": {...}, "after": {...}}` (the school's facts, a notice, the
 * fees): each field that changed as 'field: before → after', one per line; undefined for any other detail.
 */
export function changeText(detail: string): string | undefined {
  if (!detail.startsWith('{"before"')) return undefined;
  let parsed: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };
  try {
    parsed = JSON.parse(detail) as typeof parsed;
  } catch {
    return undefined;
  }
  const before = parsed.before ?? {};
  const after = parsed.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return changed.length ? changed.map((k) => `${k}: ${shown(before[k])} → ${shown(after[k])}`).join('\n') : 'No change';
}

/** An entry as GET /v1/api/audit answers it. */
export interface AuditEntry {
  _id: string;
  adminId: string | null;
  adminEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  detail: string | null;
  ip: string | null;
  createdAt: string;
}
