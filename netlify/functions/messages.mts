import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import { listMessages, markMessage } from '../../src/features/outbox/messages.server.ts';

export const config: Config = {
  path: ['/v1/api/messages', '/v1/api/messages/:id'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/messages': { GET: adminOnly(listMessages) },
  '/v1/api/messages/:id': { PATCH: adminOnly(markMessage) },
});
