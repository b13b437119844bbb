import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { deletePicture, servePicture, uploadPicture } from '../../src/features/pictures/pictures.server.ts';
import { listPictures } from '../../src/features/pictures/uses.server.ts';

export const config: Config = {
  path: ['/v1/api/pictures', '/v1/api/pictures/:id', '/v1/pictures/:id'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

// The office and the principal alike put the school's pictures on its pages.
export default router({
  '/v1/api/pictures': { GET: adminOnly(listPictures), POST: adminOnly(uploadPicture) },
  '/v1/api/pictures/:id': { DELETE: adminOnly(deletePicture) },
  '/v1/pictures/:id': { GET: servePicture },
});
