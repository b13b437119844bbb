/**
 * The one list engine of the admin area: paging and filters from the query string (the records'
 * search box is src/features/record-search.server.ts), the
 * page and its total in one statement, totals kept exact without counting, and a Server-Timing
 * header with the time the database took.
 */
import { query } from './db.ts';
import { json } from './http.ts';
import { indiaMidnight, isCalendarDate } from '../lib/dates.ts';
import type { Entity } from '../lib/record.ts';

/** Paging from a query string: bad values are clamped, never an error. */
export function paging(url: URL, defaultLimit = 50, maxLimit = 100): { page: number; limit: number; offset: number } {
  const int = (raw: string | null, fallback: number) => {
    const n = Number.parseInt(raw ?? '', 10);
    return Number.isFinite(n) ? n : fallback;
  };
  const limit = Math.min(Math.max(int(url.searchParams.get('limit'), defaultLimit), 1), maxLimit);
  const page = Math.min(Math.max(int(url.searchParams.get('page'), 1), 1), 1_000_000);
  return { page, limit, offset: (page - 1) * limit };
}

/** Total pages of a list: at least 1, so "Page 1 of 1" shows for an empty list. */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** A query-string filter: trimmed, at most 100 characters, undefined when empty. */
export function filterParam(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name)?.trim().slice(0, 100);
  return value ? value : undefined;
}

/** The tables kept exact by triggers that hold totals by a column's value: one row per (entity, values). */
type CounterTable = 'record_counts' | 'status_counts';

/** How one query-string parameter narrows a list: its SQL condition on parameter `$n`. */
export interface Filter {
  where?: (param: string) => string;
  /**
   * Instead of `where`: the condition built from the typed text itself, adding its own parameters
   * through `param` (a search whose parts apply or not by what was typed).
   */
  condition?: (typed: string, param: (value: unknown) => string) => string;
  /** The parameter's value as the condition needs it. */
  value?: (typed: string) => unknown;
  /**
   * What to do before the list is read while the filter is in use (a search makes the name keys
   * its table lacks); it answers the filter to use instead for this request, when that differs.
   */
  prepare?: (table: string) => Promise<Filter | undefined>;
  /**
   * The counter tables' columns that hold this filter's value. When every filter in use has a
   * column in one counter table, the total is a sum there: it costs nothing, where counting the
   * matches of a status among 100,000 rows takes tens of milliseconds.
   */
  counts?: Partial<Record<CounterTable, string>>;
}

/** The text of an identifier search: lower-case, LIKE's wildcards taken literally, as a prefix. */
export const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Records received on or after a day (YYYY-MM-DD, from midnight India time): the dashboard's today
 * and this week. Anything but a calendar date is ignored, as paging clamps bad values.
 */
export const receivedSince: Filter = {
  condition: (typed, param) =>
    isCalendarDate(typed) ? `created_at >= ${param(indiaMidnight(typed))}::timestamptz` : 'true',
};

/** Records with a payment (or reversal) recorded on or after a day: the dashboard's fees this month. */
export const paidSince = (entity: Entity): Filter => ({
  condition: (typed, param) =>
    isCalendarDate(typed)
      ? `id IN (SELECT record_id FROM payments WHERE entity = ${param(entity)} AND created_at >= ${param(indiaMidnight(typed))}::timestamptz)`
      : 'true',
});

/** The column equals the value (its totals in the counter tables' `counts` columns). */
export const equals = (column: string, counts?: Filter['counts']): Filter => ({
  where: (p) => `${column} = ${p}`,
  counts,
});

/** The status equals the value: status_counts holds its totals. */
export const statusEquals: Filter = equals('status', { status_counts: 'status' });

/** The column starts with the value, case-insensitively, the value taken literally. */
export const startsWith = (column: string): Filter => ({
  where: (p) => `lower(${column}) LIKE ${p}`,
  value: likePrefix,
});

export interface ListSpec {
  table: string;
  /** The columns to answer, read from the page's rows as `t`. */
  columns: string;
  /** Query-string parameter -> filter. */
  filters: Record<string, Filter>;
  /**
   * Whether the counter tables hold this table's totals; otherwise, and whenever a filter without
   * a counter column is used, the matches are counted.
   */
  counted: boolean;
  /**
   * The order of its pages, as SQL expressions of the table's columns, ascending (each tie broken by
   * the id); else newest first. A register reads in the order of its numbers, and rows brought in
   * by one import share their creation time.
   */
  order?: readonly string[];
}

