/**
 * Staff accounts: the accounts API (principal), one's own password, `npm start`'s first-admin seed
 * and `npm run admin`. An account's second factor is ./second-factor.server.ts's.
 */
import { randomBytes } from 'node:crypto';
import { isUuid, query, queryOne, transaction } from '../../server/db.ts';
import { hashPassword, verifyPassword } from '../../server/passwords.ts';
import { revokeAllSessions, type AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { refuse } from '../../server/forms.ts';
import { toIso } from '../../lib/dates.ts';
import { isRole, type Role } from '../../lib/roles.ts';
import { ACCOUNT_TEXTS, validateNewAccount, validatePasswordChange, type Account } from './account.ts';
import { countLoginTry, forgetLoginTry } from './throttle.server.ts';
import { passwordWeakness } from './password-strength.server.ts';
import { clearSecondFactor, secondFactorRequired } from './second-factor.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  disabled_at: Date | null;
  must_change_password: boolean;
  /** Sealed (./second-factor.server.ts); null without a second factor. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
}

const ROW = 'id, name, email, password_hash, role, disabled_at, must_change_password, totp_secret, totp_enabled_at';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findAdminByEmail(email: string): Promise<AdminRow | undefined> {
  return queryOne<AdminRow>(`SELECT ${ROW} FROM admins WHERE email = $1`, [normaliseEmail(email)]);
}

export async function findAdminById(id: string): Promise<AdminRow | undefined> {
  return isUuid(id) ? queryOne<AdminRow>(`SELECT ${ROW} FROM admins WHERE id = $1`, [id]) : undefined;
}

export async function countAdmins(): Promise<number> {
  const row = await queryOne<{ n: number }>(`SELECT count(*)::int AS n FROM admins`);
  return row?.n ?? 0;
}

/** A new account with a password of its own (`npm start`'s seed, `npm run admin -- create`); a principal unless told. */
export async function createAdmin(
  email: string,
  password: string,
  name = 'Administrator',
  role: Role = 'principal',
): Promise<AdminRow> {
  const rows = await query<AdminRow>(
    `INSERT INTO admins (name, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING ${ROW}`,
    [name, normaliseEmail(email), await hashPassword(password), role],
  );
  return rows[0]!;
}

/** Sets a new password and revokes every session of that admin. */
export async function setAdminPassword(email: string, password: string): Promise<boolean> {
  const admin = await findAdminByEmail(email);
  if (!admin) return false;
  await query(`UPDATE admins SET password_hash = $1, must_change_password = false, updated_at = now() WHERE id = $2`, [
    await hashPassword(password),
    admin.id,
  ]);
  await revokeAllSessions(admin.id);
  return true;
}

// ---- the accounts API ---------------------------------------------------------------------

/**
 * A temporary password the office can read out or copy: 15 letters and digits in three groups,
 * without look-alikes (0/O, 1/l/I): 32 symbols, so 75 bits of randomness.
 */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(15);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]!);
  return [chars.slice(0, 5), chars.slice(5, 10), chars.slice(10)].map((g) => g.join('')).join('-');
}

const ACCOUNT_COLUMNS =
  'a.id, a.name, a.email, a.role, a.disabled_at, a.must_change_password, a.created_at, a.last_sign_in_at, a.totp_enabled_at';

function accountJson(row: Record<string, unknown>): Account {
  return {
    _id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    role: row.role as Role,
    disabled: row.disabled_at !== null && row.disabled_at !== undefined,
    mustChangePassword: Boolean(row.must_change_password),
    secondFactor: row.totp_enabled_at !== null && row.totp_enabled_at !== undefined,
    lastSignInAt: row.last_sign_in_at ? toIso(row.last_sign_in_at) : null,
    createdAt: toIso(row.created_at),
  };
}

const NOT_FOUND = 'Account not found';

