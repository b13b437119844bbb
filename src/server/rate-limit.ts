/**
 * Limits counted in the database, so they hold across function instances.
 *
 * A window slides: each bucket and key counts its hits in slices of a sixtieth of the window (a
 * minute of an hourly limit, 24 minutes of a daily one), and a request is allowed while the slices
 * that started within the last window hold fewer hits than the limit. So a limit never resets all
 * at once on the clock hour, and a refused request is not counted: a family that keeps trying is
 * let in as soon as its oldest hits are a window old.
 */
import { getPool, placeholders, type Queryable } from './db.ts';
import { envNumber } from './env.ts';
import { tooManyRequests, type HttpError } from './errors.ts';
import { schoolProfile } from './school-profile.ts';
import type { RequestKey } from '../lib/forms/texts.ts';

const SLICES = 60;

interface Window {
  max: number;
  /** The start of the current slice, and the instant before which a slice no longer counts. */
  slice: Date;
  since: Date;
  /** The 429 for this window, with the wait until the oldest hits stop counting. */
  refusal(db: Queryable): Promise<HttpError>;
}

/**
 * The current window of `bucket`; the limit can be changed by the environment
 * (RATE_LIMIT_<BUCKET>) for tests and benchmarks. `message` is the refusal's (request.<message>).
 */
function currentWindow(bucket: string, key: string, limit: number, windowSeconds: number, message: RequestKey): Window {
  const max = envNumber(`RATE_LIMIT_${bucket.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`, limit);
  const now = Date.now();
  const sliceMs = (windowSeconds * 1000) / SLICES;
  const slice = new Date(Math.floor(now / sliceMs) * sliceMs);
  const since = new Date(now - windowSeconds * 1000);
  const refusal = async (db: Queryable) => {
    const { rows } = await db.query<{ window_start: Date | string; hits: number }>(
      `SELECT window_start, hits FROM rate_limits WHERE bucket = $1 AND key = $2 AND window_start > $3 ORDER BY window_start`,
      [bucket, key, since],
    );
    // Free once enough of the oldest slices have left the window for one more hit to fit.
    let left = rows.reduce((sum, r) => sum + Number(r.hits), 0);
    let freeAt = now + windowSeconds * 1000;
    for (const r of rows) {
      left -= Number(r.hits);
      if (left < max) {
        freeAt = new Date(r.window_start).getTime() + windowSeconds * 1000;
        break;
      }
    }
    // The refusal names the office phone as the school's profile has it now (a cached read).
    await schoolProfile(db);
    return tooManyRequests(Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)), message);
  };
  return { max, slice, since, refusal };
}

/**
 * The CTEs that count one hit when the window has room: `hit` holds a row when it was counted.
 * Parameters from `first`: bucket, key, slice start, since, max.
 */
