/**
 * Sign-in throttling, on three counts. Failures are counted per (e-mail, address) pair, 5 in 15
 * minutes, and per address across all e-mails, 20 in 15 minutes; past either, that pair or address
 * gets 429 until its window, which starts at its first failure, ends. And per e-mail across every
 * address: after 10 failures each try must wait before the next, 30 seconds, doubling with each
 * further failure up to 5 minutes; an e-mail's count is forgotten an hour after its last try. Many
 * addresses together get no more guesses at one account than about 12 an hour, and yet nobody can
 * lock the principal out: the wait never grows past the cap, and a browser that has signed in to
 * that account before (a signed cookie of its own) does not wait at all.
 *
 * Each try is counted before the password (or a sign-in code) is checked, in one statement per
 * count (a row a key, upserted), so a burst of concurrent wrong tries lets at most 5 through per
 * pair and none past an account's wait; a try that signs in gives its counts back. Unknown and
 * known e-mails are counted and answered alike.
 */
import { query, queryOne } from '../../server/db.ts';
import { envNumber } from '../../server/env.ts';
import { HttpError } from '../../server/errors.ts';

export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const WINDOW_MINUTES = 15;
/** Failures of one e-mail, from any address, before its tries must wait. */
export const FREE_FAILURES_PER_ACCOUNT = 10;
/** The wait after the last free failure; each further failure doubles it, up to MAX_WAIT_SECONDS. */
export const FIRST_WAIT_SECONDS = 30;
export const MAX_WAIT_SECONDS = 300;
/** An e-mail's count is forgotten this long after its last counted try. */
export const ACCOUNT_MEMORY_MINUTES = 60;

export const TOO_MANY_TRIES = 'Too many attempts. Try again later.';

/** No address is longer; the key is indexed, so a longer string is cut (only such strings then share a count). */
const MAX_EMAIL_LENGTH = 254;
const pairKey = (email: string, ip: string) => `pair:${email.slice(0, MAX_EMAIL_LENGTH)} ${ip}`;
const addressKey = (ip: string) => `address:${ip}`;
const accountKey = (email: string) => email.slice(0, MAX_EMAIL_LENGTH);

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
 * One try at an e-mail ($1), unless it must still wait ($6: a known browser never waits): a count
 * forgotten ($5 minutes after its last try) starts afresh at 1; from the $2nd failure on, the next
 * try must wait $3 seconds, doubled for each failure past the $2nd, at most $4. A try that must
 * wait changes nothing and gets no `failures`; `wait_seconds` is what is left of the wait it met
 * (the statement reads the table as it was before it).
 */
const COUNT_ACCOUNT_TRY = `
  WITH counted AS (
    INSERT INTO login_backoff AS b (email, failures, last_try_at, not_before)
    VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + make_interval(secs => least($4::float8, $3 * power(2, 1 - $2))) END)
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE WHEN b.last_try_at < now() - make_interval(mins => $5) THEN 1 ELSE b.failures + 1 END,
      last_try_at = now(),
      not_before = CASE
        WHEN b.last_try_at < now() - make_interval(mins => $5) THEN CASE WHEN 1 >= $2 THEN now() + make_interval(secs => least($4::float8, $3 * power(2, 1 - $2))) END
        WHEN b.failures + 1 >= $2 THEN now() + make_interval(secs => least($4::float8, $3 * power(2, b.failures + 1 - $2)))
      END
    WHERE $6 OR b.not_before IS NULL OR b.not_before <= now()
    RETURNING failures
  )
  SELECT (SELECT failures FROM counted) AS failures,
         (SELECT extract(epoch FROM not_before - now()) FROM login_backoff WHERE email = $1) AS wait_seconds`;

export interface TryOptions {
  /** The browser signed in to this e-mail's account before (its signed cookie): it never waits. */
  knownBrowser?: boolean;
}

/**
 * Counts this try of `email` from `ip`, or refuses it with 429: when the pair or the address is past
 * its limit (for the rest of its window), or when the e-mail's tries must wait (for the rest of the
 * wait; such a try is given back to its pair and address, as it checked nothing).
 * LOGIN_MAX_FAILURES_PER_IP and LOGIN_FREE_FAILURES_PER_ACCOUNT raise the address's limit and the
 * e-mail's free failures (the shared test runtime, where every client is 127.0.0.1 and the seeded
 * principal signs in all day).
 */
export async function countLoginTry(email: string, ip: string, options: TryOptions = {}): Promise<void> {
  const perAddress = envNumber('LOGIN_MAX_FAILURES_PER_IP', MAX_FAILURES_PER_ADDRESS);
  const row = await queryOne<{ pair: number; address: number | null }>(COUNT_TRY, [
    pairKey(email, ip),
    addressKey(ip),
    WINDOW_MINUTES,
    MAX_FAILURES_PER_PAIR,
  ]);
  if (!row || row.pair > MAX_FAILURES_PER_PAIR || row.address === null || row.address > perAddress)
    throw tooMany(WINDOW_MINUTES * 60);
  if (!email) return;
  const free = envNumber('LOGIN_FREE_FAILURES_PER_ACCOUNT', FREE_FAILURES_PER_ACCOUNT);
  const account = await queryOne<{ failures: number | null; wait_seconds: string | number | null }>(COUNT_ACCOUNT_TRY, [
    accountKey(email),
    free,
    FIRST_WAIT_SECONDS,
    MAX_WAIT_SECONDS,
    ACCOUNT_MEMORY_MINUTES,
    options.knownBrowser === true,
  ]);
  if (account?.failures == null) {
    await giveBack(email, ip);
    throw tooMany(Number(account?.wait_seconds ?? FIRST_WAIT_SECONDS));
  }
}

function tooMany(seconds: number): HttpError {
  return new HttpError(429, TOO_MANY_TRIES, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
}

/** A try that checked nothing (it met an account's wait) is no failure of its pair or address. */
async function giveBack(email: string, ip: string): Promise<void> {
  await query(`UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = ANY($1)`, [
    [pairKey(email, ip), addressKey(ip)],
  ]);
}

/**
 * A sign-in that succeeded was no failure: the pair and the e-mail start afresh and the address gets
 * its `tries` back (2 for a password and its code).
 */
export async function forgetLoginTry(email: string, ip: string, tries = 1): Promise<void> {
  await query(
    `WITH gone AS (DELETE FROM login_throttle WHERE key = $1),
          account AS (DELETE FROM login_backoff WHERE email = $4)
     UPDATE login_throttle SET failures = greatest(failures - $3, 0) WHERE key = $2`,
    [pairKey(email, ip), addressKey(ip), tries, accountKey(email)],
  );
}

/** Windows that ended and e-mails whose count is forgotten: nothing counts in them any more. */
export async function cleanupLoginThrottle(): Promise<number> {
  const windows = await query(
    `DELETE FROM login_throttle WHERE window_start < now() - make_interval(mins => $1) RETURNING key`,
    [WINDOW_MINUTES],
  );
  const accounts = await query(
    `DELETE FROM login_backoff WHERE last_try_at < now() - make_interval(mins => $1) RETURNING email`,
    [ACCOUNT_MEMORY_MINUTES],
  );
  return windows.length + accounts.length;
}
