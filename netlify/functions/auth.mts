import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { login, logout, whoAmI } from '../../src/features/auth/auth.server.ts';

export const config: Config = {
  path: ['/v1/api/auth', '/v1/api/auth/login', '/v1/api/auth/logout'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/auth': { GET: whoAmI },
  '/v1/api/auth/login': { POST: login },
  '/v1/api/auth/logout': { POST: logout },
});
