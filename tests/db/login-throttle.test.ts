/**
 * Sign-in throttling, on the API in this process with a database of its own and the default
 * limits (the shared runtime raises the per-address limit and the account's free failures), from
 * distinct loopback addresses: 5 failures per (e-mail, address) pair and 20 per address in a
 * 15-minute window that later failures do not extend; and per e-mail across every address, 10
 * failures and then a wait of 30 seconds doubling up to 5 minutes, which a browser that signed in
 * to that account before does not wait.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { requestFrom } from '../support/api.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import {
  FIRST_WAIT_SECONDS,
  FREE_FAILURES_PER_ACCOUNT,
  MAX_WAIT_SECONDS,
  cleanupLoginThrottle,
} from '../../src/features/auth/throttle.server.ts';

const OFFICE = 'office@throttle.test';
const RIGHT = 'the right password';
const TOO_MANY = { error: 'Too many attempts. Try again later.' };
const INVALID = { error: 'Invalid Credentials!' };

let runtime: InProcessSite;
let db: pg.Pool;
beforeAll(async () => {
  runtime = await startInProcessSite({ ...DEFAULT_LIMITS, ADMIN_EMAIL: OFFICE, ADMIN_PASSWORD: RIGHT });
  db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.end();
  await runtime?.stop();
});

async function login(from: string, email: string, password: string): Promise<{ status: number; body: unknown }> {
  const res = await requestFrom(runtime.url, from, 'POST', '/v1/api/auth/login', { email, password });
  return { status: res.status, body: JSON.parse(res.body) };
}

// Each try pays for one scrypt (about 0.3 s of a core, several seconds on a busy machine).
describe('sign-in throttling', { timeout: 120_000 }, () => {
  // These count per pair and per address; each starts with the e-mail's own count at nothing (that count is the next describe's).
  afterEach(async () => {
    await db.query(`DELETE FROM login_backoff`);
  });

  it('five wrong passwords lock that address out for that e-mail only: the office signs in from elsewhere', async () => {
    for (let i = 0; i < 5; i++)
      expect(await login('127.0.0.2', OFFICE, `wrong ${i}`)).toEqual({ status: 401, body: INVALID });
    expect(await login('127.0.0.2', OFFICE, RIGHT)).toEqual({ status: 429, body: TOO_MANY });
    expect((await login('127.0.0.3', OFFICE, RIGHT)).status).toBe(200);
    // The failing address is still refused, and may still try other e-mails.
    expect((await login('127.0.0.2', OFFICE, RIGHT)).status).toBe(429);
    expect((await login('127.0.0.2', 'someone@else.test', 'x')).status).toBe(401);
  });

  it('a success gives the pair a fresh start', async () => {
    for (let i = 0; i < 4; i++) expect((await login('127.0.0.4', OFFICE, 'wrong')).status).toBe(401);
    expect((await login('127.0.0.4', OFFICE, RIGHT)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.4', OFFICE, 'wrong')).status).toBe(401);
    expect((await login('127.0.0.4', OFFICE, RIGHT)).status).toBe(429);
  });

  it('twenty failures from one address, whatever the e-mails, lock that address out', async () => {
    for (let i = 0; i < 20; i++) expect((await login('127.0.0.5', `guess${i}@throttle.test`, 'x')).status).toBe(401);
    expect(await login('127.0.0.5', OFFICE, RIGHT)).toEqual({ status: 429, body: TOO_MANY });
    expect((await login('127.0.0.6', OFFICE, RIGHT)).status).toBe(200);
  });

  it('a burst of 30 concurrent wrong tries lets exactly 5 through', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login('127.0.0.7', OFFICE, `burst ${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('answers an unknown e-mail exactly as a known one', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await login('127.0.0.8', OFFICE, 'wrong'));
      unknown.push(await login('127.0.0.9', 'nobody@throttle.test', 'wrong'));
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual({ status: 429, body: TOO_MANY });
  });

  it('a failure inside the window does not extend it; once it has passed, the right password works again', async () => {
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.10', OFFICE, 'wrong')).status).toBe(401);
    const key = `pair:${OFFICE} 127.0.0.10`;
    await db.query(`UPDATE login_throttle SET window_start = now() - interval '14 minutes' WHERE key = $1`, [key]);
    const before = (await db.query(`SELECT window_start FROM login_throttle WHERE key = $1`, [key])).rows[0]
      .window_start;
    expect((await login('127.0.0.10', OFFICE, 'wrong')).status).toBe(429);
    const after = (await db.query(`SELECT window_start FROM login_throttle WHERE key = $1`, [key])).rows[0]
      .window_start;
    expect(after).toEqual(before);
    await db.query(`UPDATE login_throttle SET window_start = now() - interval '16 minutes' WHERE key = $1`, [key]);
    expect((await login('127.0.0.10', OFFICE, RIGHT)).status).toBe(200);
  });
});

/** A try at `email` from `from` with the headers given (a cookie), and the answer's Retry-After. */
async function tryAt(from: string, email: string, password: string, headers: Record<string, string> = {}) {
  const res = await requestFrom(runtime.url, from, 'POST', '/v1/api/auth/login', { email, password }, headers);
  return {
    status: res.status,
    body: JSON.parse(res.body) as unknown,
    retryAfter: Number(res.headers['retry-after'] ?? NaN),
    cookies: res.headers['set-cookie'] ?? [],
  };
}

