/**
 * The audit log's read side (entries are written by src/server/audit.ts). Only a principal reads it,
 * and nothing changes or deletes an entry through the API: it has this one GET, and a database
 * trigger refuses updates (and deletes of entries younger than a year).
 *
 * GET /v1/api/audit?page=&limit=&adminEmail=&action=&entity=&entityId=&from=&to= (principal)
 * answers, newest first:
 *   { "data": [{ "_id", "adminId", "adminEmail", "action", "entity", "entityId", "detail", "ip",
 *                "createdAt", "updatedAt" }],
 *     "total", "currentPage", "totalPages" }
 * with page size 50 by default and `limit` capped at 100, like the other lists. `adminEmail` is the
 * person (any case), `action` and `entity` exact, `from` and `to` India dates (YYYY-MM-DD, both
 * days included); a date that is not a real one, or `from` after `to`, is 400.
 * GET /v1/api/audit/export.csv takes the same filters and answers every match as CSV (as the
 * lists' exports are: src/server/csv-export.ts); the export is itself an entry.
 */
import type { AuditAction, AuditEntity } from '../../server/audit.ts';
import { badRequest } from '../../server/errors.ts';
import { equals, filterParam, listAnswer, readList, type ListSpec } from '../../server/lists.ts';
import { addDays, indiaMidnight, isCalendarDate, toIso } from '../../lib/dates.ts';
import type { AdminContext } from '../../server/auth.ts';
import type { Queryable } from '../../server/db.ts';
import { csvExport, type CsvExport } from '../../server/csv-export.ts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, actionText, entityText, personText, type AuditEntry } from './audit.ts';

// Every action and kind of record the log can hold has its words on the audit screen.
void (AUDIT_ACTIONS satisfies Record<AuditAction, string>);
void (AUDIT_ENTITIES satisfies Record<AuditEntity, string>);

const orNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

function auditJson(row: Record<string, unknown>): AuditEntry & { updatedAt: string } {
  const createdAt = toIso(row.created_at);
  return {
    _id: String(row.id),
    adminId: orNull(row.admin_id),
    adminEmail: String(row.admin_email),
    action: String(row.action),
    entity: String(row.entity),
    entityId: orNull(row.entity_id),
    detail: orNull(row.detail),
    ip: orNull(row.ip),
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * One record's entries, newest first, as its details screen shows its history of changes to the
 * office (who, when, what before and after); the address each came from stays in the principal's log.
 */
export async function recordChanges(q: Queryable, entity: AuditEntity, id: string, limit = 50): Promise<AuditEntry[]> {
  const { rows } = await q.query(
    `SELECT id, admin_id, admin_email, action, entity, entity_id, detail, created_at FROM audit_log
      WHERE entity = $1 AND entity_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
    [entity, id, limit],
  );
  return rows.map((row) => ({ ...auditJson(row), ip: null }));
}

const AUDIT_LIST: ListSpec = {
  table: 'audit_log',
  columns: 't.id, t.admin_id, t.admin_email, t.action, t.entity, t.entity_id, t.detail, t.ip, t.created_at',
  filters: {
    // Accounts' e-mails are stored in lower case.
    adminEmail: { where: (p) => `admin_email = ${p}`, value: (typed) => typed.toLowerCase() },
    action: equals('action'),
    entity: equals('entity'),
    entityId: equals('entity_id'),
    from: { where: (p) => `created_at >= ${p}`, value: indiaMidnight },
    to: { where: (p) => `created_at < ${p}`, value: (typed) => indiaMidnight(addDays(typed, 1)) },
  },
  counted: false,
};

const AUDIT_TEXTS = {
  date: 'Enter the date as YYYY-MM-DD, e.g. 2026-11-25.',
  order: 'The start date is after the end date.',
} as const;

/** The export's columns, headed as the audit screen heads them. */
const AUDIT_EXPORT = {
  entity: 'audit',
  table: 'audit_log',
  fields: [
    { name: 'createdAt', column: 'created_at', label: 'When', kind: 'datetime', show: ['export'] },
    {
      name: 'adminEmail',
      column: 'admin_email',
      label: 'Person',
      kind: 'select',
      show: ['export'],
      optionText: (value: string) => personText({ adminId: null, adminEmail: value }),
    },
    { name: 'action', column: 'action', label: 'Action', kind: 'select', show: ['export'], optionText: actionText },
    { name: 'entity', column: 'entity', label: 'Record', kind: 'select', show: ['export'], optionText: entityText },
    { name: 'entityId', column: 'entity_id', label: 'Record id', kind: 'text', show: ['export'] },
    { name: 'detail', column: 'detail', label: 'Detail', kind: 'text', show: ['export'] },
    { name: 'ip', column: 'ip', label: 'Address', kind: 'text', show: ['export'] },
  ],
} as const satisfies CsvExport['def'];

const exportEntries = csvExport({
  def: AUDIT_EXPORT,
  list: AUDIT_LIST,
  fileName: 'audit-log',
  columns: 'id, admin_id, admin_email, action, entity, entity_id, detail, ip, created_at',
  idType: 'bigint',
});

/** GET /v1/api/audit/export.csv with the list's filters (principal): every matching entry, newest first; audited. */
export async function exportAudit(req: Request, ctx: AdminContext): Promise<Response> {
  checkFilters(new URL(req.url));
  return exportEntries(req, ctx);
}

/** 400 for a date that is not a real one, or `from` after `to`. */
function checkFilters(url: URL): void {
  const from = filterParam(url, 'from');
  const to = filterParam(url, 'to');
  const fields: Record<string, string> = {};
  if (from && !isCalendarDate(from)) fields.from = AUDIT_TEXTS.date;
  if (to && !isCalendarDate(to)) fields.to = AUDIT_TEXTS.date;
  if (!Object.keys(fields).length && from && to && from > to) fields.from = AUDIT_TEXTS.order;
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
}

export async function listAudit(req: Request): Promise<Response> {
  const url = new URL(req.url);
  checkFilters(url);
  const list = await readList(url, AUDIT_LIST);
  return listAnswer(list, {
    data: list.rows.map(auditJson),
    total: list.total,
    currentPage: list.page,
    totalPages: list.totalPages,
  });
}
