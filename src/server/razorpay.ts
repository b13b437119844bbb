/**
 * Razorpay, through its official SDK: which gateway the functions talk to, with what keys, and its
 * signatures (HMAC-SHA256, hex, compared in constant time).
 *
 * - RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: the school's keys (Dashboard > Account & Settings > API keys).
 * - RAZORPAY_WEBHOOK_SECRET: the secret typed when the webhook was added.
 * - RAZORPAY_API_URL: the gateway's base address, https://api.razorpay.com unless a test points it elsewhere.
 * - RAZORPAY_CHECKOUT_SCRIPT: Standard Checkout's script, https://checkout.razorpay.com/v1/checkout.js unless pointed elsewhere.
 *
 * Without RAZORPAY_KEY_ID no online payment is offered (the office takes the fee at the desk), unless
 * PAYMENTS_TEST_GATEWAY=1 turns on the built-in test gateway (netlify/functions/test-gateway.mts) on
 * the local runtime (`npm start`, the tests and the bench set it: NETLIFY_LOCAL): it speaks the same
 * API at {URL}/v1/test-gateway with a locally generated key secret and serves a checkout.js of its
 * own there. Never by default: a family on the office network would settle its fee with no money
 * moved. Never on Netlify, where NETLIFY_LOCAL is not set, whatever PAYMENTS_TEST_GATEWAY says.
 */
import Razorpay from 'razorpay';
import type API from 'razorpay/dist/types/api';
import { hmacHex, sameSecret } from './signatures.ts';
import { siteAddress } from './env.ts';

export const RAZORPAY_API = 'https://api.razorpay.com';
/** Standard Checkout's script: loaded by the status page only when the family taps Pay. */
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
/** Where the built-in test gateway answers, under the site's own address. */
export const TEST_GATEWAY_PATH = '/v1/test-gateway';
/** The test gateway's key id: says what it is wherever it is shown. */
export const TEST_GATEWAY_KEY_ID = 'rzp_test_local_gateway';

export interface GatewayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Base address of the REST API (no trailing slash). */
  apiUrl: string;
  /** The checkout script (Standard Checkout's checkout.js, or the test gateway's own). */
  checkoutScript: string;
  /** The built-in test gateway: no money moves. */
  test: boolean;
}

/** True when the built-in test gateway may answer: turned on explicitly, on the local runtime, without real keys. */
export const testGatewayEnabled = () =>
  process.env.PAYMENTS_TEST_GATEWAY === '1' && process.env.NETLIFY_LOCAL === 'true' && !process.env.RAZORPAY_KEY_ID;

/** The gateway the functions use, or undefined when online payment is not offered (no keys, and no test gateway turned on). */
export function gatewayConfig(): GatewayConfig | undefined {
  const keyId = process.env.RAZORPAY_KEY_ID;
  if (keyId) {
    const keySecret = process.env.RAZORPAY_KEY_SECRET ?? '';
    const webhookSecret = process.env.RAZORPAY_WEBHOOK_SECRET ?? '';
    if (!keySecret || !webhookSecret) return undefined;
    const apiUrl = (process.env.RAZORPAY_API_URL || RAZORPAY_API).replace(/\/+$/, '');
    return {
      keyId,
      keySecret,
      webhookSecret,
      apiUrl,
      checkoutScript: process.env.RAZORPAY_CHECKOUT_SCRIPT || RAZORPAY_CHECKOUT_SCRIPT,
      test: false,
    };
  }
  if (!testGatewayEnabled()) return undefined;
  const keySecret = process.env.TEST_GATEWAY_KEY_SECRET ?? '';
  const webhookSecret = process.env.RAZORPAY_WEBHOOK_SECRET ?? '';
  const site = siteAddress();
  if (!keySecret || !webhookSecret || !site) return undefined;
  const apiUrl = process.env.RAZORPAY_API_URL || `${site}${TEST_GATEWAY_PATH}`;
  return {
    keyId: TEST_GATEWAY_KEY_ID,
    keySecret,
    webhookSecret,
    apiUrl,
    checkoutScript: `${apiUrl}/v1/checkout.js`,
    test: true,
  };
}

/**
 * The SDK pointed at `apiUrl`. The SDK fixes https://api.razorpay.com in its constructor; this
 * builds its API client again (the class of its public `api`) with another host and lets the SDK's
 * own addResources() bind every resource to it, so every call still goes through the SDK's code
 * (paths, Basic auth, error shapes). addResources() is public in the SDK's JavaScript, though its
 * typings leave it out.
 */
class RazorpayAt extends Razorpay {
  constructor(config: GatewayConfig) {
    super({ key_id: config.keyId, key_secret: config.keySecret });
    const ApiClass = this.api.constructor as new (options: ConstructorParameters<typeof API>[0]) => API;
    this.api = new ApiClass({
      hostUrl: config.apiUrl,
      ua: `razorpay-node@${Razorpay.VERSION}`,
      key_id: config.keyId,
      key_secret: config.keySecret,
    });
    (this as unknown as { addResources(): void }).addResources();
  }
}

export type RazorpayClient = Razorpay;

export function razorpayClient(config: GatewayConfig): RazorpayClient {
  return config.apiUrl === RAZORPAY_API
    ? new Razorpay({ key_id: config.keyId, key_secret: config.keySecret })
    : new RazorpayAt(config);
}

/** Whether `signature` is the hex HMAC of `payload` with `secret`: Razorpay's checkout and webhook signatures alike. */
export const signatureMatches = (payload: string, signature: string, secret: string) =>
  sameSecret(signature, hmacHex(payload, secret));

/** The checkout's signature: HMAC of "order_id|payment_id" with the key secret. */
export const checkoutPayload = (orderId: string, paymentId: string) => `${orderId}|${paymentId}`;

/** What the SDK throws on an error answer: { statusCode, error: { code, description, ... } }. */
export interface GatewayError {
  statusCode: number;
  error?: { code?: string; description?: string };
}
export const isGatewayError = (value: unknown): value is GatewayError =>
  !!value && typeof value === 'object' && 'statusCode' in value;
