/** Every 15 minutes: the payments of open online orders asked of the gateway, for webhooks that never came. */
import type { Config } from '@netlify/functions';
import { describeReconciliation, reconcile } from '../../src/features/payments/online.server.ts';

export const config: Config = {
  schedule: '*/15 * * * *',
};

export default async (): Promise<Response> => {
  const result = await reconcile();
  if (result?.orders) console.log(`[reconcile] ${describeReconciliation(result)}`);
  return new Response(null, { status: 204 });
};
