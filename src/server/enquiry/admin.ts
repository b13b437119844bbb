/**
 * Admin reads and deletes of enquiries.
 *
 * GET /v1/api/enquiry?search=&admissionClass=&page=&limit= answers the bare array (spec 02:
 * "the response itself is the list"), newest first, with `X-Total-Count` (matching records) and
 * `X-Total-Pages` headers. `search` is a case-insensitive word-prefix match on the student name;
 * `admissionClass` is the exact class label.
 */
import type { AdminContext } from '../auth.ts';
import { pageCount, recordAudit } from '../audit.ts';
import { isUuid, query, queryOne, transaction } from '../db.ts';
import { notFound } from '../errors.ts';
import { json, paging } from '../http.ts';
import { enquiryJson } from '../records/serialize.ts';

/**
 * The text search query for a typed name: each word the 'simple' parser finds becomes a prefix
 * term, all of them required ('ram sha' -> 'ram':* & 'sha':*). Words are quoted, so no input
 * can inject tsquery syntax; input without any word gives NULL, which matches nothing.
 * The indexes in migrations/0004_admin.sql use the same to_tsvector('simple', ...) expressions.
 */
export const nameQuery = (param: string) =>
  `(SELECT string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')
      FROM unnest(to_tsvector('simple', ${param})))::tsquery`;

/** The stored total of a counted table (migrations/0004_admin.sql: record_counts), optionally of one class. */
export async function countedTotal(entity: 'enquiries' | 'admissions' | 'tc_requests', bucket?: string): Promise<number> {
  const row =
    bucket === undefined
      ? await queryOne<{ n: string | null }>(`SELECT sum(n) AS n FROM record_counts WHERE entity = $1`, [entity])
      : await queryOne<{ n: string | null }>(`SELECT n FROM record_counts WHERE entity = $1 AND bucket = $2`, [entity, bucket]);
  return Number(row?.n ?? 0);
}

/** How long the list's queries took, for the benchmark (bench/lists.ts) and browser dev tools. */
export const serverTiming = (started: number) => `db;dur=${(performance.now() - started).toFixed(1)}`;

/** A query-string filter: trimmed, at most 100 characters, undefined when empty. */
export function filterParam(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name)?.trim().slice(0, 100);
  return value ? value : undefined;
}

export async function listEnquiries(req: Request, _ctx: AdminContext): Promise<Response> {
  const url = new URL(req.url);
  const { page, limit, offset } = paging(url);
  const search = filterParam(url, 'search');
  const admissionClass = filterParam(url, 'admissionClass');
  const where: string[] = [];
  const params: unknown[] = [];
  if (search) {
    params.push(search);
    where.push(`to_tsvector('simple', student_name) @@ ${nameQuery(`$${params.length}`)}`);
  }
  if (admissionClass) {
    params.push(admissionClass);
    where.push(`admission_class = $${params.length}`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const started = performance.now();
  const rowsPromise = query(
    `SELECT * FROM enquiries ${filter} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  const totalPromise = search
    ? queryOne<{ n: number }>(`SELECT count(*)::int AS n FROM enquiries ${filter}`, params).then((r) => r?.n ?? 0)
    : countedTotal('enquiries', admissionClass);
  const [rows, total] = await Promise.all([rowsPromise, totalPromise]);
  return json(rows.map(enquiryJson), 200, {
    'X-Total-Count': String(total),
    'X-Total-Pages': String(pageCount(total, limit)),
    'Server-Timing': serverTiming(started),
  });
}

export async function getEnquiry(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Enquiry not found');
  const row = await queryOne(`SELECT * FROM enquiries WHERE id = $1`, [id]);
  if (!row) throw notFound('Enquiry not found');
  return json(enquiryJson(row));
}

export async function deleteEnquiry(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Enquiry not found');
  const deleted = await transaction(async (tx) => {
    const { rows } = await tx.query(`DELETE FROM enquiries WHERE id = $1 RETURNING id`, [id]);
    if (rows.length) await recordAudit(ctx, { action: 'delete', entity: 'enquiry', entityId: id }, tx);
    return rows.length > 0;
  });
  if (!deleted) throw notFound('Enquiry not found');
  return json({ message: 'Enquiry deleted successfully', _id: id });
}
