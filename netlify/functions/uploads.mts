import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { createUpload } from '../../src/features/admission/documents.server.ts';

export const config: Config = {
  path: ['/v1/api/uploads'],
  method: ['GET', 'POST'],
};

export default router({
  '/v1/api/uploads': { POST: createUpload },
});
