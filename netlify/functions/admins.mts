import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { principalOnly } from '../../src/server/auth.ts';
import { addAdmin, listAdmins, updateAdmin } from '../../src/features/auth/admins.server.ts';
import { setRequirement } from '../../src/features/auth/second-factor.server.ts';

export const config: Config = {
  path: ['/v1/api/admins', '/v1/api/admins/second-factor', '/v1/api/admins/:id'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/admins': { GET: principalOnly(listAdmins), POST: principalOnly(addAdmin) },
  // Before '/v1/api/admins/:id', which would take 'second-factor' as an id.
  '/v1/api/admins/second-factor': { PUT: principalOnly(setRequirement) },
  '/v1/api/admins/:id': { PATCH: principalOnly(updateAdmin) },
});
