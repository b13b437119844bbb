import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { getDashboard } from '../../src/features/desk/dashboard.server.ts';
import { getGoLive } from '../../src/features/go-live/go-live.server.ts';

export const config: Config = {
  path: ['/v1/api/dashboard', '/v1/api/dashboard/go-live'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/dashboard': { GET: adminOnly(getDashboard) },
  '/v1/api/dashboard/go-live': { GET: adminOnly(getGoLive) },
});
