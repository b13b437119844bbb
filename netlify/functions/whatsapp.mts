import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { verifyWhatsApp, whatsappNotification } from '../../src/features/outbox/webhooks.server.ts';

export const config: Config = {
  path: ['/v1/api/whatsapp/webhook'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  // Meta's: the verification handshake (the verify token) and its notifications (signed with the app secret).
  '/v1/api/whatsapp/webhook': { GET: verifyWhatsApp, POST: whatsappNotification },
});
