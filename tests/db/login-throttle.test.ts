/**
 * Sign-in throttling, on the API in this process with a database of its own and the default
 * limits (the shared runtime raises the per-address limit), from distinct loopback addresses:
 * 5 failures per (e-mail, address) pair and 20 per address in a 15-minute window that later
 * failures do not extend.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { requestFrom } from '../support/api.ts';
import { withDefaultUser } from '../../src/server/db.ts';

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

describe('sign-in throttling', () => {
  it('five wrong passwords lock that address out for that e-mail only: the office signs in from elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect(await login('127.0.0.2', OFFICE, `wrong ${i}`)).toEqual({ status: 401, body: INVALID });
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
    const before = (await db.query(`SELECT window_start FROM login_throttle WHERE key = $1`, [key])).rows[0].window_start;
    expect((await login('127.0.0.10', OFFICE, 'wrong')).status).toBe(429);
    const after = (await db.query(`SELECT window_start FROM login_throttle WHERE key = $1`, [key])).rows[0].window_start;
    expect(after).toEqual(before);
    await db.query(`UPDATE login_throttle SET window_start = now() - interval '16 minutes' WHERE key = $1`, [key]);
    expect((await login('127.0.0.10', OFFICE, RIGHT)).status).toBe(200);
  });
});
