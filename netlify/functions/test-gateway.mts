/** The built-in test payment gateway (src/features/payments/test-gateway.server.ts): 404 everywhere but the local runtime without keys. */
import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { testGatewayRoutes } from '../../src/features/payments/test-gateway.server.ts';

export const config: Config = {
  path: [
    '/v1/test-gateway/v1/orders',
    '/v1/test-gateway/v1/orders/:id',
    '/v1/test-gateway/v1/orders/:id/payments',
    '/v1/test-gateway/v1/payments/:id',
    '/v1/test-gateway/v1/payments/:id/refund',
    '/v1/test-gateway/v1/checkout.js',
    '/v1/test-gateway/v1/checkout/embedded',
    '/v1/test-gateway/v1/checkout/pay',
    '/v1/test-gateway/control/pay',
  ],
};

export default router(testGatewayRoutes);
