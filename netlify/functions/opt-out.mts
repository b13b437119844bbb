import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { listOptOuts, optOutChoice, optOutPage } from '../../src/features/outbox/opt-out.server.ts';

export const config: Config = {
  path: ['/opt-out', '/hi/opt-out', '/v1/api/opt-out', '/v1/api/opt-outs'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  // A family's own, proven by the signed link its message ended with.
  '/opt-out': { GET: optOutPage },
  '/hi/opt-out': { GET: optOutPage },
  '/v1/api/opt-out': { POST: optOutChoice },
  // The office's list of who stopped (and who started again).
  '/v1/api/opt-outs': { GET: adminOnly(listOptOuts) },
});
