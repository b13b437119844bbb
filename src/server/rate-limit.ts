/** Limits counted in the database, so they hold across function instances. */
import { query, queryOne } from './db.ts';
import { envNumber } from './env.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Counts one hit for `key` in `bucket` and refuses with 429 past `limit` hits per window.
 * The limit can be raised by the environment (RATE_LIMIT_<BUCKET>) for tests and benchmarks.
 */
export async function rateLimit(bucket: string, key: string, limit: number, windowSeconds: number): Promise<void> {
  const max = envNumber(`RATE_LIMIT_${bucket.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`, limit);
  const windowStart = new Date(Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const row = await queryOne<{ hits: number }>(
    `INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES ($1, $2, $3, 1)
     ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING hits`,
    [bucket, key, windowStart],
  );
  if ((row?.hits ?? 0) > max) {
    const retryAfter = Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000);
    throw tooManyRequests('Too many requests. Try again later.', retryAfter);
  }
}

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;

/**
 * 429 once an e-mail or an IP has 5 failed sign-ins in the last 15 minutes.
 * LOGIN_MAX_FAILURES_PER_IP may raise the IP limit (the shared test runtime, where every client is 127.0.0.1).
 */
export async function checkLoginThrottle(email: string, ip: string): Promise<void> {
  const perIp = envNumber('LOGIN_MAX_FAILURES_PER_IP', LOGIN_MAX_FAILURES);
  const row = await queryOne<{ by_email: number; by_ip: number }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS by_email, count(*) FILTER (WHERE ip = $2)::int AS by_ip
       FROM login_failures
      WHERE (email = $1 OR ip = $2) AND created_at > now() - make_interval(mins => $3)`,
    [email, ip, LOGIN_WINDOW_MINUTES],
  );
  if (row && (row.by_email >= LOGIN_MAX_FAILURES || row.by_ip >= perIp)) {
    throw tooManyRequests('Too many attempts. Try again later.', LOGIN_WINDOW_MINUTES * 60);
  }
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  await query(`INSERT INTO login_failures (email, ip) VALUES ($1, $2)`, [email, ip]);
}

export async function clearLoginFailures(email: string): Promise<void> {
  await query(`DELETE FROM login_failures WHERE email = $1`, [email]);
}
