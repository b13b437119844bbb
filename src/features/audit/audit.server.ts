/**
 * The audit log's read side (entries are written by src/server/audit.ts).
 *
 * GET /v1/api/audit?page=&limit=&entity=&entityId= (admin) answers, newest first:
 *   { "data": [{ "_id", "adminId", "adminEmail", "action", "entity", "entityId", "detail", "ip",
 *                "createdAt", "updatedAt" }],
 *     "total", "currentPage", "totalPages" }
 * with page size 50 by default and `limit` capped at 100, like the other lists.
 */
import { equals, listAnswer, readList, type ListSpec } from '../../server/lists.ts';
import { toIso } from '../../lib/dates.ts';

const orNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

function auditJson(row: Record<string, unknown>) {
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

const AUDIT_LIST: ListSpec = {
  table: 'audit_log',
  columns: 't.id, t.admin_id, t.admin_email, t.action, t.entity, t.entity_id, t.detail, t.ip, t.created_at',
  filters: { entity: equals('entity'), entityId: equals('entity_id') },
  counted: false,
};

export async function listAudit(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), AUDIT_LIST);
  return listAnswer(list, { data: list.rows.map(auditJson), total: list.total, currentPage: list.page, totalPages: list.totalPages });
}
