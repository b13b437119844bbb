import { randomBytes } from 'node:crypto';
import { ConfigError } from '../src/server/env.ts';
import { passwordWeakness } from '../src/features/auth/password-strength.server.ts';

const DEFAULT_EMAIL = 'admin@localhost';

/**
 * A given ADMIN_PASSWORD must pass the admin CLI's rule (length, strength, not the e-mail), checked
 * before anything starts: a weak one stops `npm start` with the rule's words, rather than becoming
 * the first principal's password or being quietly replaced by another.
 */
export async function checkSeedPassword(): Promise<void> {
  const given = process.env.ADMIN_PASSWORD;
  const weak = given ? await passwordWeakness(given, process.env.ADMIN_EMAIL || DEFAULT_EMAIL) : undefined;
  if (weak)
    throw new ConfigError(
      `ADMIN_PASSWORD: ${weak.message} (It is only used to create the first administrator; once that account exists it can be removed from .env.)`,
    );
}

/** With no admin yet: one from ADMIN_EMAIL/ADMIN_PASSWORD, else admin@localhost with a random password printed once. */
export async function seedFirstAdmin(log: (line: string) => void): Promise<void> {
  const { countAdmins, createAdmin } = await import('../src/features/auth/admins.server.ts');
  if ((await countAdmins()) > 0) return;
  const email = process.env.ADMIN_EMAIL || DEFAULT_EMAIL;
  const given = process.env.ADMIN_PASSWORD;
  const password = given || randomBytes(12).toString('base64url');
  await createAdmin(email, password);
  log(
    given
      ? `Created the first administrator: ${email}`
      : `Created the first administrator: ${email} with password: ${password} (shown once)`,
  );
}
