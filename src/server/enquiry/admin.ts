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

export type CountedTable = 'enquiries' | 'admissions' | 'tc_requests';

export interface ListQuery {
  table: CountedTable;
  /** The columns to answer, unqualified (they are read from the table's row). */
  columns: string;
  /** `WHERE ...` or '' ; its parameters are `params`. */
  filter: string;
  params: unknown[];
  /**
   * How to count the matches: 'count' runs count(*) with the filter; a bucket (or null for all)
   * reads the exact totals kept in record_counts (migrations/0004_admin.sql), which costs
   * nothing however many rows there are.
   */
  total: 'count' | { bucket: string | null };
  limit: number;
  offset: number;
}

/**
 * One page of a list and its total in ONE statement and round trip (the local emulator opens a
 * new connection per request, so round trips are what costs). The page's ids come from the
 * (created_at DESC, id DESC) or search index alone, and only those rows are read: a deep OFFSET
 * skips index entries, not table rows.
 */
export async function listPage(q: ListQuery): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const params = [...q.params];
  let totalSql: string;
  if (q.total === 'count') {
    totalSql = `SELECT count(*) FROM ${q.table} ${q.filter}`;
  } else {
    params.push(q.table);
    totalSql = `SELECT COALESCE(sum(n), 0) FROM record_counts WHERE entity = $${params.length}`;
    if (q.total.bucket !== null) {
      params.push(q.total.bucket);
      totalSql += ` AND bucket = $${params.length}`;
    }
  }
  params.push(q.limit, q.offset);
  const sql = `SELECT (${totalSql})::bigint AS list_total, p.*
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT ${q.columns} FROM (
        SELECT id AS page_id, created_at AS page_created FROM ${q.table} ${q.filter}
         ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}
      ) AS k JOIN ${q.table} AS t ON t.id = k.page_id
      ORDER BY k.page_created DESC, k.page_id DESC
    ) AS p ON true`;
  const result = await query<Record<string, unknown>>(sql, params);
  const total = Number(result[0]?.list_total ?? 0);
  const rows = result.filter((row) => row.id !== null && row.id !== undefined);
  return { rows, total };
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
  const { rows, total } = await listPage({
    table: 'enquiries',
    columns: 't.*',
    filter,
    params,
    total: search ? 'count' : { bucket: admissionClass ?? null },
    limit,
    offset,
  });
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
