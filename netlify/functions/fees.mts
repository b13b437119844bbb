import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly, principalOnly } from '../../src/server/auth.ts';
import { feePageHandler, getFees, putFees } from '../../src/features/fees/fees.server.ts';
import { copyStructure, getStructure, putStructure } from '../../src/features/fees/structure.server.ts';

export const config: Config = {
  path: [
    '/v1/api/fees',
    '/v1/api/fees/structure',
    '/v1/api/fees/structure/copy',
    '/admissions/fees',
    '/hi/admissions/fees',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

// Everyone reads the fees that families pay; staff read the whole structure (with its unsaved
// sample); the principal alone changes any fee.
export default router({
  '/v1/api/fees': { GET: getFees, PUT: principalOnly(putFees) },
  '/v1/api/fees/structure': { GET: adminOnly(getStructure), PUT: principalOnly(putStructure) },
  '/v1/api/fees/structure/copy': { POST: principalOnly(copyStructure) },
  '/admissions/fees': { GET: feePageHandler('en') },
  '/hi/admissions/fees': { GET: feePageHandler('hi') },
});