/** The e-mail's wait, as if it had passed: what a test cannot sit through (the growth past the first wait). */
const letTheWaitPass = (email: string) =>
  db.query(`UPDATE login_backoff SET not_before = now() - interval '1 second' WHERE email = $1`, [email]);

describe('sign-in throttling per account, across addresses', () => {
  afterEach(async () => {
    await db.query(`DELETE FROM login_backoff`);
    await db.query(`DELETE FROM login_throttle`);
  });

  it("the review's 50 guesses over 10 addresses: 10 are checked, the other 40 refused; the office signs in once the wait has passed", async () => {
    const answers: number[] = [];
    for (let address = 1; address <= 10; address++) {
      for (let guess = 0; guess < 5; guess++)
        answers.push((await tryAt(`127.0.1.${address}`, OFFICE, `guess ${address}.${guess}`)).status);
    }
    expect(answers.slice(0, FREE_FAILURES_PER_ACCOUNT)).toEqual(Array(FREE_FAILURES_PER_ACCOUNT).fill(401));
    expect(answers.slice(FREE_FAILURES_PER_ACCOUNT)).toEqual(Array(50 - FREE_FAILURES_PER_ACCOUNT).fill(429));
    // A refused try checked nothing, so it cost its pair nothing: the attacker's later addresses are not locked for 15 minutes.
    const pairs = await db.query(
      `SELECT key, failures FROM login_throttle WHERE key LIKE $1 AND failures > 0 ORDER BY key`,
      [`pair:${OFFICE} 127.0.1.%`],
    );
    expect(pairs.rows.map((r) => [r.key, r.failures])).toEqual([
      [`pair:${OFFICE} 127.0.1.1`, 5],
      [`pair:${OFFICE} 127.0.1.2`, 5],
    ]);

    // The attacker stops. The office, from a browser new to the account, meets the wait, told how long in Retry-After...
    const refused = await tryAt('127.0.1.50', OFFICE, RIGHT);
    expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(FIRST_WAIT_SECONDS);
    // ...and once that has passed (sat through here, no shortcut), signs in.
    await new Promise((ok) => setTimeout(ok, refused.retryAfter * 1000 + 500));
    expect((await tryAt('127.0.1.50', OFFICE, RIGHT)).status).toBe(200);
    // The right password gave the e-mail a fresh start.
    expect((await db.query(`SELECT 1 FROM login_backoff WHERE email = $1`, [OFFICE])).rows).toEqual([]);
  }, 120_000);

  it('each failure past the tenth doubles the wait, up to 5 minutes, never more; a try during the wait changes nothing', async () => {
    /** The wait the e-mail's last counted try set, in seconds. */
    const setWait = async () =>
      Math.round(
        Number(
          (
            await db.query(
              `SELECT extract(epoch FROM not_before - last_try_at) AS s FROM login_backoff WHERE email = $1`,
              [OFFICE],
            )
          ).rows[0].s,
        ),
      );
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++)
      expect((await tryAt(`127.0.2.${i + 1}`, OFFICE, 'wrong')).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wait = await setWait();
      waits.push(wait);
      const refused = await tryAt('127.0.2.100', OFFICE, 'wrong');
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(wait);
      // Tried again at once: the same wait, not a longer one.
      expect(await setWait()).toBe(wait);
      expect((await tryAt('127.0.2.101', OFFICE, 'wrong')).retryAfter).toBeLessThanOrEqual(refused.retryAfter);
      await letTheWaitPass(OFFICE);
      expect((await tryAt(`127.0.2.${20 + i}`, OFFICE, 'wrong')).status).toBe(401);
    }
    expect(waits).toEqual([FIRST_WAIT_SECONDS, 60, 120, 240, MAX_WAIT_SECONDS, MAX_WAIT_SECONDS]);
    expect([FIRST_WAIT_SECONDS, MAX_WAIT_SECONDS]).toEqual([30, 300]);
  }, 120_000);

  it('a browser that signed in to the account before does not wait; another browser does', async () => {
    const signedIn = await tryAt('127.0.3.1', OFFICE, RIGHT);
    expect(signedIn.status).toBe(200);
    const known = signedIn.cookies.find((c) => c.startsWith('signin-known='))!;
    expect(known).toMatch(/HttpOnly/);
    expect(known).toMatch(/Path=\/v1\/api\/auth/);
    const cookie = { cookie: known.split(';')[0]! };
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++)
      expect((await tryAt(`127.0.3.${10 + i}`, OFFICE, 'wrong')).status).toBe(401);
    expect((await tryAt('127.0.3.2', OFFICE, RIGHT)).status).toBe(429);
    expect((await tryAt('127.0.3.1', OFFICE, RIGHT, cookie)).status).toBe(200);
    // The cookie names its e-mail: it lets nobody past another account's wait.
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++)
      expect((await tryAt(`127.0.3.${30 + i}`, 'someone@else.test', 'wrong')).status).toBe(401);
    expect((await tryAt('127.0.3.1', 'someone@else.test', 'wrong', cookie)).status).toBe(429);
  }, 120_000);

  it('a burst of 40 concurrent tries from 10 addresses lets exactly 10 through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => tryAt(`127.0.4.${(i % 10) + 1}`, OFFICE, `burst ${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - FREE_FAILURES_PER_ACCOUNT);
  }, 120_000);

  it('the hourly cleanup deletes the counts of e-mails whose last try is over an hour old, and keeps the others', async () => {
    await db.query(
      `INSERT INTO login_backoff (email, failures, last_try_at, not_before) VALUES ('old@throttle.test', 12, now() - interval '61 minutes', now() - interval '56 minutes'),
                                                                                  ('new@throttle.test', 12, now(), now() + interval '5 minutes')`,
    );
    expect(await cleanupLoginThrottle()).toBeGreaterThanOrEqual(1);
    expect((await db.query(`SELECT email FROM login_backoff ORDER BY email`)).rows).toEqual([
      { email: 'new@throttle.test' },
    ]);
  });

  it("an hour after its last try, an e-mail's count is forgotten", async () => {
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++)
      expect((await tryAt(`127.0.5.${i + 1}`, OFFICE, 'wrong')).status).toBe(401);
    expect((await tryAt('127.0.5.100', OFFICE, 'wrong')).status).toBe(429);
    // An hour on: the wait ended long ago, and the count with it.
    await db.query(
      `UPDATE login_backoff SET last_try_at = now() - interval '61 minutes', not_before = now() - interval '60 minutes' WHERE email = $1`,
      [OFFICE],
    );
    expect((await tryAt('127.0.5.101', OFFICE, 'wrong')).status).toBe(401);
    expect((await db.query(`SELECT failures FROM login_backoff WHERE email = $1`, [OFFICE])).rows).toEqual([
      { failures: 1 },
    ]);
  }, 120_000);
});
