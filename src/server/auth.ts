/**
 * Administrator sessions: a jose HS256 JWT in an HttpOnly cookie whose session id must still be
 * live in the sessions table (logout and password changes revoke it), and an XSRF token
 * (an HMAC of the session id) in a cookie scripts can read, echoed in X-XSRF-TOKEN.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { query, queryOne } from './db.ts';
import { requireEnv } from './env.ts';
import { sameSecret, siteToken } from './signatures.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { Handler, RouteContext } from './http.ts';
import type { Role, SignedIn } from '../lib/roles.ts';

export const SESSION_HOURS = 8;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export type Admin = SignedIn;
export interface AdminContext extends RouteContext {
  admin: Admin;
  sessionId: string;
}

/** The key of every token the site signs with jose (sessions, the sign-in's steps): SESSION_SECRET. */
export const secretKey = () => new TextEncoder().encode(requireEnv('SESSION_SECRET'));

/** `__Host-` cookies must be Secure, which needs https; the local runtime is plain http. */
export function sessionCookieName(req: Request): string {
  return isHttps(req) ? '__Host-session' : 'session';
}
const isHttps = (req: Request) => new URL(req.url).protocol === 'https:';

/** A cookie's value; a value that is not valid percent-encoding is no value (a client's mangled cookie means signed out). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function xsrfToken(sessionId: string): string {
  return siteToken(`xsrf:${sessionId}`);
}

interface CookieOptions {
  httpOnly: boolean;
  maxAge: number;
  /** '/' unless told: the sign-in's own cookies go to the sign-in routes only. */
  path?: string;
  sameSite?: 'Lax' | 'Strict';
}

