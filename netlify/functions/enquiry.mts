import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly, principalOnly } from '../../src/server/auth.ts';
import { privacyRoutes } from '../../src/features/privacy/privacy.server.ts';
import {
  createEnquiry,
  deleteEnquiry,
  exportEnquiries,
  getEnquiry,
  listEnquiries,
  loadEnquiry,
  moveEnquiry,
} from '../../src/features/enquiry/enquiry.server.ts';

export const config: Config = {
  path: [
    '/v1/api/enquiry',
    '/v1/api/enquiry/export.csv',
    '/v1/api/enquiry/:id',
    '/v1/api/enquiry/:id/export.zip',
    '/v1/api/enquiry/:id/erase',
    '/v1/api/enquiry/:id/fields',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

// The fixed path before the :id pattern, which would take it otherwise.
const privacy = privacyRoutes('enquiry', loadEnquiry);

export default router({
  '/v1/api/enquiry': { GET: adminOnly(listEnquiries), POST: createEnquiry },
  '/v1/api/enquiry/export.csv': { GET: adminOnly(exportEnquiries) },
  '/v1/api/enquiry/:id': {
    GET: adminOnly(getEnquiry),
    PATCH: adminOnly(moveEnquiry),
    DELETE: principalOnly(deleteEnquiry),
  },
  // A parent's requests about their child's data, carried out by the principal.
  '/v1/api/enquiry/:id/export.zip': { GET: principalOnly(privacy.exportZip) },
  '/v1/api/enquiry/:id/erase': { POST: principalOnly(privacy.eraseNow) },
  '/v1/api/enquiry/:id/fields': { PATCH: principalOnly(privacy.correctField) },
});