/** GET /v1/api/admins: every account, principals first, then by name; and whether each must have a second factor. */
export async function listAdmins(): Promise<Response> {
  const rows = await query(
    `SELECT ${ACCOUNT_COLUMNS} FROM admins a ORDER BY a.role = 'principal' DESC, lower(a.name), a.email`,
  );
  return json({ data: rows.map(accountJson), secondFactorRequired: await secondFactorRequired() });
}

/** POST /v1/api/admins { name, email, role }: 201 { admin, temporaryPassword }, shown once. */
export async function addAdmin(req: Request, ctx: AdminContext): Promise<Response> {
  const result = validateNewAccount(await readJson(req));
  if (!result.ok) throw refuse(result);
  const { name, email, role } = result.data;
  const password = temporaryPassword();
  const hash = await hashPassword(password);
  const row = await transaction(async (tx) => {
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO admins (name, email, password_hash, role, must_change_password) VALUES ($1, $2, $3, $4, true)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [name, normaliseEmail(email), hash, role],
    );
    const id = inserted.rows[0]?.id;
    if (!id) throw conflict(ACCOUNT_TEXTS.emailTaken, { email: ACCOUNT_TEXTS.emailTaken });
    await recordAudit(
      ctx,
      { action: 'account', entity: 'admin', entityId: id, detail: `added ${normaliseEmail(email)} as ${role}` },
      tx,
    );
    return (await tx.query(`SELECT ${ACCOUNT_COLUMNS} FROM admins a WHERE a.id = $1`, [id])).rows[0]!;
  });
  return json({ admin: accountJson(row), temporaryPassword: password }, 201);
}

/**
 * PATCH /v1/api/admins/{id} { role?, disabled?, resetPassword?, resetSecondFactor? }: 200 { admin }
 * (with `temporaryPassword` after a password reset). Disabling or resetting revokes that person's
 * sessions at once; a second factor's reset lets them sign in with their password alone (and, when
 * the school requires one, set up a new one first). Nobody disables or resets themselves, and the
 * school always keeps one active principal.
 */