/** A Set-Cookie header's value: Secure on https, where the site runs. */
export function cookie(
  req: Request,
  name: string,
  value: string,
  { httpOnly, maxAge, path = '/', sameSite = 'Lax' }: CookieOptions,
): string {
  const parts = [`${name}=${value}`, `Path=${path}`, `SameSite=${sameSite}`, `Max-Age=${maxAge}`];
  if (httpOnly) parts.push('HttpOnly');
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

export async function createSession(req: Request, adminId: string, ip: string): Promise<string[]> {
  const sessionId = randomUUID();
  const maxAge = SESSION_HOURS * 3600;
  // The account keeps the time as its last sign-in (the accounts screen shows it), in the same statement.
  await query(
    `WITH session AS (INSERT INTO sessions (id, admin_id, ip, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4)))
     UPDATE admins SET last_sign_in_at = now() WHERE id = $2`,
    [sessionId, adminId, ip, SESSION_HOURS],
  );
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_HOURS}h`)
    .sign(secretKey());
  return [
    cookie(req, sessionCookieName(req), token, { httpOnly: true, maxAge }),
    cookie(req, XSRF_COOKIE, xsrfToken(sessionId), { httpOnly: false, maxAge }),
  ];
}

export function clearSessionCookies(req: Request): string[] {
  return [
    cookie(req, sessionCookieName(req), '', { httpOnly: true, maxAge: 0 }),
    cookie(req, XSRF_COOKIE, '', { httpOnly: false, maxAge: 0 }),
  ];
}

/** The signed-in admin and session id, or undefined: a bad, expired or revoked token, or a disabled account, is no session. */
export async function currentSession(req: Request): Promise<{ admin: Admin; sessionId: string } | undefined> {
  const token = readCookie(req, sessionCookieName(req));
  if (!token) return undefined;
  let sessionId: string;
  try {
    const { payload } = await jwtVerify(token, secretKey(), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    sessionId = String(payload.sid);
  } catch {
    return undefined;
  }
  const row = await queryOne<{
    id: string;
    name: string;
    email: string;
    role: Role;
    must_change_password: boolean;
    second_factor: boolean;
    required: boolean;
  }>(
    `SELECT a.id, a.name, a.email, a.role, a.must_change_password, a.totp_enabled_at IS NOT NULL AS second_factor,
            COALESCE((SELECT p.second_factor_required FROM staff_sign_in_policy p), false) AS required
       FROM sessions s JOIN admins a ON a.id = s.admin_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND a.disabled_at IS NULL`,
    [sessionId],
  );
  if (!row) return undefined;
  return { admin: signedIn(row), sessionId };
}

/** The signed-in person as GET /v1/api/auth answers: a second factor must be set up when the school requires one and the account has none. */
export function signedIn(row: {
  id: string;
  name: string;
  email: string;
  role: Role;
  must_change_password: boolean;
  second_factor: boolean;
  required: boolean;
}): Admin {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    mustChangePassword: row.must_change_password,
    secondFactor: row.second_factor,
    mustSetUpSecondFactor: row.required && !row.second_factor,
  };
}

export async function revokeSession(sessionId: string): Promise<void> {
  await query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
}

export async function revokeAllSessions(adminId: string): Promise<void> {
  await query(`UPDATE sessions SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`, [adminId]);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origins this site is served from, from its configuration and never from the request (whose
 * Host anyone can write): Netlify's `URL`, the site's main address (functions see it at run time;
 * DEPLOY_URL and DEPLOY_PRIME_URL are build-time only). The local runtime sets `URL` to its own
 * http://localhost:PORT; on a loopback address the other loopback names of that port are the same
 * machine and the same server, so they count too.
 */
export function siteOrigins(): Set<string> {
  const origins = new Set<string>();
  let site: URL;
  try {
    site = new URL(process.env.URL ?? '');
  } catch {
    return origins;
  }
  origins.add(site.origin);
  if (LOOPBACK.has(site.hostname))
    for (const host of LOOPBACK) origins.add(`${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`);
  return origins;
}

/**
 * 403 unless the X-XSRF-TOKEN header matches the session's token and any Origin is one of the
 * site's own. A request without Origin (not a browser's) goes on to the token check, which a
 * cross-site page cannot pass: it can neither read the token cookie nor set the header.
 */
export function checkXsrf(req: Request, sessionId: string): void {
  const origin = req.headers.get('origin');
  if (origin !== null && !siteOrigins().has(origin)) throw forbidden('Cross-site request refused');
  if (!sameSecret(req.headers.get(XSRF_HEADER) ?? '', xsrfToken(sessionId)))
    throw forbidden('Missing or invalid XSRF token');
}

export const PASSWORD_CHANGE_REQUIRED = 'Change your temporary password before going on.';
export const SECOND_FACTOR_REQUIRED =
  'The school asks every account for a second factor: set up yours under My account before going on.';
export const PRINCIPAL_ONLY = 'Only the principal can do this.';

type AdminHandler = (req: Request, ctx: AdminContext) => Promise<Response> | Response;

/**
 * Wraps an admin handler: 401 without a live session (or for a disabled account), 403 for a state
 * change without the XSRF token, 403 `password-change-required` while a temporary password is in
 * use (unless `beforePasswordChange`), 403 `second-factor-required` while the school requires a
 * second factor the account has not set up (unless `beforeSecondFactor`), and 403
 * `principal-only` for office staff when `principal`.
 */
export function adminOnly(
  handler: AdminHandler,
  options: { principal?: boolean; beforePasswordChange?: boolean; beforeSecondFactor?: boolean } = {},
): Handler & { role: Role } {
  const guarded: Handler = async (req, ctx) => {
    const session = await currentSession(req);
    if (!session) throw unauthorized();
    if (!SAFE_METHODS.has(req.method)) checkXsrf(req, session.sessionId);
    if (session.admin.mustChangePassword && !options.beforePasswordChange)
      throw forbidden(PASSWORD_CHANGE_REQUIRED).withCode('password-change-required');
    if (session.admin.mustSetUpSecondFactor && !options.beforeSecondFactor)
      throw forbidden(SECOND_FACTOR_REQUIRED).withCode('second-factor-required');
    if (options.principal && session.admin.role !== 'principal')
      throw forbidden(PRINCIPAL_ONLY).withCode('principal-only');
    return handler(req, { ...ctx, ...session });
  };
  // Who may call it, readable on the route table (docs/api.md's role column is checked against it).
  const role: Role = options.principal ? 'principal' : 'office';
  return Object.assign(guarded, { role });
}

/** An admin handler only a principal may call (403 JSON for office staff). */
export const principalOnly = (handler: AdminHandler): Handler => adminOnly(handler, { principal: true });
