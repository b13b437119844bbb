/** `npm run admin`: creates administrators and changes passwords in the running runtime's database, and rotates the Aadhaar key. */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { startIsolatedRuntime, startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { aadhaar, createAdmission, createTcRequest } from './admin-fixtures.ts';
import { aadhaarKeys, aadhaarLookupHash, openAadhaar } from '../../src/server/aadhaar.ts';
import { withDefaultUser } from '../../src/server/db.ts';

const run = promisify(execFile);
const SHORT = 'The password must have at least 10 characters.';
const CLI = resolve(import.meta.dirname, '../../scripts/admin.ts');

function admin(args: string[], password: string) {
  const env: Record<string, string | undefined> = { ...process.env, ADMIN_PASSWORD: password, DATABASE_URL: undefined };
  // Locally the CLI finds the running runtime through its .netlify/runtime.json; against PostgreSQL it is told the URL.
  if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  return run(process.execPath, [CLI, ...args], { cwd: inject('runtimeRoot'), env });
}

describe('admin CLI', () => {
  const email = `cli-${Date.now()}@school.test`;

  it('creates an administrator who can sign in', async () => {
    const { stdout } = await admin(['create', '--email', email, '--name', 'Office Clerk'], 'first lamp by the gate');
    expect(stdout).toMatch(`Created administrator ${email}`);
    const client = new ApiClient();
    const res = await client.login(email, 'first lamp by the gate');
    expect(await res.json()).toMatchObject({ email, name: 'Office Clerk' });
  });

  it('creates a principal unless --role office is given; another role is refused', async () => {
    expect(await (await new ApiClient().login(email, 'first lamp by the gate')).json()).toMatchObject({
      role: 'principal',
      mustChangePassword: false,
    });
    const office = `cli-office-${Date.now()}@school.test`;
    const { stdout } = await admin(
      ['create', '--email', office, '--name', 'Desk Clerk', '--role', 'office'],
      'desk lamp by the window',
    );
    expect(stdout).toMatch(`Created administrator ${office} (office)`);
    expect(await (await new ApiClient().login(office, 'desk lamp by the window')).json()).toMatchObject({
      role: 'office',
      name: 'Desk Clerk',
    });
    await expect(
      admin(['create', '--email', `x${office}`, '--role', 'admin'], 'desk lamp by the window'),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--role principal|office') });
  });

  it('refuses a duplicate e-mail and a short password', async () => {
    await expect(admin(['create', '--email', email], 'another lamp by the gate')).rejects.toMatchObject({ code: 1 });
    await expect(admin(['create', '--email', `x${email}`], 'short')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(SHORT),
    });
  });

  it('npm start refuses an ADMIN_PASSWORD the CLI would refuse, with the same message', async () => {
    await expect(startTestRuntime({ ADMIN_EMAIL: 'short@school.test', ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      `ADMIN_PASSWORD: ${SHORT}`,
    );
  });

  it('changes a password and signs out every session of that administrator', async () => {
    const client = new ApiClient();
    await client.login(email, 'first lamp by the gate');
    expect((await client.request('/v1/api/auth')).status).toBe(200);

    await admin(['password', '--email', email], 'second kite over the field');

    expect((await client.request('/v1/api/auth')).status).toBe(401);
    const old = await new ApiClient().request('/v1/api/auth/login', {
      method: 'POST',
      json: { email, password: 'first lamp by the gate' },
    });
    expect(old.status).toBe(401);
    await new ApiClient().login(email, 'second kite over the field');
  });

  it('fails for an unknown e-mail', async () => {
    await expect(
      admin(['password', '--email', 'nobody@school.test'], 'another kite over the field'),
    ).rejects.toMatchObject({ code: 1 });
  });
});

describe('npm run admin -- rotate-aadhaar-key', () => {
  let runtime: TestRuntime;
  let db: pg.Pool;

  beforeAll(async () => {
    runtime = await startIsolatedRuntime();
    db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 2 });
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await runtime?.stop();
  });

  const rotate = (env: Record<string, string | undefined>) =>
    run(process.execPath, [CLI, 'rotate-aadhaar-key'], {
      cwd: runtime.root,
      env: {
        ...process.env,
        AADHAAR_KEY: undefined,
        AADHAAR_KEY_OLD: undefined,
        DATABASE_URL: runtime.databaseUrl,
        ...env,
      },
    });
  const secrets = () =>
    JSON.parse(readFileSync(join(runtime.root, '.netlify', 'local-secrets.json'), 'utf8')) as Record<string, string>;

  it('re-encrypts every sealed Aadhaar number and recomputes its look-up hash; a second run finds nothing to do', async () => {
    const admissionDigits = aadhaar();
    const tcDigits = aadhaar();
    const app = await createAdmission({ studentAadharNo: admissionDigits }, runtime.url);
    const tc = await createTcRequest({ aadharUid: tcDigits }, runtime.url);
    const oldKey = secrets().AADHAAR_KEY!;
    const newKey = randomBytes(32).toString('base64');
    const before = (
      await db.query(`SELECT student_aadhaar_enc AS enc, student_aadhaar_hash AS hash FROM admissions WHERE id = $1`, [
        app._id,
      ])
    ).rows[0];
    expect(openAadhaar(before.enc, aadhaarKeys(oldKey))).toBe(admissionDigits);

    await expect(rotate({ AADHAAR_KEY_OLD: oldKey, AADHAAR_KEY: oldKey })).rejects.toMatchObject({ code: 2 });
    const { stdout } = await rotate({ AADHAAR_KEY_OLD: oldKey, AADHAAR_KEY: newKey });
    expect(stdout).toMatch(/Re-encrypted [2-9]\d* Aadhaar number\(s\) with the new key; 0 had it already/);
    // The runtime's own secrets file held the old key: it now holds the new one.
    expect(stdout).toContain('restart npm start');
    expect(secrets().AADHAAR_KEY).toBe(newKey);

    const to = aadhaarKeys(newKey);
    const after = (
      await db.query(
        `SELECT student_aadhaar_enc AS enc, student_aadhaar_hash AS hash, student_aadhaar_last4 AS last4 FROM admissions WHERE id = $1`,
        [app._id],
      )
    ).rows[0];
    expect(after.enc).not.toBe(before.enc);
    expect(openAadhaar(after.enc, to)).toBe(admissionDigits);
    expect(openAadhaar(after.enc, aadhaarKeys(oldKey))).toBeUndefined();
    expect(after.hash).toBe(aadhaarLookupHash(admissionDigits, to.mac));
    expect(after.last4).toBe(admissionDigits.slice(-4));
    const tcRow = (
      await db.query(`SELECT aadhaar_enc AS enc, aadhaar_hash AS hash FROM tc_requests WHERE id = $1`, [tc._id])
    ).rows[0];
    expect(openAadhaar(tcRow.enc, to)).toBe(tcDigits);
    expect(tcRow.hash).toBe(aadhaarLookupHash(tcDigits, to.mac));

    const again = await rotate({ AADHAAR_KEY_OLD: oldKey, AADHAAR_KEY: newKey });
    expect(again.stdout).toMatch(/Re-encrypted 0 Aadhaar number\(s\) with the new key; [2-9]\d* had it already/);
  }, 120_000);

  it('refuses to run without the old key when there is no local one', async () => {
    await expect(
      run(process.execPath, [CLI, 'rotate-aadhaar-key'], {
        cwd: tmpdir(),
        env: { ...process.env, AADHAAR_KEY: undefined, AADHAAR_KEY_OLD: undefined },
      }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('AADHAAR_KEY_OLD') });
  });
});
