/**
 * Staff's second factor through the API, on a site of this file's own (its database, its policy):
 * setting up a one-time code app (the QR code read back as an app reads it, the first code from the
 * app's own library), signing in with a code (no session before it; a code serves once; the same
 * throttle counts codes), a recovery code, turning it off, new recovery codes, the principal's reset
 * and requirement (an account without one is kept to My account until it has one), the command
 * line's reset, and the secrets sealed at rest and re-sealed by a key rotation.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient, type Staff } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { ADMIN_EMAIL } from '../support/global-setup.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { resealSecondFactors } from '../../src/features/auth/second-factor.server.ts';

let site: InProcessSite;
let db: pg.Pool;
beforeAll(async () => {
  // The account's free failures at their default (the address's stays raised: every client here is 127.0.0.1).
  site = await startInProcessSite({ LOGIN_FREE_FAILURES_PER_ACCOUNT: '' });
  db = new pg.Pool({ connectionString: withDefaultUser(site.databaseUrl), max: 2 });
}, 180_000);
afterAll(async () => {
  await db?.end();
  await site?.stop();
});

const SETUP = '/v1/api/auth/second-factor/setup';
const FACTOR = '/v1/api/auth/second-factor';
const CODE = '/v1/api/auth/login/code';
const WRONG_CODE = 'The code is not right. Enter the code your app shows now, or a recovery code you have not used.';
const RESTART = 'The time for the code ran out. Sign in again with your e-mail and password.';

/** The app's code for `secret`, `steps` periods of 30 seconds from now, as an authenticator app makes it. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const post = (client: ApiClient, path: string, json: unknown = {}) => client.request(path, { method: 'POST', json });

/** Sets up `client`'s second factor with its app's code now: the secret, the code it used and the recovery codes. */
async function setUp(client: ApiClient): Promise<{ secret: string; used: string; recoveryCodes: string[] }> {
  const started = await post(client, SETUP);
  expect(started.status).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const used = appCode(secret);
  const done = await post(client, FACTOR, { code: used });
  expect(done.status, await done.clone().text()).toBe(200);
  return { secret, used, recoveryCodes: ((await done.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

/** A new browser's password step: what it answers, and the browser. */
async function passwordStep(email: string, password: string): Promise<{ browser: ApiClient; res: Response }> {
  const browser = new ApiClient(site.url);
  const res = await browser.request('/v1/api/auth/login', { method: 'POST', json: { email, password } });
  return { browser, res };
}

/** Signs `who` in with a code (the app's `steps` ahead, or the code given): the browser, signed in. */
async function signInWithCode(who: Staff, code: string): Promise<ApiClient> {
  const { browser, res } = await passwordStep(who.email, who.password);
  expect(await res.json()).toMatchObject({ codeRequired: true });
  const answer = await post(browser, CODE, { code });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return browser;
}

const auditOf = async (email: string) =>
  (
    await db.query(
      `SELECT detail, admin_email FROM audit_log WHERE action = 'account' AND detail LIKE $1 ORDER BY created_at, id`,
      [`${email}:%`],
    )
  ).rows;

describe('setting up a second factor', () => {
  it("gives a QR code of an otpauth:// address an app reads, sealed at rest; a wrong code is refused, the app's code turns it on once", async () => {
    const clerk = await staffClient('office', 'Sunita Verma', site.url);
    const other = new ApiClient(site.url);
    await other.login(clerk.email, clerk.password);

    const started = await post(clerk.client, SETUP);
    expect(started.status).toBe(200);
    const { secret, uri, qr } = (await started.json()) as { secret: string; uri: string; qr: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const address = new URL(uri);
    expect(address.protocol).toBe('otpauth:');
    expect(address.host).toBe('totp');
    expect(decodeURIComponent(address.pathname)).toBe(`/RMCP School:${clerk.email}`);
    expect(Object.fromEntries(address.searchParams)).toEqual({
      issuer: 'RMCP School',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // The QR code, read back as a phone's camera reads it, is that address.
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const { data, info } = await sharp(Buffer.from(qr.split(',')[1]!, 'base64'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(uri);

    // Kept aside, sealed: not on yet, and nowhere in the row as typed.
    const row = (
      await db.query(`SELECT totp_secret, totp_pending, totp_enabled_at FROM admins WHERE id = $1`, [clerk.account._id])
    ).rows[0];
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null });
    expect(row.totp_pending).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(secret);

    const wrong = await post(clerk.client, FACTOR, {
      code: String((Number(appCode(secret)) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { code: expect.stringContaining('not right') } });
    const notDigits = await post(clerk.client, FACTOR, { code: 'abc' });
    expect(notDigits.status).toBe(400);
    expect((await (await clerk.client.request('/v1/api/auth')).json()).secondFactor).toBe(false);

    const done = await post(clerk.client, FACTOR, { code: appCode(secret) });
    expect(done.status).toBe(200);
    const { recoveryCodes, admin } = (await done.json()) as {
      recoveryCodes: string[];
      admin: { secondFactor: boolean };
    };
    expect(admin.secondFactor).toBe(true);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Stored as hashes only; the secret sealed.
    const stored = (
      await db.query(`SELECT code_hash FROM admin_recovery_codes WHERE admin_id = $1`, [clerk.account._id])
    ).rows.map((r) => r.code_hash);
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.join()).not.toContain(code.replace(/-/g, ''));
    const on = (await db.query(`SELECT totp_secret, totp_pending FROM admins WHERE id = $1`, [clerk.account._id]))
      .rows[0];
    expect(on).toMatchObject({ totp_pending: null, totp_secret: row.totp_pending });

    expect(await (await clerk.client.request('/v1/api/auth')).json()).toMatchObject({
      secondFactor: true,
      mustSetUpSecondFactor: false,
    });
    // The session that turned it on goes on; the one opened with the password alone is signed out.
    expect((await other.request('/v1/api/auth')).status).toBe(401);
    // Once on, neither a second setup nor a second confirmation.
    expect((await post(clerk.client, SETUP)).status).toBe(409);
    expect((await post(clerk.client, FACTOR, { code: appCode(secret, 1) })).status).toBe(409);
    expect(await auditOf(clerk.email)).toEqual([
      { detail: `${clerk.email}: second factor turned on`, admin_email: clerk.email },
    ]);
  });
});

describe('signing in with a second factor', () => {
  it('password first: no session until the code is right; the code serves once', async () => {
    const clerk = await staffClient('office', 'Ravi Kumar', site.url);
    const { secret, used } = await setUp(clerk.client);

    const { browser, res } = await passwordStep(clerk.email, clerk.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      codeRequired: true,
      message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['signin-step']);
    expect(cookies[0]).toMatch(/HttpOnly/);
    expect(cookies[0]).toMatch(/Path=\/v1\/api\/auth;/);
    expect(cookies[0]).toMatch(/SameSite=Strict/);
    expect(cookies[0]).toMatch(/Max-Age=300/);
    // Half signed in is not signed in: the step's token is no session.
    expect((await browser.request('/v1/api/auth')).status).toBe(401);
    expect((await browser.request('/v1/api/admission')).status).toBe(401);
    const forged = new ApiClient(site.url);
    forged.cookies.set('session', browser.cookies.get('signin-step')!);
    expect((await forged.request('/v1/api/auth')).status).toBe(401);

    const wrong = await post(browser, CODE, {
      code: [0, 1].map((n) => String(n).repeat(6)).find((c) => ![-1, 0, 1, 2].some((s) => appCode(secret, s) === c))!,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: WRONG_CODE, code: 'sign-in.wrong-code' });
    // The code the setup used is spent: the app's next one signs in (the code spaced as an app shows it).
    expect((await post(browser, CODE, { code: used })).status).toBe(401);
    const next = appCode(secret, 1);
    const signedIn = await post(browser, CODE, { code: `${next.slice(0, 3)} ${next.slice(3)}` });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({
      email: clerk.email,
      secondFactor: true,
      mustSetUpSecondFactor: false,
    });
    expect(
      signedIn.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['XSRF-TOKEN', 'session', 'signin-known', 'signin-step']);
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith('signin-step='))).toMatch(/Max-Age=0/);
    expect((await browser.request('/v1/api/admission')).status).toBe(200);

    // The same code again, in another sign-in: refused.
    const again = await passwordStep(clerk.email, clerk.password);
    expect((await post(again.browser, CODE, { code: next })).status).toBe(401);
  });

  it('the code step without a step, with a forged one, or after the password changed: sign in again', async () => {
    const clerk = await staffClient('office', 'Kavita Yadav', site.url);
    const { secret } = await setUp(clerk.client);
    expect(await (await post(new ApiClient(site.url), CODE, { code: appCode(secret, 1) })).json()).toEqual({
      error: RESTART,
      code: 'sign-in.restart',
    });

    const { browser } = await passwordStep(clerk.email, clerk.password);
    const step = browser.cookies.get('signin-step')!;
    const [head, body] = step.split('.');
    const forged = new ApiClient(site.url);
    forged.cookies.set('signin-step', `${head}.${body}.${Buffer.from(randomBytes(32)).toString('base64url')}`);
    expect((await post(forged, CODE, { code: appCode(secret, 1) })).status).toBe(401);

    // The password changes in between (its other session): the half-signed-in step is over.
    const changed = await clerk.client.request('/v1/api/auth/password', {
      method: 'POST',
      json: { currentPassword: clerk.password, newPassword: 'a kite over the mango field' },
    });
    expect(changed.status).toBe(200);
    expect(await (await post(browser, CODE, { code: appCode(secret, 1) })).json()).toMatchObject({
      code: 'sign-in.restart',
    });
  });

  it("codes are counted by the sign-in throttle: with the password's try, five wrong ones and the pair waits", async () => {
    const clerk = await staffClient('office', 'Deepak Sharma', site.url);
    const { secret } = await setUp(clerk.client);
    const { browser } = await passwordStep(clerk.email, clerk.password);
    for (let i = 0; i < 4; i++) expect((await post(browser, CODE, { code: `99999${i}` })).status).toBe(401);
    const refused = await post(browser, CODE, { code: appCode(secret, 1) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
  });

  it('a recovery code signs in once, as typed or in capitals, and the audit log says how many are left', async () => {
    const clerk = await staffClient('office', 'Meena Gupta', site.url);
    const { recoveryCodes } = await setUp(clerk.client);
    const browser = await signInWithCode(clerk, recoveryCodes[3]!.toUpperCase().replace(/-/g, ' '));
    expect((await browser.request('/v1/api/admission')).status).toBe(200);
    const again = await passwordStep(clerk.email, clerk.password);
    expect((await post(again.browser, CODE, { code: recoveryCodes[3] })).status).toBe(401);
    expect((await post(again.browser, CODE, { code: recoveryCodes[4] })).status).toBe(200);
    expect((await auditOf(clerk.email)).map((r) => r.detail)).toEqual([
      `${clerk.email}: second factor turned on`,
      `${clerk.email}: signed in with a recovery code (9 left)`,
      `${clerk.email}: signed in with a recovery code (8 left)`,
    ]);
  });
});

describe("one's own second factor later", () => {
  it('new recovery codes and turning it off each need the current password; the old codes stop working', async () => {
    const clerk = await staffClient('office', 'Pooja Singh', site.url);
    const { recoveryCodes } = await setUp(clerk.client);
    const wrong = await post(clerk.client, '/v1/api/auth/second-factor/recovery-codes', {
      password: 'not my password',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { password: 'The current password is not right.' } });
    const renewed = await post(clerk.client, '/v1/api/auth/second-factor/recovery-codes', { password: clerk.password });
    const fresh = ((await renewed.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    const old = await passwordStep(clerk.email, clerk.password);
    expect((await post(old.browser, CODE, { code: recoveryCodes[0] })).status).toBe(401);
    expect((await post(old.browser, CODE, { code: fresh[0] })).status).toBe(200);

    expect(
      (await clerk.client.request(FACTOR, { method: 'DELETE', json: { password: 'not my password' } })).status,
    ).toBe(400);
    expect((await clerk.client.request(FACTOR, { method: 'DELETE', json: {} })).status).toBe(400);
    const off = await clerk.client.request(FACTOR, { method: 'DELETE', json: { password: clerk.password } });
    expect(off.status).toBe(200);
    expect(
      (await db.query(`SELECT totp_secret, totp_enabled_at FROM admins WHERE id = $1`, [clerk.account._id])).rows[0],
    ).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM admin_recovery_codes WHERE admin_id = $1`, [clerk.account._id]))
        .rows[0].n,
    ).toBe(0);
    const { res } = await passwordStep(clerk.email, clerk.password);
    expect(await res.json()).toMatchObject({ email: clerk.email, secondFactor: false });
    expect((await auditOf(clerk.email)).map((r) => r.detail)).toEqual([
      `${clerk.email}: second factor turned on`,
      `${clerk.email}: new recovery codes`,
      `${clerk.email}: signed in with a recovery code (9 left)`,
      `${clerk.email}: second factor turned off`,
    ]);
  });
});

describe("the principal's reset, and the command line's", () => {
  it("resets a lost second factor: the person is signed out and signs in with the password alone; audited; not one's own, not for office staff", async () => {
    const principal = await adminClient(site.url);
    const clerk = await staffClient('office', 'Anita Chauhan', site.url);
    const { secret } = await setUp(clerk.client);
    const office = await staffClient('office', 'Office Other', site.url);
    const me = (await (await principal.request('/v1/api/auth')).json()) as { _id: string };

    const byOffice = await office.client.request(`/v1/api/admins/${clerk.account._id}`, {
      method: 'PATCH',
      json: { resetSecondFactor: true },
    });
    expect(byOffice.status).toBe(403);
    expect(
      (await principal.request(`/v1/api/admins/${me._id}`, { method: 'PATCH', json: { resetSecondFactor: true } }))
        .status,
    ).toBe(409);
    expect(
      (
        await principal.request(`/v1/api/admins/${clerk.account._id}`, {
          method: 'PATCH',
          json: { resetSecondFactor: 'yes' },
        })
      ).status,
    ).toBe(400);

    const listed = (await (await principal.request('/v1/api/admins')).json()) as {
      data: { _id: string; secondFactor: boolean }[];
      secondFactorRequired: boolean;
    };
    expect(listed.data.find((a) => a._id === clerk.account._id)).toMatchObject({ secondFactor: true });
    expect(listed.secondFactorRequired).toBe(false);

    const reset = await principal.request(`/v1/api/admins/${clerk.account._id}`, {
      method: 'PATCH',
      json: { resetSecondFactor: true },
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ admin: { _id: clerk.account._id, secondFactor: false } });
    expect((await clerk.client.request('/v1/api/auth')).status).toBe(401);
    const { res } = await passwordStep(clerk.email, clerk.password);
    expect(await res.json()).toMatchObject({ email: clerk.email, secondFactor: false });
    // The old app's codes are nothing now: a new setup makes a new secret.
    const signedIn = new ApiClient(site.url);
    await signedIn.login(clerk.email, clerk.password);
    expect((await setUp(signedIn)).secret).not.toBe(secret);
    const audit = await db.query(
      `SELECT detail, admin_email FROM audit_log WHERE entity_id = $1 AND detail LIKE '%reset%'`,
      [clerk.account._id],
    );
    expect(audit.rows).toEqual([{ detail: `${clerk.email}: second factor reset`, admin_email: ADMIN_EMAIL }]);
  });

  it('npm run admin -- reset-second-factor: for the last principal who lost everything', async () => {
    const principal = await staffClient('principal', 'Lone Principal', site.url);
    await setUp(principal.client);
    const run = promisify(execFile);
    const cli = resolve(import.meta.dirname, '../../scripts/admin.ts');
    const env = { ...process.env, DATABASE_URL: site.databaseUrl };
    const { stdout } = await run(
      process.execPath,
      [cli, 'reset-second-factor', '--email', principal.email.toUpperCase()],
      { cwd: site.root, env },
    );
    expect(stdout).toContain(`Second factor reset for ${principal.email}`);
    expect((await principal.client.request('/v1/api/auth')).status).toBe(401);
    const { res } = await passwordStep(principal.email, principal.password);
    expect(await res.json()).toMatchObject({ secondFactor: false });
    await expect(
      run(process.execPath, [cli, 'reset-second-factor', '--email', principal.email], { cwd: site.root, env }),
    ).rejects.toMatchObject({ code: 1 });
    const audit = await db.query(
      `SELECT admin_email FROM audit_log WHERE entity_id = $1 AND detail LIKE '%second factor reset'`,
      [principal.account._id],
    );
    expect(audit.rows).toEqual([{ admin_email: 'npm run admin' }]);
  }, 120_000);
});

describe('a rotation of AADHAAR_KEY', () => {
  it("re-seals the secrets: the app's codes still sign in under the new key; a second run changes nothing", async () => {
    const clerk = await staffClient('office', 'Rotation Clerk', site.url);
    const { secret } = await setUp(clerk.client);
    const before = (await db.query(`SELECT totp_secret FROM admins WHERE id = $1`, [clerk.account._id])).rows[0]
      .totp_secret;
    const oldKey = process.env.AADHAAR_KEY!;
    const newKey = randomBytes(32).toString('base64');
    expect(await resealSecondFactors(oldKey, newKey)).toBeGreaterThanOrEqual(1);
    expect(await resealSecondFactors(oldKey, newKey)).toBe(0);
    process.env.AADHAAR_KEY = newKey;
    try {
      const after = (await db.query(`SELECT totp_secret FROM admins WHERE id = $1`, [clerk.account._id])).rows[0]
        .totp_secret;
      expect(after).not.toBe(before);
      await signInWithCode(clerk, appCode(secret, 1));
    } finally {
      process.env.AADHAAR_KEY = oldKey;
      await resealSecondFactors(newKey, oldKey);
    }
  });
});

describe('the principal requires a second factor of everyone', () => {
  it('only a principal with one of their own; then an account without one is kept to My account until it has one, and cannot turn it off', async () => {
    const principal = await adminClient(site.url);
    const setting = (required: unknown, client = principal) =>
      client.request('/v1/api/admins/second-factor', { method: 'PUT', json: { required } });
    expect((await setting('yes')).status).toBe(400);
    const first = await setting(true);
    expect(first.status).toBe(409);
    expect((await first.json()).error).toMatch(/Set up your own second factor/);
    const office = await staffClient('office', 'Kept Out', site.url);
    expect((await setting(true, office.client)).status).toBe(403);

    await setUp(principal);
    const on = await setting(true);
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ secondFactorRequired: true });
    expect((await (await principal.request('/v1/api/admins')).json()).secondFactorRequired).toBe(true);

    // The office account without one, signed in already: only My account's calls answer.
    expect(await (await office.client.request('/v1/api/auth')).json()).toMatchObject({
      secondFactor: false,
      mustSetUpSecondFactor: true,
    });
    const kept = await office.client.request('/v1/api/admission');
    expect(kept.status).toBe(403);
    expect(await kept.json()).toMatchObject({ code: 'second-factor-required' });
    expect((await office.client.request('/v1/api/dashboard')).status).toBe(403);
    // Its next sign-in says so too, and its own password can still be changed.
    const { res } = await passwordStep(office.email, office.password);
    expect(await res.json()).toMatchObject({ mustSetUpSecondFactor: true });
    const { secret } = await setUp(office.client);
    expect(await (await office.client.request('/v1/api/auth')).json()).toMatchObject({
      secondFactor: true,
      mustSetUpSecondFactor: false,
    });
    expect((await office.client.request('/v1/api/admission')).status).toBe(200);
    const off = await office.client.request(FACTOR, { method: 'DELETE', json: { password: office.password } });
    expect(off.status).toBe(409);
    expect((await off.json()).error).toMatch(/requires a second factor/);
    await signInWithCode(office, appCode(secret, 1));

    // A new account's temporary password comes first, then the second factor.
    const added = await principal.request('/v1/api/admins', {
      method: 'POST',
      json: { name: 'New Clerk', email: 'new.clerk@school.test', role: 'office' },
    });
    const { temporaryPassword } = (await added.json()) as { temporaryPassword: string };
    const newcomer = new ApiClient(site.url);
    expect(await (await newcomer.login('new.clerk@school.test', temporaryPassword)).json()).toMatchObject({
      mustChangePassword: true,
      mustSetUpSecondFactor: true,
    });
    expect(await (await post(newcomer, SETUP)).json()).toMatchObject({ code: 'password-change-required' });
    const ownPassword = await newcomer.request('/v1/api/auth/password', {
      method: 'POST',
      json: { currentPassword: temporaryPassword, newPassword: 'a kite over the mango field' },
    });
    expect(ownPassword.status).toBe(200);
    expect(await (await newcomer.request('/v1/api/admission')).json()).toMatchObject({
      code: 'second-factor-required',
    });
    expect((await post(newcomer, SETUP)).status).toBe(200);

    expect((await setting(false)).status).toBe(200);
    expect((await setting(false)).status).toBe(200);
    expect(await (await newcomer.request('/v1/api/auth')).json()).toMatchObject({ mustSetUpSecondFactor: false });
    const audit = await db.query(
      `SELECT detail, admin_email FROM audit_log WHERE action = 'account' AND entity_id IS NULL ORDER BY created_at, id`,
    );
    expect(audit.rows).toEqual([
      { detail: 'a second factor required for every account', admin_email: ADMIN_EMAIL },
      { detail: 'a second factor no longer required', admin_email: ADMIN_EMAIL },
    ]);
  }, 120_000);
});
