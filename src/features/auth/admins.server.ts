/** Administrator accounts: used by the auth API, `npm start`'s first-admin seed and `npm run admin`. */
import { query, queryOne } from '../../server/db.ts';
import { hashPassword } from '../../server/passwords.ts';
import { revokeAllSessions } from '../../server/auth.ts';

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAdminByEmail(email: string): Promise<AdminRow | undefined> {
  return queryOne<AdminRow>(`SELECT id, name, email, password_hash FROM admins WHERE email = $1`, [normaliseEmail(email)]);
}

export async function countAdmins(): Promise<number> {
  const row = await queryOne<{ n: number }>(`SELECT count(*)::int AS n FROM admins`);
  return row?.n ?? 0;
}

export async function createAdmin(email: string, password: string, name = 'Administrator'): Promise<AdminRow> {
  const rows = await query<AdminRow>(
    `INSERT INTO admins (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id, name, email, password_hash`,
    [name, normaliseEmail(email), await hashPassword(password)],
  );
  return rows[0]!;
}

/** Sets a new password and revokes every session of that admin. */
export async function setAdminPassword(email: string, password: string): Promise<boolean> {
  const admin = await findAdminByEmail(email);
  if (!admin) return false;
  await query(`UPDATE admins SET password_hash = $1, updated_at = now() WHERE id = $2`, [await hashPassword(password), admin.id]);
  await revokeAllSessions(admin.id);
  return true;
}
