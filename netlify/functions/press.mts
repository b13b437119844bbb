import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { coveragePageHandler, pressRoutes } from '../../src/features/press/press.server.ts';

export const config: Config = {
  path: ['/v1/api/press', '/v1/api/press/:id', '/press/coverage', '/hi/press/coverage'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/press': { GET: pressRoutes.list, POST: adminOnly(pressRoutes.create) },
  '/v1/api/press/:id': { PUT: adminOnly(pressRoutes.update), DELETE: adminOnly(pressRoutes.remove) },
  '/press/coverage': { GET: coveragePageHandler('en') },
  '/hi/press/coverage': { GET: coveragePageHandler('hi') },
});
