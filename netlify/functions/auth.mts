import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { login, logout, whoAmI } from '../../src/features/auth/auth.server.ts';
import { changeOwnPassword } from '../../src/features/auth/admins.server.ts';

export const config: Config = {
  path: ['/v1/api/auth', '/v1/api/auth/login', '/v1/api/auth/logout', '/v1/api/auth/password'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/auth': { GET: whoAmI },
  '/v1/api/auth/login': { POST: login },
  '/v1/api/auth/logout': { POST: logout },
  // Allowed with a temporary password: it is how one is replaced.
  '/v1/api/auth/password': { POST: adminOnly(changeOwnPassword, { beforePasswordChange: true }) },
});