export async function updateAdmin(req: Request, ctx: AdminContext): Promise<Response> {
  // Lower case, as the database writes ids: an id in capitals names the same account, and must not slip past the checks on oneself.
  const id = ctx.params.id?.toLowerCase();
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const body = await readJson(req);
  const { role, disabled, resetPassword, resetSecondFactor } = body;
  const fields: Record<string, string> = {};
  if (role !== undefined && !isRole(role)) fields.role = ACCOUNT_TEXTS.role;
  if (disabled !== undefined && typeof disabled !== 'boolean') fields.disabled = 'disabled must be true or false.';
  if (resetPassword !== undefined && resetPassword !== true) fields.resetPassword = 'resetPassword must be true.';
  if (resetSecondFactor !== undefined && resetSecondFactor !== true)
    fields.resetSecondFactor = 'resetSecondFactor must be true.';
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  if (role === undefined && disabled === undefined && resetPassword === undefined && resetSecondFactor === undefined)
    throw badRequest(ACCOUNT_TEXTS.nothingToChange);
  if (disabled === true && id === ctx.admin._id) throw conflict(ACCOUNT_TEXTS.yourself);
  // A reset would sign this very session out and leave its new password on a screen nobody can use.
  if (resetPassword === true && id === ctx.admin._id) throw conflict(ACCOUNT_TEXTS.ownReset);
  if (resetSecondFactor === true && id === ctx.admin._id) throw conflict(ACCOUNT_TEXTS.ownSecondFactor);
  const password = resetPassword ? temporaryPassword() : undefined;
  const hash = password ? await hashPassword(password) : undefined;

  const row = await transaction(async (tx) => {
    // One change of principals at a time, so two principals cannot each demote the other.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('admins:principals'))`);
    const current = (await tx.query<AdminRow>(`SELECT ${ROW} FROM admins WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!current) throw notFound(NOT_FOUND);
    const nextRole = (role as Role | undefined) ?? current.role;
    const nextDisabled = disabled === undefined ? current.disabled_at !== null : disabled;
    if (current.role === 'principal' && current.disabled_at === null && (nextRole !== 'principal' || nextDisabled)) {
      const others = await tx.query(
        `SELECT 1 FROM admins WHERE role = 'principal' AND disabled_at IS NULL AND id <> $1 LIMIT 1`,
        [id],
      );
      if (!others.rows.length) throw conflict(ACCOUNT_TEXTS.lastPrincipal);
    }
    const changes: string[] = [];
    if (nextRole !== current.role) changes.push(`role ${current.role} -> ${nextRole}`);
    if (nextDisabled !== (current.disabled_at !== null)) changes.push(nextDisabled ? 'disabled' : 'enabled');
    if (hash) changes.push('password reset');
    const resetFactor = resetSecondFactor === true && current.totp_enabled_at !== null;
    if (resetFactor) {
      await clearSecondFactor(tx, id);
      changes.push('second factor reset');
    }
    await tx.query(
      `UPDATE admins SET role = $2,
              disabled_at = CASE WHEN $3::boolean THEN COALESCE(disabled_at, now()) ELSE NULL END,
              password_hash = COALESCE($4, password_hash),
              must_change_password = must_change_password OR $4 IS NOT NULL,
              updated_at = now()
        WHERE id = $1`,
      [id, nextRole, nextDisabled, hash ?? null],
    );
    if (nextDisabled || hash || resetFactor)
      await tx.query(`UPDATE sessions SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`, [id]);
    if (changes.length)
      await recordAudit(
        ctx,
        { action: 'account', entity: 'admin', entityId: id, detail: `${current.email}: ${changes.join(', ')}` },
        tx,
      );
    return (await tx.query(`SELECT ${ACCOUNT_COLUMNS} FROM admins a WHERE a.id = $1`, [id])).rows[0]!;
  });
  return json(password ? { admin: accountJson(row), temporaryPassword: password } : { admin: accountJson(row) });
}

/**
 * POST /v1/api/auth/password { currentPassword, newPassword }: one's own password, which must pass
 * the strength check (not common, not guessable, not one's e-mail). A wrong current password counts as a failed sign-in (the same throttle), so a left-open session cannot be used to
 * guess it. Every other session of that person is signed out; this one goes on.
 */
export async function changeOwnPassword(req: Request, ctx: AdminContext): Promise<Response> {
  const result = validatePasswordChange(await readJson(req));
  if (!result.ok) throw refuse(result);
  const { currentPassword = '', newPassword = '' } = result.data;
  const weak = await passwordWeakness(newPassword, ctx.admin.email, await schoolProfile());
  if (weak)
    throw badRequest(weak.message, { newPassword: weak.message }).withCode(weak.code, { newPassword: weak.code });
  await countLoginTry(ctx.admin.email, ctx.ip);
  const admin = await findAdminByEmail(ctx.admin.email);
  if (!admin || !(await verifyPassword(currentPassword, admin.password_hash))) {
    throw badRequest(ACCOUNT_TEXTS.currentPassword, { currentPassword: ACCOUNT_TEXTS.currentPassword });
  }
  await forgetLoginTry(ctx.admin.email, ctx.ip);
  const hash = await hashPassword(newPassword);
  await transaction(async (tx) => {
    await tx.query(
      `UPDATE admins SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1`,
      [admin.id, hash],
    );
    await tx.query(`UPDATE sessions SET revoked_at = now() WHERE admin_id = $1 AND id <> $2 AND revoked_at IS NULL`, [
      admin.id,
      ctx.sessionId,
    ]);
    await recordAudit(
      ctx,
      { action: 'password', entity: 'admin', entityId: admin.id, detail: 'changed own password' },
      tx,
    );
  });
  return json({ message: 'Password changed', admin: { ...ctx.admin, mustChangePassword: false } });
}