/** A list's filters as read from a query string: the WHERE clause, its parameters, and the SQL of the matches' total. */
export interface ListQuery {
  /** `WHERE ...`, or '' without filters. */
  where: string;
  params: unknown[];
  /** The filters in use, by parameter name, as typed (for an export's audit entry). */
  used: Record<string, string>;
  /** SQL answering the number of matches, on `totalParams`: `params` and what it adds to them. */
  totalSql: string;
  totalParams: unknown[];
}

/** The list's spec for this request: what its filters in use need done before it is read is done, and their filters for it (see Filter.prepare). */
export async function prepareList(url: URL, spec: ListSpec): Promise<ListSpec> {
  const filters = { ...spec.filters };
  for (const [name, filter] of Object.entries(spec.filters)) {
    if (!filter.prepare || !filterParam(url, name)) continue;
    const ready = await filter.prepare(spec.table);
    if (ready) filters[name] = ready;
  }
  return { ...spec, filters };
}

export function listQuery(url: URL, spec: ListSpec): ListQuery {
  const where: string[] = [];
  const params: unknown[] = [];
  const used: Record<string, string> = {};
  const inUse: [Filter, number][] = [];
  for (const [name, filter] of Object.entries(spec.filters)) {
    const typed = filterParam(url, name);
    if (!typed) continue;
    used[name] = typed;
    if (filter.condition) {
      where.push(filter.condition(typed, (value) => `$${params.push(value)}`));
      inUse.push([filter, params.length]);
      continue;
    }
    params.push(filter.value ? filter.value(typed) : typed);
    where.push(filter.where!(`$${params.length}`));
    inUse.push([filter, params.length]);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const counters: CounterTable[] = inUse.length ? ['record_counts', 'status_counts'] : ['record_counts'];
  const counter = spec.counted ? counters.find((table) => inUse.every(([f]) => f.counts?.[table])) : undefined;
  let totalSql = `SELECT count(*) FROM ${spec.table} ${filter}`;
  const totalParams = [...params];
  if (counter) {
    totalParams.push(spec.table);
    totalSql = `SELECT COALESCE(sum(n), 0) FROM ${counter} WHERE entity = $${totalParams.length}`;
    for (const [f, n] of inUse) totalSql += ` AND ${f.counts![counter]} = $${n}`;
  }
  return { where: filter, params, used, totalSql, totalParams };
}

export interface ListPage {
  rows: Record<string, unknown>[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  /** The Server-Timing header: how long the database took. */
  timing: string;
}

/**
 * One page of a list (newest first, or in its own `order`) and its total, in ONE statement and round trip. The page's ids
 * come from the (created_at DESC, id DESC) or search index alone, and only those rows are read: a
 * deep OFFSET skips index entries, not table rows.
 */
export async function readList(url: URL, spec: ListSpec): Promise<ListPage> {
  const { page, limit, offset } = paging(url);
  const { where: filter, totalParams: params, totalSql } = listQuery(url, await prepareList(url, spec));
  params.push(limit, offset);
  const keys = spec.order ?? ['created_at'];
  const direction = spec.order ? '' : ' DESC';
  const inner = keys.map((key) => `${key}${direction}`).join(', ');
  const outer = keys.map((_, i) => `k.page_key${i}${direction}`).join(', ');
  const sql = `SELECT (${totalSql})::bigint AS list_total, p.*
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT ${spec.columns} FROM (
        SELECT id AS page_id, ${keys.map((key, i) => `${key} AS page_key${i}`).join(', ')} FROM ${spec.table} ${filter}
         ORDER BY ${inner}, id${direction} LIMIT $${params.length - 1} OFFSET $${params.length}
      ) AS k JOIN ${spec.table} AS t ON t.id = k.page_id
      ORDER BY ${outer}, k.page_id${direction}
    ) AS p ON true`;
  const started = performance.now();
  const result = await query<Record<string, unknown>>(sql, params);
  const timing = `db;dur=${(performance.now() - started).toFixed(1)}`;
  const total = Number(result[0]?.list_total ?? 0);
  const rows = result.filter((row) => row.id !== null && row.id !== undefined);
  for (const row of rows) delete row.list_total;
  return { rows, total, page, limit, totalPages: pageCount(total, limit), timing };
}

/** A list's answer: `body`, with how long the database took as Server-Timing, and any other headers. */
export const listAnswer = (list: ListPage, body: unknown, headers: Record<string, string> = {}): Response =>
  json(body, 200, { 'Server-Timing': list.timing, ...headers });
