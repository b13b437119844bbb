import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { principalOnly } from '../../src/server/auth.ts';
import { getSeats, putSeats } from '../../src/features/admission/seats.server.ts';

export const config: Config = {
  path: ['/v1/api/seats'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/seats': { GET: principalOnly(getSeats), PUT: principalOnly(putSeats) },
});
