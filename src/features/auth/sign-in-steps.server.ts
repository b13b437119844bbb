/**
 * The sign-in's own tokens, jose HS256 JWTs with SESSION_SECRET in HttpOnly cookies that only the
 * sign-in routes (/v1/api/auth/...) receive:
 * - the half-signed-in step: after a right password for an account with a second factor, for 5
 *   minutes; it names the account and a fingerprint of its password hash (a password changed in
 *   between ends it), and opens no session: only POST /v1/api/auth/login/code reads it;
 * - a known browser: after a full sign-in, for 90 days; it names the e-mail, and that e-mail's
 *   tries from this browser never wait on the account's backoff (./throttle.server.ts), so a
 *   stranger's guesses elsewhere cannot keep the principal out.
 * Each has an audience of its own, and neither has a session id, so none passes for another or
 * for a session.
 */
import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { cookie, readCookie, secretKey } from '../../server/auth.ts';

export const STEP_MINUTES = 5;
export const KNOWN_BROWSER_DAYS = 90;

const STEP_COOKIE = 'signin-step';
const KNOWN_COOKIE = 'signin-known';
const AUTH_PATH = '/v1/api/auth';
const STEP_AUDIENCE = 'signin-step';
const KNOWN_AUDIENCE = 'signin-known-browser';

interface StepAccount {
  id: string;
  email: string;
  password_hash: string;
}

export interface Step {
  adminId: string;
  email: string;
  passwordPrint: string;
}

/** Enough of the password hash to notice a change, nothing to learn it from. */
const passwordPrint = (hash: string) => createHash('sha256').update(hash).digest('base64url').slice(0, 22);

const sign = (claims: Record<string, string>, subject: string, audience: string, expires: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(secretKey());

async function verified(token: string | undefined, audience: string): Promise<Record<string, unknown> | undefined> {
  if (!token) return undefined;
  try {
    return (await jwtVerify(token, secretKey(), { algorithms: ['HS256'], audience, requiredClaims: ['exp', 'sub'] }))
      .payload;
  } catch {
    return undefined;
  }
}

export async function stepCookie(req: Request, admin: StepAccount): Promise<string> {
  const token = await sign(
    { email: admin.email, pw: passwordPrint(admin.password_hash) },
    admin.id,
    STEP_AUDIENCE,
    `${STEP_MINUTES}m`,
  );
  return cookie(req, STEP_COOKIE, token, {
    httpOnly: true,
    maxAge: STEP_MINUTES * 60,
    path: AUTH_PATH,
    sameSite: 'Strict',
  });
}

export const clearStepCookie = (req: Request) =>
  cookie(req, STEP_COOKIE, '', { httpOnly: true, maxAge: 0, path: AUTH_PATH, sameSite: 'Strict' });

/** The step this browser is at, or undefined (none, expired, forged). */
export async function readStep(req: Request): Promise<Step | undefined> {
  const payload = await verified(readCookie(req, STEP_COOKIE), STEP_AUDIENCE);
  if (!payload || typeof payload.email !== 'string' || typeof payload.pw !== 'string') return undefined;
  return { adminId: String(payload.sub), email: payload.email, passwordPrint: payload.pw };
}

/** Whether `step` is still `admin`'s: the same account, e-mail and password. */
export const stepIsFor = (step: Step, admin: StepAccount) =>
  step.adminId === admin.id && step.email === admin.email && step.passwordPrint === passwordPrint(admin.password_hash);

export async function knownBrowserCookie(req: Request, email: string): Promise<string> {
  const token = await sign({}, email, KNOWN_AUDIENCE, `${KNOWN_BROWSER_DAYS}d`);
  return cookie(req, KNOWN_COOKIE, token, {
    httpOnly: true,
    maxAge: KNOWN_BROWSER_DAYS * 86400,
    path: AUTH_PATH,
    sameSite: 'Strict',
  });
}

/** Whether this browser signed in as `email` before (its cookie, signed by us, names it). */
export async function isKnownBrowser(req: Request, email: string): Promise<boolean> {
  if (!email) return false;
  const payload = await verified(readCookie(req, KNOWN_COOKIE), KNOWN_AUDIENCE);
  return payload?.sub === email;
}
