import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { principalOnly } from '../../src/server/auth.ts';
import { getSchool, putSchool } from '../../src/features/school/school.server.ts';

export const config: Config = {
  path: ['/v1/api/school'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/school': { GET: getSchool, PUT: principalOnly(putSchool) },
});
