import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { principalOnly } from '../../src/server/auth.ts';
import { exportAudit, listAudit } from '../../src/features/audit/audit.server.ts';

export const config: Config = {
  path: ['/v1/api/audit', '/v1/api/audit/export.csv'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/audit': { GET: principalOnly(listAudit) },
  '/v1/api/audit/export.csv': { GET: principalOnly(exportAudit) },
});
