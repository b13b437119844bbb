import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { serveVerifiedScan, verifyTc } from '../../src/features/tc-request/verification.server.ts';

export const config: Config = {
  path: ['/v1/api/tc-verification', '/v1/api/tc-verification/scan'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  // Anyone's: an issued TC, proven by its number and date of issue (limited as the status checks).
  '/v1/api/tc-verification': { POST: verifyTc },
  // Its scan, through the short-lived link the verification answered.
  '/v1/api/tc-verification/scan': { GET: serveVerifiedScan },
});
