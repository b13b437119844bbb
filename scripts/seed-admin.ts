import { randomBytes } from 'node:crypto';
import { ConfigError } from '../src/server/env.ts';
import { passwordProblem } from '../src/features/auth/passwords.ts';

/** A given ADMIN_PASSWORD must pass the admin CLI's rule, checked before anything starts. */
export function checkSeedPassword(): void {
  const given = process.env.ADMIN_PASSWORD;
  const problem = given ? passwordProblem(given) : undefined;
  if (problem) throw new ConfigError(`ADMIN_PASSWORD: ${problem}`);
}

/** With no admin yet: one from ADMIN_EMAIL/ADMIN_PASSWORD, else admin@localhost with a random password printed once. */
export async function seedFirstAdmin(log: (line: string) => void): Promise<void> {
  const { countAdmins, createAdmin } = await import('../src/features/auth/admins.server.ts');
  if ((await countAdmins()) > 0) return;
  const email = process.env.ADMIN_EMAIL || 'admin@localhost';
  const given = process.env.ADMIN_PASSWORD;
  const password = given || randomBytes(12).toString('base64url');
  await createAdmin(email, password);
  log(given ? `Created the first administrator: ${email}` : `Created the first administrator: ${email} with password: ${password} (shown once)`);
}
