import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { principalOnly } from '../../src/server/auth.ts';
import { feePageHandler, getFees, putFees } from '../../src/features/fees/fees.server.ts';

export const config: Config = {
  path: ['/v1/api/fees', '/admissions/fees', '/hi/admissions/fees'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/fees': { GET: getFees, PUT: principalOnly(putFees) },
  '/admissions/fees': { GET: feePageHandler('en') },
  '/hi/admissions/fees': { GET: feePageHandler('hi') },
});
