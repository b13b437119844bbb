import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { servePublicFile, uploadStaffFile } from '../../src/server/files.ts';

export const config: Config = {
  path: ['/v1/api/files', '/v1/files/:id'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/files': { POST: adminOnly(uploadStaffFile) },
  '/v1/files/:id': { GET: servePublicFile },
});
