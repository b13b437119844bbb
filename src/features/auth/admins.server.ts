/** Administrator accounts: used by the auth API, `npm start`'s first-admin seed and `npm run admin`. */
import { query, queryOne } from '../../server/db.ts';
import { hashPassword } from '../../server/passwords.ts';
import { revokeAllSessions } from '../../server/auth.ts';
import type { Role } from '../../lib/roles.ts';

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  disabled_at: Date | null;
  must_change_password: boolean;
}

const ROW = 'id, name, email, password_hash, role, disabled_at, must_change_password';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAdminByEmail(email: string): Promise<AdminRow | undefined> {
  return queryOne<AdminRow>(`SELECT ${ROW} FROM admins WHERE email = $1`, [normaliseEmail(email)]);
}

export async function countAdmins(): Promise<number> {
  const row = await queryOne<{ n: number }>(`SELECT count(*)::int AS n FROM admins`);
  return row?.n ?? 0;
}

/** A new account; the first one (`npm start`'s seed, `npm run admin -- create`) is a principal. */
export async function createAdmin(email: string, password: string, name = 'Administrator', role: Role = 'principal', mustChangePassword = false): Promise<AdminRow> {
  const rows = await query<AdminRow>(
    `INSERT INTO admins (name, email, password_hash, role, must_change_password) VALUES ($1, $2, $3, $4, $5) RETURNING ${ROW}`,
    [name, normaliseEmail(email), await hashPassword(password), role, mustChangePassword],
  );
  return rows[0]!;
}

/** Sets a new password and revokes every session of that admin. */
export async function setAdminPassword(email: string, password: string): Promise<boolean> {
  const admin = await findAdminByEmail(email);
  if (!admin) return false;
  await query(`UPDATE admins SET password_hash = $1, must_change_password = false, updated_at = now() WHERE id = $2`, [await hashPassword(password), admin.id]);
  await revokeAllSessions(admin.id);
  return true;
}
