import type { Config } from '@netlify/functions';
import { json, readJson, router } from '../../src/server/http.ts';
import { checkXsrf, clearSessionCookies, createSession, currentSession, revokeSession } from '../../src/server/auth.ts';
import { findAdminByEmail, normaliseEmail } from '../../src/server/admins.ts';
import { DUMMY_HASH, verifyPassword } from '../../src/server/passwords.ts';
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure } from '../../src/server/rate-limit.ts';
import { unauthorized } from '../../src/server/errors.ts';

export const config: Config = {
  path: ['/v1/api/auth', '/v1/api/auth/login', '/v1/api/auth/logout'],
  method: ['GET', 'POST'],
};

const INVALID = 'Invalid Credentials!';

export default router({
  '/v1/api/auth': {
    GET: async (req) => {
      const session = await currentSession(req);
      if (!session) throw unauthorized();
      return json(session.admin);
    },
  },
  '/v1/api/auth/login': {
    POST: async (req, { ip }) => {
      const body = await readJson(req);
      const email = typeof body.email === 'string' ? normaliseEmail(body.email) : '';
      const password = typeof body.password === 'string' ? body.password : '';
      await checkLoginThrottle(email, ip);
      const admin = email ? await findAdminByEmail(email) : undefined;
      // An unknown e-mail still pays for one scrypt, so its answer takes as long as a wrong password.
      const ok = (await verifyPassword(password, admin?.password_hash ?? DUMMY_HASH)) && !!admin && password !== '';
      if (!ok || !admin) {
        await recordLoginFailure(email, ip);
        throw unauthorized(INVALID);
      }
      await clearLoginFailures(email);
      const cookies = await createSession(req, admin.id, ip);
      const response = json({ _id: admin.id, name: admin.name, email: admin.email });
      for (const c of cookies) response.headers.append('Set-Cookie', c);
      return response;
    },
  },
  '/v1/api/auth/logout': {
    POST: async (req) => {
      const session = await currentSession(req);
      if (session) {
        checkXsrf(req, session.sessionId);
        await revokeSession(session.sessionId);
      }
      const response = json({ message: 'Logged out' });
      for (const c of clearSessionCookies(req)) response.headers.append('Set-Cookie', c);
      return response;
    },
  },
});
