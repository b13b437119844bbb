import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import {
  createUpload,
  heldUploads,
  piecesStatus,
  putPiece,
  startPieces,
} from '../../src/features/admission/documents.server.ts';

export const config: Config = {
  path: [
    '/v1/api/uploads',
    '/v1/api/uploads/held',
    '/v1/api/uploads/pieces',
    '/v1/api/uploads/pieces/:id',
    '/v1/api/uploads/pieces/:id/:n',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/uploads': { POST: createUpload },
  '/v1/api/uploads/held': { POST: heldUploads },
  '/v1/api/uploads/pieces': { POST: startPieces },
  '/v1/api/uploads/pieces/:id': { GET: piecesStatus },
  '/v1/api/uploads/pieces/:id/:n': { PUT: putPiece },
});
