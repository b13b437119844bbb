import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { listAudit } from '../../src/features/audit/audit.server.ts';

export const config: Config = {
  path: ['/v1/api/audit'],
  method: ['GET'],
};

export default router({
  '/v1/api/audit': { GET: adminOnly(listAudit) },
});
