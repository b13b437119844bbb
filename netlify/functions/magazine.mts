import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { magazinePageHandler, magazineRoutes } from '../../src/features/press/press.server.ts';

export const config: Config = {
  path: ['/v1/api/magazine', '/v1/api/magazine/:id', '/press/magazine', '/hi/press/magazine'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/magazine': { GET: magazineRoutes.list, POST: adminOnly(magazineRoutes.create) },
  '/v1/api/magazine/:id': { PUT: adminOnly(magazineRoutes.update), DELETE: adminOnly(magazineRoutes.remove) },
  '/press/magazine': { GET: magazinePageHandler('en') },
  '/hi/press/magazine': { GET: magazinePageHandler('hi') },
});
