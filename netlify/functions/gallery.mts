import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';
import { principalOnly } from '../../src/server/auth.ts';
import {
  createGalleryItem, deleteGalleryItem, getGalleryItem, listGallery, serveGalleryImage, updateGalleryItem,
} from '../../src/features/gallery/gallery.server.ts';

export const config: Config = {
  path: ['/v1/api/gallery', '/v1/api/gallery/:id', '/v1/uploads/gallery/:key'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/gallery': { GET: listGallery, POST: principalOnly(createGalleryItem) },
  '/v1/api/gallery/:id': { GET: getGalleryItem, PUT: principalOnly(updateGalleryItem), DELETE: principalOnly(deleteGalleryItem) },
  '/v1/uploads/gallery/:key': { GET: serveGalleryImage },
});
