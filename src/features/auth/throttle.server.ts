/**
 * Sign-in throttling. Failures are counted per (e-mail, address) pair, 5 in 15 minutes, and per
 * address across all e-mails, 20 in 15 minutes; past either, that pair or address gets 429 until
 * its window, which starts at its first failure, ends. A wrong password from elsewhere never locks
 * the office out, and a later failure does not extend the window.
 *
 * Each try is counted before the password is checked, in one statement (a row a key, upserted), so
 * a burst of concurrent wrong tries lets at most 5 through per pair; a try that succeeds gives its
 * count back. Unknown and known e-mails are counted and answered alike.
 */
import { query, queryOne } from '../../server/db.ts';
import { envNumber } from '../../server/env.ts';
import { HttpError } from '../../server/errors.ts';

export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const WINDOW_MINUTES = 15;

/** No address is longer; the key is indexed, so a longer string is cut (only such strings then share a count). */
const MAX_EMAIL_LENGTH = 254;
const pairKey = (email: string, ip: string) => `pair:${email.slice(0, MAX_EMAIL_LENGTH)} ${ip}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Counts one try for the key that `source` (a VALUES or SELECT of one (key, 1, now()) row) gives: a
 * window over ($3 minutes) starts afresh at 1, otherwise the count grows and the window stays.
 */
const countTry = (source: string) => `
    INSERT INTO login_throttle AS t (key, failures, window_start) ${source}
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_start < now() - make_interval(mins => $3) THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.window_start < now() - make_interval(mins => $3) THEN now() ELSE t.window_start END
    RETURNING failures`;

/** One counted try: $1 the pair's key, $2 the address's, $3 the window in minutes, $4 the pair's limit (past it, the address is not counted). */
const COUNT_TRY = `
  WITH pair AS (${countTry('VALUES ($1, 1, now())')}),
  address AS (${countTry('SELECT $2, 1, now() FROM pair WHERE pair.failures <= $4')})
  SELECT pair.failures AS pair, address.failures AS address FROM pair LEFT JOIN address ON true`;

/**
 * Counts this try of `email` from `ip`, or refuses it with 429 when the pair or the address is past
 * its limit. LOGIN_MAX_FAILURES_PER_IP raises the address limit (the shared test runtime, where
 * every client is 127.0.0.1).
 */
export async function countLoginTry(email: string, ip: string): Promise<void> {
  const perAddress = envNumber('LOGIN_MAX_FAILURES_PER_IP', MAX_FAILURES_PER_ADDRESS);
  const row = await queryOne<{ pair: number; address: number | null }>(COUNT_TRY, [
    pairKey(email, ip), addressKey(ip), WINDOW_MINUTES, MAX_FAILURES_PER_PAIR,
  ]);
  if (!row || row.pair > MAX_FAILURES_PER_PAIR || row.address === null || row.address > perAddress) {
    throw new HttpError(429, 'Too many attempts. Try again later.', undefined, { 'Retry-After': String(WINDOW_MINUTES * 60) });
  }
}

/** A try that signed in was no failure: the pair starts afresh and the address gets its try back. */
export async function forgetLoginTry(email: string, ip: string): Promise<void> {
  await query(
    `WITH gone AS (DELETE FROM login_throttle WHERE key = $1)
     UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = $2`,
    [pairKey(email, ip), addressKey(ip)],
  );
}

/** Windows that ended: nothing counts in them any more. */
export async function cleanupLoginThrottle(): Promise<number> {
  const rows = await query(`DELETE FROM login_throttle WHERE window_start < now() - make_interval(mins => $1) RETURNING key`, [WINDOW_MINUTES]);
  return rows.length;
}
