import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { createUpload, heldUploads } from '../../src/features/admission/documents.server.ts';

export const config: Config = {
  path: ['/v1/api/uploads', '/v1/api/uploads/held'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/uploads': { POST: createUpload },
  '/v1/api/uploads/held': { POST: heldUploads },
});
