import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { hiddenPagesResponse, listPages, putPage } from '../../src/features/pages/pages.server.ts';

export const config: Config = {
  path: ['/v1/api/pages', '/v1/api/pages/hidden'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

// The office and the principal alike edit and hide the content pages.
export default router({
  '/v1/api/pages': { GET: adminOnly(listPages), PUT: adminOnly(putPage) },
  '/v1/api/pages/hidden': { GET: hiddenPagesResponse },
});
