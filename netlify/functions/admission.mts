import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { createAdmission } from '../../src/server/admission/public.ts';
import { deleteAdmission, getAdmission, getAdmissionFile, listAdmissions } from '../../src/server/admission/admin.ts';

export const config: Config = {
  path: ['/v1/api/admission', '/v1/api/admission/:id', '/v1/api/admission/:id/files/:field'],
  method: ['GET', 'POST', 'DELETE'],
};

export default router({
  '/v1/api/admission': { GET: adminOnly(listAdmissions), POST: createAdmission },
  '/v1/api/admission/:id': { GET: adminOnly(getAdmission), DELETE: adminOnly(deleteAdmission) },
  '/v1/api/admission/:id/files/:field': { GET: adminOnly(getAdmissionFile) },
});
