/**
 * Signing in and out. GET /v1/api/auth answers the signed-in administrator (401 otherwise);
 * POST /v1/api/auth/login takes { email, password } and sets the session and XSRF cookies;
 * POST /v1/api/auth/logout revokes the session and clears them.
 */
import { json, readJson, type Handler } from '../../server/http.ts';
import { checkXsrf, clearSessionCookies, createSession, currentSession, revokeSession } from '../../server/auth.ts';
import { unauthorized } from '../../server/errors.ts';
import { DUMMY_HASH, verifyPassword } from '../../server/passwords.ts';
import { findAdminByEmail, normaliseEmail } from './admins.server.ts';
import { countLoginTry, forgetLoginTry } from './throttle.server.ts';

const INVALID = 'Invalid Credentials!';

export const whoAmI: Handler = async (req) => {
  const session = await currentSession(req);
  if (!session) throw unauthorized();
  return json(session.admin);
};

export const login: Handler = async (req, { ip }) => {
  const body = await readJson(req);
  const email = typeof body.email === 'string' ? normaliseEmail(body.email) : '';
  const password = typeof body.password === 'string' ? body.password : '';
  await countLoginTry(email, ip);
  const admin = email ? await findAdminByEmail(email) : undefined;
  // An unknown e-mail still pays for one scrypt, so its answer takes as long as a wrong password.
  const ok = (await verifyPassword(password, admin?.password_hash ?? DUMMY_HASH)) && !!admin && password !== '';
  if (!ok || !admin) throw unauthorized(INVALID);
  // A disabled account signs in like a wrong password: nothing tells a guesser the e-mail exists.
  if (admin.disabled_at) throw unauthorized(INVALID);
  await forgetLoginTry(email, ip);
  const cookies = await createSession(req, admin.id, ip);
  const response = json({ _id: admin.id, name: admin.name, email: admin.email, role: admin.role, mustChangePassword: admin.must_change_password });
  for (const c of cookies) response.headers.append('Set-Cookie', c);
  return response;
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
