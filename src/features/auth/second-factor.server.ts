/**
 * A second factor for staff: a one-time code app (TOTP, RFC 6238: SHA-1, 6 digits, 30 seconds, the
 * settings every authenticator app reads from a QR code), with 10 single-use recovery codes.
 *
 * - Set up from My account: POST /v1/api/auth/second-factor/setup makes a secret (160 bits, RFC
 *   4226's advice) kept aside until the app's first code proves it (POST /v1/api/auth/second-factor),
 *   which turns it on and answers the recovery codes, once.
 * - The secret is sealed with AES-256-GCM as Aadhaar numbers are (src/server/aadhaar.ts), with a
 *   key of its own derived from AADHAAR_KEY by HKDF ("staff-totp-secret"): not SESSION_SECRET,
 *   which is rotated to sign everyone out and would take every second factor with it. Rotating
 *   AADHAAR_KEY re-seals the secrets too (`npm run admin -- rotate-aadhaar-key`).
 * - A code serves once: the time step of the last code used is kept, and an earlier or the same
 *   step is refused. A code one step early or late counts (a phone's clock a little off).
 * - Recovery codes are 16 letters and digits (80 random bits), kept as SHA-256: each signs in once.
 * - The principal can require a second factor of everyone (PUT /v1/api/admins/second-factor; an
 *   account without one is then kept to My account until it has one) and reset a lost one
 *   (PATCH /v1/api/admins/{id} { resetSecondFactor: true }); `npm run admin -- reset-second-factor`
 *   for the last principal. Every change is in the audit log.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { aadhaarKeys } from '../../server/aadhaar.ts';
import { query, queryOne, transaction, type Queryable } from '../../server/db.ts';
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { badRequest, conflict } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { verifyPassword } from '../../server/passwords.ts';
import { countLoginTry, forgetLoginTry } from './throttle.server.ts';

export const RECOVERY_CODES = 10;
const DIGITS = 6;
const PERIOD_SECONDS = 30;
/** Steps either side of now a code may come from: a phone's clock up to 30 seconds off. */
const WINDOW = 1;

export const SECOND_FACTOR_TEXTS = {
  code: 'Enter the 6-digit code your authenticator app shows now.',
  wrongCode: 'The code is not right. Enter the code your app shows now (it changes every 30 seconds).',
  noSetup: 'Start the setup first: the QR code has not been made, or it was replaced.',
  alreadyOn: 'Your second factor is already on. To set up a new phone, turn it off first.',
  notOn: 'Your account has no second factor.',
  required:
    'The school requires a second factor for every account: it cannot be turned off. Ask the principal to reset it if you lost your phone.',
  password: 'Enter your current password.',
  wrongPassword: 'The current password is not right.',
  requiredType: 'required must be true or false.',
  ownFirst:
    'Set up your own second factor under My account first: requiring one would otherwise keep you out of everything else too.',
} as const;

// ---- sealing the secret -----------------------------------------------------------------------

const VERSION = 'v1:';

/** The key that seals TOTP secrets, from a base64 AADHAAR_KEY (the one set by default). */
export function secondFactorKey(base64?: string): Buffer {
  return Buffer.from(hkdfSync('sha256', aadhaarKeys(base64).enc, Buffer.alloc(0), 'staff-totp-secret', 32));
}

