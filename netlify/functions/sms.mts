import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { smsReport } from '../../src/features/outbox/webhooks.server.ts';

export const config: Config = {
  path: ['/v1/api/sms/report'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  // MSG91's delivery reports, proven by the token of ours in the URL set in its panel.
  '/v1/api/sms/report': { POST: smsReport },
});