const countHit = (first: number) => {
  const [bucket, key, slice, since, max] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`);
  return `earlier AS (
    SELECT coalesce(sum(hits), 0)::int AS n FROM rate_limits
    WHERE bucket = ${bucket} AND key = ${key} AND window_start > ${since} AND window_start < ${slice}),
  hit AS (
    INSERT INTO rate_limits (bucket, key, window_start, hits) SELECT ${bucket}, ${key}, ${slice}, 1 FROM earlier WHERE earlier.n < ${max}
    ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
      WHERE rate_limits.hits + (SELECT n FROM earlier) < ${max}
    RETURNING hits)`;
};
/** The hit's statement; `select` reads more in the same round trip (a counted hit only). */
const countHitSql = (select?: string) => `WITH ${countHit(1)} SELECT hits${select ? `, ${select}` : ''} FROM hit`;

const windowParams = (bucket: string, key: string, w: Window) => [bucket, key, w.slice, w.since, w.max];

/** A counted hit, which can be taken back (e.g. a status check's try once it proved right). */
export interface Hit {
  /** What `select` read alongside the hit. */
  row: Record<string, unknown>;
  undo(): Promise<void>;
}

type LimitOptions = {
  db?: Queryable;
  message?: RequestKey;
  /** Columns read in the hit's own statement, read only when the hit is counted (e.g. a sequence's next value). */
  select?: string;
};

/**
 * Counts one hit for `key` in `bucket` and refuses with 429 when `limit` hits were already counted
 * within the last `windowSeconds`. `db` may be a transaction, so that the hit is undone with it.
 */
export async function rateLimit(
  bucket: string,
  key: string,
  limit: number,
  windowSeconds: number,
  options: LimitOptions = {},
): Promise<void> {
  await countHitOf(bucket, key, limit, windowSeconds, options);
}

/** `rateLimit`, answering the hit it counted, to take back later. */
export async function countHitOf(
  bucket: string,
  key: string,
  limit: number,
  windowSeconds: number,
  { db = getPool(), message = 'tooManyRequests', select }: LimitOptions = {},
): Promise<Hit> {
  const window = currentWindow(bucket, key, limit, windowSeconds, message);
  const { rows } = await db.query<{ hits: number }>(countHitSql(select), windowParams(bucket, key, window));
  if (!rows.length) throw await window.refusal(db);
  return {
    row: rows[0]!,
    // The slice it was counted in, even when a new slice has begun since.
    undo: async () => {
      await db.query(
        `UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND key = $2 AND window_start = $3 AND hits > 0`,
        [bucket, key, window.slice],
      );
    },
  };
}

/** One limit of a request that counts in several at once (`countHitsOf`). */
export interface Count {
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
  /** The refusal's text (request.<message>). */
  message?: RequestKey;
}

/** Hits counted together, taken back together. */
export interface Hits {
  /** Takes back the hits at these indexes of the counts (all when none are named), in one statement. */
  undo(indexes?: number[]): Promise<void>;
}

/**
 * Counts one hit in each of `counts` (each a different bucket) in one statement, one round trip to
 * the database instead of one each: all of them or none. When any window is full nothing is
 * counted and the 429 is the first full one's, as counting them one after another and taking back
 * the rest would answer.
 */
export async function countHitsOf(counts: Count[], db: Queryable = getPool()): Promise<Hits> {
  const windows = counts.map((c) =>
    currentWindow(c.bucket, c.key, c.limit, c.windowSeconds, c.message ?? 'tooManyRequests'),
  );
  const rows = counts.map((_, i) => {
    const at = i * 6;
    return `($${at + 1}::text, $${at + 2}::text, $${at + 3}::timestamptz, $${at + 4}::timestamptz, $${at + 5}::int, $${at + 6}::int)`;
  });
  const params = counts.flatMap((c, i) => [...windowParams(c.bucket, c.key, windows[i]!), i]);
  const { rows: answers } = await db.query<{ i: number; n: number; max: number; counted: boolean }>(
    `WITH asked (bucket, key, slice, since, max, i) AS (VALUES ${rows.join(', ')}),
    earlier AS (
      SELECT asked.*, (SELECT coalesce(sum(r.hits), 0) FROM rate_limits r
        WHERE r.bucket = asked.bucket AND r.key = asked.key AND r.window_start > asked.since
          AND r.window_start < asked.slice)::int AS n
      FROM asked),
    hit AS (
      INSERT INTO rate_limits (bucket, key, window_start, hits)
      SELECT bucket, key, slice, 1 FROM earlier WHERE (SELECT bool_and(n < max) FROM earlier)
      ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
        WHERE rate_limits.hits + (SELECT e.n FROM earlier e WHERE e.bucket = excluded.bucket AND e.key = excluded.key)
          < (SELECT e.max FROM earlier e WHERE e.bucket = excluded.bucket AND e.key = excluded.key)
      RETURNING bucket, key)
    SELECT e.i, e.n, e.max, (h.bucket IS NOT NULL) AS counted
    FROM earlier e LEFT JOIN hit h ON h.bucket = e.bucket AND h.key = e.key ORDER BY e.i`,
    params,
  );
  const undo = async (indexes: number[]) => {
    if (!indexes.length) return;
    const slices = indexes.map((_, n) => `($${n * 3 + 1}::text, $${n * 3 + 2}::text, $${n * 3 + 3}::timestamptz)`);
    await db.query(
      `UPDATE rate_limits SET hits = rate_limits.hits - 1 FROM (VALUES ${slices.join(', ')}) AS taken (bucket, key, slice)
      WHERE rate_limits.bucket = taken.bucket AND rate_limits.key = taken.key
        AND rate_limits.window_start = taken.slice AND rate_limits.hits > 0`,
      // The slice each was counted in, even when a new slice has begun since.
      indexes.flatMap((i) => [counts[i]!.bucket, counts[i]!.key, windows[i]!.slice]),
    );
  };
  // A full window (nothing was counted), else one another request filled between the look and the count.
  const refused = answers.find((a) => Number(a.n) >= Number(a.max)) ?? answers.find((a) => !a.counted);
  if (refused) {
    await undo(answers.filter((a) => a.counted).map((a) => Number(a.i)));
    throw await windows[Number(refused.i)]!.refusal(db);
  }
  return { undo: (indexes = counts.map((_, i) => i)) => undo(indexes) };
}

/** A further INSERT of a counted insert's statement, made from the created row (`created`); its parameters are numbered from `first`. */
export interface Alongside {
  sql: (first: number) => string;
  values: unknown[];
}

/**
 * A counted insert: `INSERT INTO table (columns) ... RETURNING *` that also counts one hit for the
 * limit, in one statement (one round trip to the database instead of two). Past the limit nothing
 * is counted or stored and `insert` throws 429, exactly as `rateLimit` then an insert would.
 * An `alongside` insert (e.g. the parent's message) is part of the same statement: stored with the
 * row or not at all.
 */
export function countedInsert(table: string, columns: string[], bucket: string, limit: number, windowSeconds: number) {
  const n = columns.length;
  const statement = (alongside?: Alongside) => `WITH ${countHit(n + 1)},
  created AS (
    INSERT INTO ${table} (${columns.join(', ')})
    SELECT ${placeholders(n)} FROM hit
    RETURNING *)${
      alongside
        ? `,
  alongside AS (${alongside.sql(n + 6)})`
        : ''
    }
  SELECT hit.hits AS rate_limit_hits, created.* FROM hit LEFT JOIN created ON true`;
  const plain = statement();
  return async function insert(
    key: string,
    values: unknown[],
    alongside?: Alongside,
  ): Promise<Record<string, unknown>> {
    const window = currentWindow(bucket, key, limit, windowSeconds, 'tooManyRequests');
    const params = [...values, ...windowParams(bucket, key, window), ...(alongside?.values ?? [])];
    const { rows } = await getPool().query<Record<string, unknown> & { rate_limit_hits: number }>(
      alongside ? statement(alongside) : plain,
      params,
    );
    if (!rows[0]) throw await window.refusal(getPool());
    const { rate_limit_hits: _, ...stored } = rows[0];
    return stored;
  };
}