function seal(text: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${VERSION}${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

/** The secret of a sealed one, or undefined when `key` did not seal it. */
function unseal(sealed: string, key: Buffer): string | undefined {
  if (!sealed.startsWith(VERSION)) return undefined;
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * Every sealed secret (on and being set up) under the new key; one already under it is left alone,
 * so a run that stopped half-way can run again. Part of `npm run admin -- rotate-aadhaar-key`.
 */
export async function resealSecondFactors(oldBase64: string, newBase64: string): Promise<number> {
  const from = secondFactorKey(oldBase64);
  const to = secondFactorKey(newBase64);
  const rows = await query<{ id: string; totp_secret: string | null; totp_pending: string | null }>(
    `SELECT id, totp_secret, totp_pending FROM admins WHERE totp_secret IS NOT NULL OR totp_pending IS NOT NULL`,
  );
  let changed = 0;
  const reseal = (sealed: string | null): string | null => {
    if (sealed === null || unseal(sealed, to) !== undefined) return sealed;
    const secret = unseal(sealed, from);
    if (secret === undefined) throw new Error('A second-factor secret opens with neither the old nor the new key.');
    return seal(secret, to);
  };
  for (const row of rows) {
    const [secret, pending] = [reseal(row.totp_secret), reseal(row.totp_pending)];
    if (secret === row.totp_secret && pending === row.totp_pending) continue;
    await query(`UPDATE admins SET totp_secret = $2, totp_pending = $3 WHERE id = $1`, [row.id, secret, pending]);
    changed++;
  }
  return changed;
}

// ---- codes ------------------------------------------------------------------------------------

const totpOf = (base32: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** The time step `code` belongs to under `base32`, or undefined when it is none of the steps around now. */
function stepOf(base32: string, code: string): number | undefined {
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, window: WINDOW });
  return delta === null ? undefined : totp.counter() + delta;
}

/** Letters and digits only, lower case: a code as typed ("1234 56", "ab3k-…") as it is kept. */
const bare = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 16;
const hashCode = (code: string) => createHash('sha256').update(bare(code)).digest('hex');

/** Ten new recovery codes as shown ("abcd-efgh-jkmn-pqrs"): 16 symbols of 32, 80 random bits each. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(RECOVERY_LENGTH)]
      .map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!)
      .join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Replaces `adminId`'s recovery codes with new ones, answered once. */
async function replaceRecoveryCodes(tx: Queryable, adminId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [adminId]);
  await tx.query(`INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT $1, unnest($2::text[])`, [
    adminId,
    codes.map(hashCode),
  ]);
  return codes;
}

export interface SecondFactorAccount {
  id: string;
  totp_secret: string | null;
}

/**
 * Whether `code` signs `admin` in: a code of their app not used before ('app'), or one of their
 * recovery codes, used up by it ('recovery'); undefined otherwise. Each is taken in one statement,
 * so two tries at once cannot both use the same code.
 */
export async function useSignInCode(admin: SecondFactorAccount, code: string): Promise<'app' | 'recovery' | undefined> {
  const typed = bare(code);
  if (/^\d{6}$/.test(typed) && admin.totp_secret) {
    const secret = unseal(admin.totp_secret, secondFactorKey());
    const step = secret === undefined ? undefined : stepOf(secret, typed);
    if (step === undefined) return undefined;
    const rows = await query(
      `UPDATE admins SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [admin.id, step],
    );
    return rows.length ? 'app' : undefined;
  }
  if (typed.length !== RECOVERY_LENGTH) return undefined;
  const used = await query(
    `UPDATE admin_recovery_codes SET used_at = now() WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING code_hash`,
    [admin.id, hashCode(typed)],
  );
  return used.length ? 'recovery' : undefined;
}

/** The recovery codes `adminId` has left. */
export async function recoveryCodesLeft(adminId: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    `SELECT count(*)::int AS n FROM admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL`,
    [adminId],
  );
  return row?.n ?? 0;
}

// ---- one's own: My account ---------------------------------------------------------------------

/** Whether the principal requires a second factor of every account. */
export async function secondFactorRequired(): Promise<boolean> {
  const row = await queryOne<{ required: boolean }>(
    `SELECT second_factor_required AS required FROM staff_sign_in_policy`,
  );
  return row?.required ?? false;
}

const audit = (ctx: AdminContext, id: string, what: string, tx: Queryable) =>
  recordAudit(ctx, { action: 'account', entity: 'admin', entityId: id, detail: `${ctx.admin.email}: ${what}` }, tx);

/**
 * POST /v1/api/auth/second-factor/setup: a new secret, kept aside until proven, and what the app
 * reads: { secret (base32, to type in), uri (otpauth://), qr (a PNG data URL of the uri) }. Asking
 * again replaces the one kept aside (a QR code shown on another screen stops working).
 */
export async function startSetup(_req: Request, ctx: AdminContext): Promise<Response> {
  if (ctx.admin.secondFactor) throw conflict(SECOND_FACTOR_TEXTS.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  const issuer = (await schoolProfile()).shortName;
  const uri = totpOf(secret, ctx.admin.email, issuer).toString();
  await query(`UPDATE admins SET totp_pending = $2 WHERE id = $1`, [ctx.admin._id, seal(secret, secondFactorKey())]);
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  return json({ secret, uri, qr, digits: DIGITS, period: PERIOD_SECONDS });
}

/**
 * POST /v1/api/auth/second-factor { code }: the app's first code proves the secret kept aside; it
 * is turned on, the account's other sessions are signed out (they were opened with a password
 * alone), and the answer has the recovery codes, shown once.
 */
export async function confirmSetup(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  const code = typeof body.code === 'string' ? bare(body.code) : '';
  if (!/^\d{6}$/.test(code)) throw badRequest(SECOND_FACTOR_TEXTS.code, { code: SECOND_FACTOR_TEXTS.code });
  if (ctx.admin.secondFactor) throw conflict(SECOND_FACTOR_TEXTS.alreadyOn);
  const row = await queryOne<{ totp_pending: string | null }>(`SELECT totp_pending FROM admins WHERE id = $1`, [
    ctx.admin._id,
  ]);
  const secret = row?.totp_pending ? unseal(row.totp_pending, secondFactorKey()) : undefined;
  if (!row?.totp_pending || secret === undefined) throw conflict(SECOND_FACTOR_TEXTS.noSetup);
  const step = stepOf(secret, code);
  if (step === undefined) throw badRequest(SECOND_FACTOR_TEXTS.wrongCode, { code: SECOND_FACTOR_TEXTS.wrongCode });
  const codes = await transaction(async (tx) => {
    const turned = await tx.query(
      `UPDATE admins SET totp_secret = totp_pending, totp_pending = NULL, totp_enabled_at = now(), totp_last_step = $3, updated_at = now()
        WHERE id = $1 AND totp_pending = $2 AND totp_enabled_at IS NULL RETURNING id`,
      [ctx.admin._id, row.totp_pending, step],
    );
    if (!turned.rows.length) throw conflict(SECOND_FACTOR_TEXTS.noSetup);
    await tx.query(`UPDATE sessions SET revoked_at = now() WHERE admin_id = $1 AND id <> $2 AND revoked_at IS NULL`, [
      ctx.admin._id,
      ctx.sessionId,
    ]);
    await audit(ctx, ctx.admin._id, 'second factor turned on', tx);
    return replaceRecoveryCodes(tx, ctx.admin._id);
  });
  return json({ recoveryCodes: codes, admin: { ...ctx.admin, secondFactor: true, mustSetUpSecondFactor: false } });
}

/**
 * The current password in `body`, checked: a wrong one counts as a failed sign-in (the same
 * throttle), so a session left open cannot be used to guess it.
 */
async function checkOwnPassword(body: Record<string, unknown>, ctx: AdminContext): Promise<void> {
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) throw badRequest(SECOND_FACTOR_TEXTS.password, { password: SECOND_FACTOR_TEXTS.password });
  await countLoginTry(ctx.admin.email, ctx.ip);
  const row = await queryOne<{ password_hash: string }>(`SELECT password_hash FROM admins WHERE id = $1`, [
    ctx.admin._id,
  ]);
  if (!row || !(await verifyPassword(password, row.password_hash))) {
    throw badRequest(SECOND_FACTOR_TEXTS.wrongPassword, { password: SECOND_FACTOR_TEXTS.wrongPassword });
  }
  await forgetLoginTry(ctx.admin.email, ctx.ip);
}

/** DELETE /v1/api/auth/second-factor { password }: turns one's own off, unless the school requires one. */
export async function turnOff(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  if (!ctx.admin.secondFactor) throw conflict(SECOND_FACTOR_TEXTS.notOn);
  if (await secondFactorRequired()) throw conflict(SECOND_FACTOR_TEXTS.required);
  await checkOwnPassword(body, ctx);
  await transaction(async (tx) => {
    await clearSecondFactor(tx, ctx.admin._id);
    await audit(ctx, ctx.admin._id, 'second factor turned off', tx);
  });
  return json({ message: 'Second factor turned off', admin: { ...ctx.admin, secondFactor: false } });
}

/** POST /v1/api/auth/second-factor/recovery-codes { password }: ten new codes, shown once; the old ones stop working. */
export async function renewRecoveryCodes(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  if (!ctx.admin.secondFactor) throw conflict(SECOND_FACTOR_TEXTS.notOn);
  await checkOwnPassword(body, ctx);
  const codes = await transaction(async (tx) => {
    await audit(ctx, ctx.admin._id, 'new recovery codes', tx);
    return replaceRecoveryCodes(tx, ctx.admin._id);
  });
  return json({ recoveryCodes: codes });
}

// ---- the principal's ---------------------------------------------------------------------------

/** An account's second factor gone (a reset, one's own turning off): its secret, its codes, its last step. */
export async function clearSecondFactor(tx: Queryable, adminId: string): Promise<void> {
  await tx.query(
    `UPDATE admins SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL, totp_last_step = NULL, updated_at = now() WHERE id = $1`,
    [adminId],
  );
  await tx.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [adminId]);
}

/**
 * PUT /v1/api/admins/second-factor { required }: whether every account must have a second factor.
 * A principal without one of their own cannot require it (they would be kept out with everyone).
 */
export async function setRequirement(req: Request, ctx: AdminContext): Promise<Response> {
  const { required } = await readJson(req);
  if (typeof required !== 'boolean')
    throw badRequest(SECOND_FACTOR_TEXTS.requiredType, { required: SECOND_FACTOR_TEXTS.requiredType });
  if (required && !ctx.admin.secondFactor) throw conflict(SECOND_FACTOR_TEXTS.ownFirst);
  await transaction(async (tx) => {
    const changed = await tx.query(
      `UPDATE staff_sign_in_policy SET second_factor_required = $1, updated_at = now() WHERE second_factor_required <> $1 RETURNING id`,
      [required],
    );
    if (changed.rows.length) {
      await recordAudit(
        ctx,
        {
          action: 'account',
          entity: 'admin',
          entityId: null,
          detail: required ? 'a second factor required for every account' : 'a second factor no longer required',
        },
        tx,
      );
    }
  });
  return json({ secondFactorRequired: required });
}

/** How the audit log names `npm run admin`: someone at the server's command line, no account. */
const COMMAND_LINE = { admin: null, ip: null, system: 'npm run admin' } as const;

/** `npm run admin -- reset-second-factor --email E`: the reset when no other principal can do it; false when the account has none. */
export async function resetSecondFactorFromCommandLine(email: string): Promise<boolean> {
  return transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; email: string }>(
      `SELECT id, email FROM admins WHERE email = $1 AND totp_enabled_at IS NOT NULL FOR UPDATE`,
      [email.trim().toLowerCase()],
    );
    const admin = rows[0];
    if (!admin) return false;
    await clearSecondFactor(tx, admin.id);
    await tx.query(`UPDATE sessions SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`, [admin.id]);
    await recordAudit(
      COMMAND_LINE,
      { action: 'account', entity: 'admin', entityId: admin.id, detail: `${admin.email}: second factor reset` },
      tx,
    );
    return true;
  });
}
