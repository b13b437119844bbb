/** Limits counted in the database, so they hold across function instances. */
import { placeholders, queryOne } from './db.ts';
import { envNumber } from './env.ts';
import { tooManyRequests, type HttpError } from './errors.ts';

interface Window {
  max: number;
  start: Date;
  /** The 429 for this window, with Retry-After set to the seconds until it ends. */
  refusal(): HttpError;
}

/** The current window of `bucket`; the limit can be raised by the environment (RATE_LIMIT_<BUCKET>) for tests and benchmarks. */
function currentWindow(bucket: string, limit: number, windowSeconds: number): Window {
  const max = envNumber(`RATE_LIMIT_${bucket.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`, limit);
  const start = new Date(Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const refusal = () => tooManyRequests(undefined, Math.ceil((start.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
  return { max, start, refusal };
}

/** The upsert that counts one hit; its bucket, key and window start are parameters $first, $first+1, $first+2. */
const countHit = (first: number) => `INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES ($${first}, $${first + 1}, $${first + 2}, 1)
  ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
  RETURNING hits`;
const COUNT_HIT = countHit(1);

/** Counts one hit for `key` in `bucket` and refuses with 429 past `limit` hits per window. */
export async function rateLimit(bucket: string, key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = currentWindow(bucket, limit, windowSeconds);
  const row = await queryOne<{ hits: number }>(COUNT_HIT, [bucket, key, window.start]);
  if ((row?.hits ?? 0) > window.max) throw window.refusal();
}

/** A further INSERT of a counted insert's statement, made from the created row (`created`); its parameters are numbered from `first`. */
export interface Alongside {
  sql: (first: number) => string;
  values: unknown[];
}

/**
 * A counted insert: `INSERT INTO table (columns) ... RETURNING *` that also counts one hit for the
 * limit, in one statement (one round trip to the database instead of two). Past the limit the hit
 * is counted, nothing is stored and `insert` throws 429, exactly as `rateLimit` then an insert would.
 * An `alongside` insert (e.g. the parent's message) is part of the same statement: stored with the
 * row or not at all.
 */
export function countedInsert(table: string, columns: string[], bucket: string, limit: number, windowSeconds: number) {
  const n = columns.length;
  const statement = (alongside?: Alongside) => `WITH hit AS (${countHit(n + 1)}),
  created AS (
    INSERT INTO ${table} (${columns.join(', ')})
    SELECT ${placeholders(n)} FROM hit WHERE hit.hits <= $${n + 4}
    RETURNING *)${alongside ? `,
  alongside AS (${alongside.sql(n + 5)})` : ''}
  SELECT hit.hits AS rate_limit_hits, created.* FROM hit LEFT JOIN created ON true`;
  const plain = statement();
  return async function insert(key: string, values: unknown[], alongside?: Alongside): Promise<Record<string, unknown>> {
    const window = currentWindow(bucket, limit, windowSeconds);
    const params = [...values, bucket, key, window.start, window.max, ...(alongside?.values ?? [])];
    const row = await queryOne<Record<string, unknown> & { rate_limit_hits: number }>(alongside ? statement(alongside) : plain, params);
    if (!row || row.rate_limit_hits > window.max) throw window.refusal();
    const { rate_limit_hits: _, ...stored } = row;
    return stored;
  };
}
