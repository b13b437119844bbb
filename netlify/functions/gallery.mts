import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import {
  createGalleryItem,
  deleteGalleryItem,
  getGalleryItem,
  listGallery,
  serveGalleryImage,
  updateGalleryItem,
} from '../../src/features/gallery/gallery.server.ts';
import { listSamples, removeSample } from '../../src/features/gallery/gallery-samples.server.ts';
import { galleryPage } from '../../src/features/gallery/gallery-page.server.ts';

export const config: Config = {
  path: [
    '/v1/api/gallery',
    '/v1/api/gallery/samples',
    '/v1/api/gallery/samples/:name',
    '/v1/api/gallery/:id',
    '/v1/uploads/gallery/:key',
    '/gallery',
    '/hi/gallery',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

// The office and the principal alike keep the gallery: its photos are the school's pictures.
export default router({
  '/v1/api/gallery': { GET: listGallery, POST: adminOnly(createGalleryItem) },
  '/v1/api/gallery/samples': { GET: listSamples },
  '/v1/api/gallery/samples/:name': { DELETE: adminOnly(removeSample) },
  '/v1/api/gallery/:id': {
    GET: getGalleryItem,
    PUT: adminOnly(updateGalleryItem),
    DELETE: adminOnly(deleteGalleryItem),
  },
  '/v1/uploads/gallery/:key': { GET: serveGalleryImage },
  '/gallery': { GET: galleryPage },
  '/hi/gallery': { GET: galleryPage },
});
