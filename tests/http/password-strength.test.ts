/**
 * Staff passwords where the runtime's own commands choose them: `npm run admin` (in the runtime's folder) and
 * `npm start`'s first administrator refuse a weak password as the API does (tests/api/password-strength.test.ts).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { startTestRuntime } from '../support/runtime.ts';
import { token } from './admin-fixtures.ts';

const COMMON =
  'This password is too common: it is on the lists people try first. Choose another; a few words you can remember make a good password.';
const GUESSABLE =
  "This password is too easy to guess (a repeated letter, a run like 12345, a keyboard row, a date, a name or the school's name). Choose another; a few words you can remember make a good password.";
const EMAIL = 'The password must not contain your e-mail address or the name in it.';

const CLI = resolve(import.meta.dirname, '../../scripts/admin.ts');
const run = promisify(execFile);

function admin(args: string[], password: string) {
  const env: Record<string, string | undefined> = { ...process.env, ADMIN_PASSWORD: password, DATABASE_URL: undefined };
  if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  return run(process.execPath, [CLI, ...args], { cwd: inject('runtimeRoot'), env });
}

describe('staff passwords: npm run admin and npm start', () => {
  it('the CLI refuses a weak password at create and at a password change, and creates nobody', async () => {
    const email = `ravi.${token('cli').toLowerCase()}@school.test`;
    await expect(admin(['create', '--email', email], 'password12')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(COMMON),
    });
    await expect(admin(['create', '--email', email], `${email.split('@')[0]}2024`)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(EMAIL),
    });
    const nobody = await new ApiClient().request('/v1/api/auth/login', {
      method: 'POST',
      json: { email, password: 'password12' },
    });
    expect(nobody.status).toBe(401);

    await admin(['create', '--email', email, '--role', 'office'], 'mango tree by the well');
    await expect(admin(['password', '--email', email], 'aaaaaaaaaa')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(GUESSABLE),
    });
    await new ApiClient().login(email, 'mango tree by the well');
  });

  it('npm start refuses a weak ADMIN_PASSWORD before it starts, saying which rule and that it only seeds the first account', async () => {
    await expect(startTestRuntime({ ADMIN_EMAIL: 'seed@school.test', ADMIN_PASSWORD: '1234567890' })).rejects.toThrow(
      `ADMIN_PASSWORD: ${COMMON}`,
    );
    await expect(
      startTestRuntime({ ADMIN_EMAIL: 'seed@school.test', ADMIN_PASSWORD: 'seed@school.test' }),
    ).rejects.toThrow(`ADMIN_PASSWORD: ${EMAIL} (It is only used to create the first administrator`);
  });
});
