/**
 * The built-in test gateway (src/features/payments/test-gateway.server.ts) as tests drive it: the
 * secrets a test runtime is started with, Razorpay's signatures computed here from the documented
 * scheme (not from our code), and the gateway's control endpoint, which makes a payment of any
 * amount or currency, with or without its webhooks (a lost webhook), as a real gateway could.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ApiClient, type Json } from './api.ts';

/** Known secrets for a runtime of a test's own: the key secret of the test gateway and the webhook secret. */
export const GATEWAY_SECRETS = {
  TEST_GATEWAY_KEY_SECRET: `test-key-${randomBytes(12).toString('hex')}`,
  RAZORPAY_WEBHOOK_SECRET: `test-webhook-${randomBytes(12).toString('hex')}`,
};
export const TEST_KEY_ID = 'rzp_test_local_gateway';

/** Razorpay's HMAC-SHA256 hex signature. */
export const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('hex');

export interface Webhook {
  event: string;
  body: string;
  signature: string;
  eventId: string;
  status: number | null;
}
export interface GatewayPay {
  payment: { id: string; amount: number; currency: string; status: string; order_id: string; amount_refunded: number };
  callback: Record<string, string>;
  webhooks: Webhook[];
}

export class TestGateway {
  constructor(
    readonly base: string,
    readonly secrets = GATEWAY_SECRETS,
  ) {}

  private get auth() {
    return `Basic ${Buffer.from(`${TEST_KEY_ID}:${this.secrets.TEST_GATEWAY_KEY_SECRET}`).toString('base64')}`;
  }

  /** A payment of the order: its amount and currency unless told, its webhooks sent unless `webhook: false`. */
  async pay(
    orderId: string,
    options: { amount?: number; currency?: string; webhook?: boolean; fail?: boolean } = {},
  ): Promise<GatewayPay> {
    const res = await fetch(`${this.base}/v1/test-gateway/control/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.auth },
      body: JSON.stringify({ order_id: orderId, ...options }),
    });
    if (res.status !== 200) throw new Error(`test gateway pay: ${res.status} ${await res.text()}`);
    return res.json() as Promise<GatewayPay>;
  }

  /** GET of the gateway's REST API, as the SDK calls it. */
  async get(path: string): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${this.base}/v1/test-gateway/v1${path}`, { headers: { authorization: this.auth } });
    return { status: res.status, body: await res.json() };
  }

  /** Posts a webhook as Razorpay does: the body as it is, its signature (the right one unless given) and event id. */
  webhook(
    body: string,
    {
      signature = sign(body, this.secrets.RAZORPAY_WEBHOOK_SECRET),
      eventId = `evt_${randomBytes(7).toString('hex')}`,
    } = {},
  ): Promise<Response> {
    return new ApiClient(this.base).request('/v1/api/payments/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': eventId,
      },
      body,
    });
  }

  /** The checkout's return, as the gateway's page posts it (form-encoded). */
  callback(fields: Record<string, string>): Promise<Response> {
    return new ApiClient(this.base).request('/v1/api/payments/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** A payment.captured event as Razorpay sends it, for a payment the gateway never made (an unknown order). */
export function capturedEvent(payment: { id: string; order_id: string; amount: number; currency?: string }): string {
  const entity = {
    entity: 'payment',
    status: 'captured',
    captured: true,
    method: 'upi',
    currency: 'INR',
    amount_refunded: 0,
    created_at: Math.floor(Date.now() / 1000),
    ...payment,
  };
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_Test',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity } },
    created_at: entity.created_at,
  });
}
