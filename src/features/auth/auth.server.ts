/**
 * Signing in and out. GET /v1/api/auth answers the signed-in administrator (401 otherwise);
 * POST /v1/api/auth/login takes { email, password } and sets the session and XSRF cookies, or, for
 * an account with a second factor, answers { codeRequired: true } with a 5-minute half-signed-in
 * step cookie and no session; POST /v1/api/auth/login/code takes that step's { code } (the app's
 * code or a recovery code) and then sets the session; POST /v1/api/auth/logout revokes the session
 * and clears them. Passwords and codes are counted by the same throttle (./throttle.server.ts).
 */
import { json, readJson, type Handler } from '../../server/http.ts';
import {
  checkXsrf,
  clearSessionCookies,
  createSession,
  currentSession,
  revokeSession,
  signedIn,
} from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { unauthorized } from '../../server/errors.ts';
import { DUMMY_HASH, verifyPassword } from '../../server/passwords.ts';
import { findAdminByEmail, findAdminById, normaliseEmail, type AdminRow } from './admins.server.ts';
import { countLoginTry, forgetLoginTry } from './throttle.server.ts';
import { recoveryCodesLeft, secondFactorRequired, useSignInCode } from './second-factor.server.ts';
import {
  clearStepCookie,
  isKnownBrowser,
  knownBrowserCookie,
  readStep,
  stepCookie,
  stepIsFor,
} from './sign-in-steps.server.ts';

const INVALID = 'Invalid Credentials!';
export const SIGN_IN_TEXTS = {
  code: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrongCode: 'The code is not right. Enter the code your app shows now, or a recovery code you have not used.',
  restart: 'The time for the code ran out. Sign in again with your e-mail and password.',
} as const;

export const whoAmI: Handler = async (req) => {
  const session = await currentSession(req);
  if (!session) throw unauthorized();
  return json(session.admin);
};

/** The session for `admin`, the browser remembered as theirs, and who signed in as the answer. */
async function signIn(req: Request, admin: AdminRow, ip: string, extra: string[] = []): Promise<Response> {
  const cookies = await createSession(req, admin.id, ip);
  const required = await secondFactorRequired();
  const response = json(signedIn({ ...admin, second_factor: admin.totp_enabled_at !== null, required }));
  for (const c of [...cookies, await knownBrowserCookie(req, admin.email), ...extra])
    response.headers.append('Set-Cookie', c);
  return response;
}

export const login: Handler = async (req, { ip }) => {
  const body = await readJson(req);
  const email = typeof body.email === 'string' ? normaliseEmail(body.email) : '';
  const password = typeof body.password === 'string' ? body.password : '';
  await countLoginTry(email, ip, { knownBrowser: await isKnownBrowser(req, email) });
  const admin = email ? await findAdminByEmail(email) : undefined;
  // An unknown e-mail still pays for one scrypt, so its answer takes as long as a wrong password.
  const ok = (await verifyPassword(password, admin?.password_hash ?? DUMMY_HASH)) && !!admin && password !== '';
  if (!ok || !admin) throw unauthorized(INVALID);
  // A disabled account signs in like a wrong password: nothing tells a guesser the e-mail exists.
  if (admin.disabled_at) throw unauthorized(INVALID);
  if (admin.totp_enabled_at) {
    // The password's try stays counted until its code is right: a guesser who has the password
    // gets the same few tries at the code as at a password.
    const response = json({ codeRequired: true, message: SIGN_IN_TEXTS.code });
    response.headers.append('Set-Cookie', await stepCookie(req, admin));
    return response;
  }
  await forgetLoginTry(email, ip);
  return signIn(req, admin, ip);
};

export const loginCode: Handler = async (req, { ip }) => {
  const body = await readJson(req);
  const code = typeof body.code === 'string' ? body.code : '';
  const step = await readStep(req);
  const email = step?.email ?? '';
  // Counted before anything is checked, a try without a step too (its address pays for it).
  await countLoginTry(email, ip, { knownBrowser: await isKnownBrowser(req, email) });
  const admin = step ? await findAdminById(step.adminId) : undefined;
  if (!step || !admin || admin.disabled_at || !admin.totp_enabled_at || !stepIsFor(step, admin)) {
    throw unauthorized(SIGN_IN_TEXTS.restart).withCode('sign-in.restart');
  }
  const used = await useSignInCode(admin, code);
  if (!used) throw unauthorized(SIGN_IN_TEXTS.wrongCode).withCode('sign-in.wrong-code');
  // The password's try and this one.
  await forgetLoginTry(email, ip, 2);
  if (used === 'recovery') {
    const left = await recoveryCodesLeft(admin.id);
    await recordAudit(
      { admin: signedIn({ ...admin, second_factor: true, required: false }), ip },
      {
        action: 'account',
        entity: 'admin',
        entityId: admin.id,
        detail: `${admin.email}: signed in with a recovery code (${left} left)`,
      },
    );
  }
  return signIn(req, admin, ip, [clearStepCookie(req)]);
};

export const logout: Handler = async (req) => {
  const session = await currentSession(req);
  if (session) {
    checkXsrf(req, session.sessionId);
    await revokeSession(session.sessionId);
  }
  const response = json({ message: 'Logged out' });
  for (const c of clearSessionCookies(req)) response.headers.append('Set-Cookie', c);
  return response;
};
