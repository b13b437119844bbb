/** `npm run admin`: creates administrators and changes passwords in the running runtime's database. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { startTestRuntime } from '../support/runtime.ts';

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
    const { stdout } = await admin(['create', '--email', email, '--name', 'Office Clerk'], 'first password 123');
    expect(stdout).toMatch(`Created administrator ${email}`);
    const client = new ApiClient();
    const res = await client.login(email, 'first password 123');
    expect(await res.json()).toMatchObject({ email, name: 'Office Clerk' });
  });

  it('creates a principal unless --role office is given; another role is refused', async () => {
    expect(await (await new ApiClient().login(email, 'first password 123')).json()).toMatchObject({ role: 'principal', mustChangePassword: false });
    const office = `cli-office-${Date.now()}@school.test`;
    const { stdout } = await admin(['create', '--email', office, '--name', 'Desk Clerk', '--role', 'office'], 'office password 123');
    expect(stdout).toMatch(`Created administrator ${office} (office)`);
    expect(await (await new ApiClient().login(office, 'office password 123')).json()).toMatchObject({ role: 'office', name: 'Desk Clerk' });
    await expect(admin(['create', '--email', `x${office}`, '--role', 'admin'], 'office password 123')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--role principal|office') });
  });

  it('refuses a duplicate e-mail and a short password', async () => {
    await expect(admin(['create', '--email', email], 'another password')).rejects.toMatchObject({ code: 1 });
    await expect(admin(['create', '--email', `x${email}`], 'short')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(SHORT) });
  });

  it('npm start refuses an ADMIN_PASSWORD the CLI would refuse, with the same message', async () => {
    await expect(startTestRuntime({ ADMIN_EMAIL: 'short@school.test', ADMIN_PASSWORD: 'short' })).rejects.toThrow(`ADMIN_PASSWORD: ${SHORT}`);
  });

  it('changes a password and signs out every session of that administrator', async () => {
    const client = new ApiClient();
    await client.login(email, 'first password 123');
    expect((await client.request('/v1/api/auth')).status).toBe(200);

    await admin(['password', '--email', email], 'second password 456');

    expect((await client.request('/v1/api/auth')).status).toBe(401);
    const old = await new ApiClient().request('/v1/api/auth/login', { method: 'POST', json: { email, password: 'first password 123' } });
    expect(old.status).toBe(401);
    await new ApiClient().login(email, 'second password 456');
  });

  it('fails for an unknown e-mail', async () => {
    await expect(admin(['password', '--email', 'nobody@school.test'], 'whatever password')).rejects.toMatchObject({ code: 1 });
  });
});
