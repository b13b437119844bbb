/**
 * The admin audit log: every admin create, update and delete, and every view of an applicant's
 * document, with the admin, action, entity, record id, time and IP address.
 *
 * Changes are recorded in the same transaction as the change itself (pass its `tx`), so an entry
 * exists exactly when the change was stored.
 *
 * GET /v1/api/audit?page=&limit=&entity=&entityId= (admin) answers, newest first:
 *   { "data": [{ "_id", "adminId", "adminEmail", "action", "entity", "entityId", "detail", "ip",
 *                "createdAt", "updatedAt" }],
 *     "total", "currentPage", "totalPages" }
 * with page size 50 by default and `limit` capped at 100, like the other lists.
 */
import type { AdminContext } from './auth.ts';
import { query, queryOne, type Queryable } from './db.ts';
import { json, paging } from './http.ts';

export type AuditAction = 'create' | 'update' | 'delete' | 'view';
export type AuditEntity = 'job' | 'gallery' | 'enquiry' | 'admission' | 'tc-request';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  /** What else identifies the action, e.g. the document field of a 'view'. */
  detail?: string | null;
}

export async function recordAudit(ctx: Pick<AdminContext, 'admin' | 'ip'>, entry: AuditEntry, tx?: Queryable): Promise<void> {
  const sql = `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, detail, ip)
               VALUES ($1, $2, $3, $4, $5, $6, $7)`;
  const params = [ctx.admin._id, ctx.admin.email, entry.action, entry.entity, entry.entityId, entry.detail ?? null, ctx.ip];
  if (tx) await tx.query(sql, params);
  else await query(sql, params);
}

/** Total pages of a list: at least 1, so "Page 1 of 1" shows for an empty list. */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

function auditJson(row: Record<string, unknown>) {
  const createdAt = iso(row.created_at);
  return {
    _id: String(row.id),
    adminId: row.admin_id === null ? null : String(row.admin_id),
    adminEmail: String(row.admin_email),
    action: String(row.action),
    entity: String(row.entity),
    entityId: row.entity_id === null ? null : String(row.entity_id),
    detail: row.detail === null || row.detail === undefined ? null : String(row.detail),
    ip: row.ip === null ? null : String(row.ip),
    createdAt,
    updatedAt: createdAt,
  };
}

export async function listAudit(req: Request, _ctx: AdminContext): Promise<Response> {
  const url = new URL(req.url);
  const { page, limit, offset } = paging(url);
  const where: string[] = [];
  const params: unknown[] = [];
  const entity = url.searchParams.get('entity')?.trim();
  const entityId = url.searchParams.get('entityId')?.trim();
  if (entity) {
    params.push(entity);
    where.push(`entity = $${params.length}`);
  }
  if (entityId) {
    params.push(entityId);
    where.push(`entity_id = $${params.length}`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, count] = await Promise.all([
    query(
      `SELECT id, admin_id, admin_email, action, entity, entity_id, detail, ip, created_at FROM audit_log ${filter}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    queryOne<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${filter}`, params),
  ]);
  const total = count?.n ?? 0;
  return json({ data: rows.map(auditJson), total, currentPage: page, totalPages: pageCount(total, limit) });
}
