import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly } from '../../src/server/auth.ts';
import {
  checkoutCallback,
  createOrder,
  listOnline,
  reconcileNow,
  webhook,
} from '../../src/features/payments/online.server.ts';

export const config: Config = {
  path: [
    '/v1/api/payments/order',
    '/v1/api/payments/callback',
    '/v1/api/payments/webhook',
    '/v1/api/payments/reconcile',
    '/v1/api/payments/online',
  ],
  // No method list here: every method reaches the router below, whose table is the list of what
  // each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/payments/order': { POST: createOrder },
  '/v1/api/payments/callback': { POST: checkoutCallback },
  '/v1/api/payments/webhook': { POST: webhook },
  '/v1/api/payments/reconcile': { POST: adminOnly(reconcileNow) },
  '/v1/api/payments/online': { GET: adminOnly(listOnline) },
});
