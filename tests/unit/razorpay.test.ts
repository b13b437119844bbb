/**
 * The gateway client (src/server/razorpay.ts): which gateway is used with which keys (a deploy
 * without keys offers none; the local runtime without keys uses the test gateway only when
 * PAYMENTS_TEST_GATEWAY=1 turns it on, and Netlify never, whatever the setting); the official SDK
 * pointed at another base address still sends its own requests (path, Basic auth, JSON body) there;
 * and our signatures agree with the SDK's own webhook check, compared in constant time.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import Razorpay from 'razorpay';
import {
  checkoutPayload,
  gatewayConfig,
  razorpayClient,
  signatureMatches,
  testGatewayEnabled,
  RAZORPAY_API,
  TEST_GATEWAY_KEY_ID,
} from '../../src/server/razorpay.ts';
import { hmacHex } from '../../src/server/signatures.ts';

const NAMES = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_API_URL',
  'TEST_GATEWAY_KEY_SECRET',
  'NETLIFY_LOCAL',
  'URL',
  'PAYMENTS_TEST_GATEWAY',
] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
function env(values: Partial<Record<(typeof NAMES)[number], string>>): void {
  for (const name of NAMES) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
}
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('which gateway', () => {
  it('offers none on a deploy without keys, nor with a key but no secrets', () => {
    env({});
    expect(gatewayConfig()).toBeUndefined();
    env({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' });
    expect(gatewayConfig()).toBeUndefined();
  });

  it("uses Razorpay's own address with the school's keys, unless RAZORPAY_API_URL points elsewhere", () => {
    env({
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      NETLIFY_LOCAL: 'true',
    });
    expect(gatewayConfig()).toEqual({
      keyId: 'rzp_live_x',
      keySecret: 'secret',
      webhookSecret: 'hook',
      apiUrl: RAZORPAY_API,
      checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
      test: false,
    });
    env({
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      RAZORPAY_API_URL: 'http://127.0.0.1:9/',
    });
    expect(gatewayConfig()?.apiUrl).toBe('http://127.0.0.1:9');
  });

  const LOCAL = {
    NETLIFY_LOCAL: 'true',
    TEST_GATEWAY_KEY_SECRET: 'local',
    RAZORPAY_WEBHOOK_SECRET: 'hook',
    URL: 'http://localhost:8888',
  };

  it("uses the built-in test gateway on the local runtime without keys when PAYMENTS_TEST_GATEWAY=1, at the site's own address", () => {
    env({ ...LOCAL, PAYMENTS_TEST_GATEWAY: '1' });
    expect(testGatewayEnabled()).toBe(true);
    expect(gatewayConfig()).toEqual({
      keyId: TEST_GATEWAY_KEY_ID,
      keySecret: 'local',
      webhookSecret: 'hook',
      apiUrl: 'http://localhost:8888/v1/test-gateway',
      checkoutScript: 'http://localhost:8888/v1/test-gateway/v1/checkout.js',
      test: true,
    });
  });

  it('offers no test gateway by default: the local runtime without keys and without PAYMENTS_TEST_GATEWAY=1 offers the desk only', () => {
    for (const setting of [undefined, '', '0', 'true', 'yes', ' 1']) {
      env({ ...LOCAL, PAYMENTS_TEST_GATEWAY: setting });
      expect(testGatewayEnabled()).toBe(false);
      expect(gatewayConfig()).toBeUndefined();
    }
  });

  it('never uses the test gateway on Netlify (no NETLIFY_LOCAL), nor beside real keys, whatever PAYMENTS_TEST_GATEWAY says', () => {
    env({
      TEST_GATEWAY_KEY_SECRET: 'local',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      URL: 'https://school.example',
      PAYMENTS_TEST_GATEWAY: '1',
    });
    expect(testGatewayEnabled()).toBe(false);
    expect(gatewayConfig()).toBeUndefined();
    env({ ...LOCAL, NETLIFY_LOCAL: 'false', PAYMENTS_TEST_GATEWAY: '1' });
    expect(gatewayConfig()).toBeUndefined();
    env({ ...LOCAL, PAYMENTS_TEST_GATEWAY: '1', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' });
    expect(testGatewayEnabled()).toBe(false);
    expect(gatewayConfig()).toMatchObject({ keyId: 'rzp_live_x', test: false });
  });
});

describe('the SDK pointed at another address', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("sends the SDK's own request there: the path, Basic auth of the key, the JSON body; and reads Razorpay's error body", async () => {
    const seen: { method: string; url: string; auth: string; body: string }[] = [];
    const server = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization ?? '', body });
      if (req.url === '/v1/orders') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'order_Local00000001',
            entity: 'order',
            amount: 50000,
            currency: 'INR',
            status: 'created',
          }),
        );
      } else {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }));
      }
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    close = () => new Promise((ok) => server.close(() => ok()));
    const { port } = server.address() as { port: number };
    const client = razorpayClient({
      keyId: 'rzp_test_k',
      keySecret: 's3cret',
      webhookSecret: 'w',
      apiUrl: `http://127.0.0.1:${port}`,
      checkoutScript: '',
      test: false,
    });
    expect(client).toBeInstanceOf(Razorpay);

    const order = await client.orders.create({ amount: 50000, currency: 'INR', receipt: 'r1' });
    expect(order).toMatchObject({ id: 'order_Local00000001', amount: 50000 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/orders',
      auth: `Basic ${Buffer.from('rzp_test_k:s3cret').toString('base64')}`,
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ amount: 50000, currency: 'INR', receipt: 'r1' });

    await expect(client.payments.fetch('pay_Missing0000001')).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
    });
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/v1/payments/pay_Missing0000001' });
  });
});

describe('signatures', () => {
  it("agree with the SDK's own webhook check, and any change of body, secret or signature fails", () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_1', amount: 50000 } } },
    });
    const signature = hmacHex(body, 'hook secret');
    expect(Razorpay.validateWebhookSignature(body, signature, 'hook secret')).toBe(true);
    expect(signatureMatches(body, signature, 'hook secret')).toBe(true);
    expect(signatureMatches(body.replace('50000', '50001'), signature, 'hook secret')).toBe(false);
    expect(signatureMatches(body, signature, 'another secret')).toBe(false);
    expect(signatureMatches(body, signature.slice(0, -1), 'hook secret')).toBe(false);
    expect(signatureMatches(body, signature.toUpperCase(), 'hook secret')).toBe(false);
    expect(signatureMatches(body, '', 'hook secret')).toBe(false);
  });

  it("signs the checkout's return over order_id|payment_id, as Razorpay documents", () => {
    const expected = hmacHex('order_A|pay_B', 'key secret');
    expect(checkoutPayload('order_A', 'pay_B')).toBe('order_A|pay_B');
    expect(signatureMatches(checkoutPayload('order_A', 'pay_B'), expected, 'key secret')).toBe(true);
    expect(signatureMatches(checkoutPayload('order_X', 'pay_B'), expected, 'key secret')).toBe(false);
  });
});
