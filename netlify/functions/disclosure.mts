import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { principalOnly } from '../../src/server/auth.ts';
import {
  deleteDocument,
  getDisclosure,
  putDisclosure,
  putDocument,
  serveDisclosurePage,
  serveHindiDisclosurePage,
} from '../../src/features/disclosure/disclosure.server.ts';

export const config: Config = {
  path: [
    '/v1/api/disclosure',
    '/v1/api/disclosure/documents/:key',
    '/academy/mandatory-disclosure',
    '/hi/academy/mandatory-disclosure',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/disclosure': { GET: getDisclosure, PUT: principalOnly(putDisclosure) },
  '/v1/api/disclosure/documents/:key': { PUT: principalOnly(putDocument), DELETE: principalOnly(deleteDocument) },
  '/academy/mandatory-disclosure': { GET: serveDisclosurePage },
  '/hi/academy/mandatory-disclosure': { GET: serveHindiDisclosurePage },
});
