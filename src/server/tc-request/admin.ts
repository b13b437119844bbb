/**
 * Admin reads and deletes of TC requests.
 *
 * GET /v1/api/tc-request?search=&admissionNumber=&page=&limit= answers
 * { data, totalRequests, currentPage, totalPages }, newest first. `search` is a case-insensitive
 * word-prefix match on the student name, `admissionNumber` a case-insensitive prefix match.
 */
import type { AdminContext } from '../auth.ts';
import { pageCount, recordAudit } from '../audit.ts';
import { isUuid, queryOne, transaction } from '../db.ts';
import { notFound } from '../errors.ts';
import { json, paging } from '../http.ts';
import { tcRequestJson } from '../records/serialize.ts';
import { filterParam, listPage, nameQuery, serverTiming } from '../enquiry/admin.ts';

const COLUMNS = `id, student_name, admission_number, aadhaar_last4, parent_name, reason, contact, email,
  payment_status, transaction_id, created_at, updated_at`;

/** A LIKE pattern that matches `value` literally at the start. */
export const prefixPattern = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTcRequests(req: Request, _ctx: AdminContext): Promise<Response> {
  const url = new URL(req.url);
  const { page, limit, offset } = paging(url);
  const search = filterParam(url, 'search');
  const admissionNumber = filterParam(url, 'admissionNumber');
  const where: string[] = [];
  const params: unknown[] = [];
  if (search) {
    params.push(search);
    where.push(`to_tsvector('simple', student_name) @@ ${nameQuery(`$${params.length}`)}`);
  }
  if (admissionNumber) {
    params.push(prefixPattern(admissionNumber));
    where.push(`lower(admission_number) LIKE $${params.length}`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const started = performance.now();
  const { rows, total } = await listPage({
    table: 'tc_requests',
    columns: COLUMNS.split(',').map((c) => `t.${c.trim()}`).join(', '),
    filter,
    params,
    total: where.length ? 'count' : { bucket: null },
    limit,
    offset,
  });
  return json(
    { data: rows.map(tcRequestJson), totalRequests: total, currentPage: page, totalPages: pageCount(total, limit) },
    200,
    { 'Server-Timing': serverTiming(started) },
  );
}

export async function getTcRequest(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('TC request not found');
  const row = await queryOne(`SELECT ${COLUMNS} FROM tc_requests WHERE id = $1`, [id]);
  if (!row) throw notFound('TC request not found');
  return json(tcRequestJson(row));
}

export async function deleteTcRequest(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('TC request not found');
  const deleted = await transaction(async (tx) => {
    const { rows } = await tx.query(`DELETE FROM tc_requests WHERE id = $1 RETURNING id`, [id]);
    if (rows.length) await recordAudit(ctx, { action: 'delete', entity: 'tc-request', entityId: id }, tx);
    return rows.length > 0;
  });
  if (!deleted) throw notFound('TC request not found');
  return json({ message: 'Tc Request Deleted Successfully', _id: id });
}
