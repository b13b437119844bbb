import { randomBytes } from 'node:crypto';

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
