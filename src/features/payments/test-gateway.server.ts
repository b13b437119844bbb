/**
 * The built-in test gateway: Razorpay's REST API and checkout (checkout.js and a checkout page) as this site uses them, served
 * by the local runtime (npm start, the tests) when no RAZORPAY_KEY_ID is set, so the whole flow can
 * be tried with no account and no money. Everywhere else every path answers 404.
 *
 * Under {site}/v1/test-gateway, as under https://api.razorpay.com:
 *   POST /v1/orders                       GET /v1/orders/:id     GET /v1/orders/:id/payments
 *   GET  /v1/payments/:id                 POST /v1/payments/:id/refund
 *   (Basic auth key_id:key_secret; errors as { error: { code, description, source, step, reason, metadata, field? } })
 *   GET  /v1/checkout.js                  Standard Checkout's contract (window.Razorpay, new Razorpay(options).open()):
 *                                         open() posts the options to the checkout page below
 *   POST /v1/checkout/embedded            the checkout page, marked "Test payment: no money moves"
 *   POST /v1/checkout/pay                 the page's buttons: a captured (or failed) payment, webhooks, the signed return
 *   POST /control/pay                     for tests: a payment of any amount or currency, with or without its webhooks
 *
 * A payment is captured at once (orders auto-capture), its webhooks (payment.captured, order.paid;
 * payment.failed) are signed with RAZORPAY_WEBHOOK_SECRET exactly as Razorpay signs them and sent to
 * {site}/v1/api/payments/webhook, and the return to callback_url carries razorpay_signature =
 * HMAC-SHA256(order_id|payment_id, key secret). Its state lives in a Blobs store of its own: nothing
 * of it reaches the product's tables or migrations.
 */
import { randomBytes } from 'node:crypto';
import { store } from '../../server/blobs.ts';
import { escapeHtml } from '../../server/escape-html.ts';
import { json, readJson, readText, type Handler, type Routes } from '../../server/http.ts';
import { checkoutPayload, gatewayConfig, testGatewayEnabled, TEST_GATEWAY_PATH } from '../../server/razorpay.ts';
import { hmacHex } from '../../server/signatures.ts';
import { siteAddress } from '../../server/env.ts';
import { formatRupees } from '../../lib/money.ts';
import { fill, type TextCode } from '../../lib/i18n/index.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Razorpay's ids: a prefix and 14 base-62 characters. */
const newId = (prefix: string) => `${prefix}_${[...randomBytes(14)].map((b) => BASE62[b % 62]).join('')}`;
const now = () => Math.floor(Date.now() / 1000);

interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  invoice_id: null;
  international: false;
  method: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  fee: number;
  tax: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: 'processed';
  speed_processed: 'normal';
  speed_requested: string;
}

const state = () => store('test-gateway');
/** Only an id of the gateway's own shape is looked up (anything else is unknown, as at Razorpay): no odd key reaches the store. */
const ID = /^(order|pay|rfnd)_[0-9A-Za-z]{14}$/;
const read = async <T>(key: string) =>
  ID.test(key.split('/').pop() ?? '')
    ? (((await state().get(key, { type: 'json' })) as T | null) ?? undefined)
    : undefined;
const write = (key: string, value: object) => state().setJSON(key, value);

/** Razorpay's error body. */
function gatewayError(status: number, description: string, field?: string): Response {
  const code = status === 401 ? 'BAD_REQUEST_ERROR' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR';
  return json(
    {
      error: {
        code,
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        ...(field ? { field } : {}),
      },
    },
    status,
  );
}

const notHere = () => json({ error: 'Not found' }, 404);

/** The test key's Basic auth, as the SDK sends it. */
function authorised(req: Request): boolean {
  const config = gatewayConfig();
  if (!config?.test) return false;
  const expected = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  return req.headers.get('authorization') === expected;
}

/** A handler of the REST API: 404 unless enabled, 401 as Razorpay answers without the key. */
const api =
  (handler: Handler): Handler =>
  async (req, ctx) => {
    if (!testGatewayEnabled()) return notHere();
    if (!authorised(req)) return gatewayError(401, 'Authentication failed');
    return handler(req, ctx);
  };
/** A page of the checkout: 404 unless enabled. */
const page =
  (handler: Handler): Handler =>
  async (req, ctx) =>
    testGatewayEnabled() ? handler(req, ctx) : notHere();

async function bodyOf(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get('content-type') ?? '';
  if (/json/i.test(type)) return readJson(req);
  return Object.fromEntries(new URLSearchParams(await readText(req)));
}

// ---- the REST API -------------------------------------------------------------------------------

const createOrder: Handler = async (req) => {
  const body = await bodyOf(req);
  const amount = Number(body.amount);
  if (!Number.isInteger(amount) || amount < 100)
    return gatewayError(400, 'The amount must be atleast INR 1.00', 'amount');
  const currency = typeof body.currency === 'string' ? body.currency : 'INR';
  if (currency !== 'INR') return gatewayError(400, 'Currency is not supported', 'currency');
  const order: Order = {
    id: newId('order'),
    entity: 'order',
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency,
    receipt: typeof body.receipt === 'string' ? body.receipt : null,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: (body.notes && typeof body.notes === 'object' ? body.notes : {}) as Record<string, string>,
    created_at: now(),
  };
  await write(`orders/${order.id}`, order);
  return json(order);
};

const NO_ID = 'The id provided does not exist';

const fetchOrder: Handler = async (_req, { params }) => {
  const order = await read<Order>(`orders/${params.id}`);
  return order ? json(order) : gatewayError(400, NO_ID);
};

async function paymentsOf(orderId: string): Promise<Payment[]> {
  if (!ID.test(orderId)) return [];
  const { blobs } = await state().list({ prefix: `order-payments/${orderId}/` });
  const payments = await Promise.all(blobs.map((b) => read<Payment>(`payments/${b.key.split('/').pop()}`)));
  return payments.filter((p): p is Payment => !!p).sort((a, b) => b.created_at - a.created_at);
}

const orderPayments: Handler = async (_req, { params }) => {
  if (!(await read<Order>(`orders/${params.id}`))) return gatewayError(400, NO_ID);
  const items = await paymentsOf(params.id!);
  return json({ entity: 'collection', count: items.length, items });
};

const fetchPayment: Handler = async (_req, { params }) => {
  const payment = await read<Payment>(`payments/${params.id}`);
  return payment ? json(payment) : gatewayError(400, NO_ID);
};

const refundPayment: Handler = async (req, { params }) => {
  const payment = await read<Payment>(`payments/${params.id}`);
  if (!payment) return gatewayError(400, NO_ID);
  if (payment.status === 'failed') return gatewayError(400, 'The payment has not been captured');
  const body = await bodyOf(req);
  const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : Number(body.amount);
  if (!Number.isInteger(amount) || amount < 100)
    return gatewayError(400, 'The amount must be atleast INR 1.00', 'amount');
  if (amount > payment.amount - payment.amount_refunded) {
    return gatewayError(
      400,
      payment.amount_refunded
        ? 'The payment has been fully refunded already'
        : 'The refund amount provided is greater than amount captured',
      'amount',
    );
  }
  const refund: Refund = {
    id: newId('rfnd'),
    entity: 'refund',
    amount,
    currency: payment.currency,
    payment_id: payment.id,
    notes: (body.notes && typeof body.notes === 'object' ? body.notes : {}) as Record<string, string>,
    receipt: typeof body.receipt === 'string' ? body.receipt : null,
    acquirer_data: { arn: null },
    created_at: now(),
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: typeof body.speed === 'string' ? body.speed : 'normal',
  };
  const refunded = payment.amount_refunded + amount;
  await write(`payments/${payment.id}`, {
    ...payment,
    amount_refunded: refunded,
    refund_status: refunded === payment.amount ? 'full' : 'partial',
    status: refunded === payment.amount ? 'refunded' : payment.status,
  });
  await write(`refunds/${refund.id}`, refund);
  return json(refund);
};

// ---- payments and their webhooks -------------------------------------------------------------------

interface Made {
  payment: Payment;
  /** What the checkout posts back to callback_url. */
  callback: Record<string, string>;
  /** The webhooks sent (or, with `webhook: false`, that would have been): body, signature and event id, for a test to replay. */
  webhooks: { event: string; body: string; signature: string; eventId: string; status: number | null }[];
}

/** Signs an event as Razorpay does: HMAC-SHA256 of the raw body with the webhook secret. */
function signedEvent(
  event: string,
  contains: Record<string, object>,
): { event: string; body: string; signature: string; eventId: string } {
  const secret = gatewayConfig()?.webhookSecret ?? '';
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestGateway0001',
    event,
    contains: Object.keys(contains),
    payload: Object.fromEntries(Object.entries(contains).map(([name, entity]) => [name, { entity }])),
    created_at: now(),
  });
  return { event, body, signature: hmacHex(body, secret), eventId: newId('evt') };
}

async function makePayment(
  order: Order,
  options: { amount?: number; currency?: string; fail?: boolean; webhook?: boolean; contact?: string },
): Promise<Made> {
  const fail = options.fail === true;
  const payment: Payment = {
    id: newId('pay'),
    entity: 'payment',
    amount: options.amount ?? order.amount,
    currency: options.currency ?? order.currency,
    status: fail ? 'failed' : 'captured',
    order_id: order.id,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: !fail,
    description: 'Test payment',
    vpa: 'success@razorpay',
    email: 'void@razorpay.com',
    contact: options.contact ?? '+919000090000',
    notes: {},
    fee: fail ? 0 : Math.round((options.amount ?? order.amount) * 0.02),
    tax: 0,
    error_code: fail ? 'BAD_REQUEST_ERROR' : null,
    error_description: fail ? 'Payment failed' : null,
    created_at: now(),
  };
  await write(`payments/${payment.id}`, payment);
  await write(`order-payments/${order.id}/${payment.id}`, { id: payment.id });
  const paidOrder: Order = fail
    ? { ...order, status: 'attempted', attempts: order.attempts + 1 }
    : {
        ...order,
        status: 'paid',
        attempts: order.attempts + 1,
        amount_paid: order.amount_paid + payment.amount,
        amount_due: Math.max(order.amount - order.amount_paid - payment.amount, 0),
      };
  await write(`orders/${order.id}`, paidOrder);
  const events = fail
    ? [signedEvent('payment.failed', { payment })]
    : [signedEvent('payment.captured', { payment }), signedEvent('order.paid', { payment, order: paidOrder })];
  const site = siteAddress();
  const webhooks: Made['webhooks'] = [];
  for (const e of events) {
    let status: number | null = null;
    if (options.webhook !== false) {
      // Delivered before the family is sent back, so the return finds it recorded (as a fast webhook would).
      const res = await fetch(`${site}/v1/api/payments/webhook`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': e.signature,
          'X-Razorpay-Event-Id': e.eventId,
        },
        body: e.body,
      }).catch(() => undefined);
      status = res?.status ?? null;
      await res?.arrayBuffer();
    }
    webhooks.push({ ...e, status });
  }
  const secret = gatewayConfig()?.keySecret ?? '';
  const callback: Record<string, string> = fail
    ? {
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[source]': 'customer',
        'error[step]': 'payment_authorization',
        'error[reason]': 'payment_failed',
        'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: order.id }),
      }
    : {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: hmacHex(checkoutPayload(order.id, payment.id), secret),
      };
  return { payment, callback, webhooks };
}

/** POST /control/pay { order_id, amount?, currency?, fail?, webhook? }: a test's payment. */
const controlPay: Handler = async (req) => {
  const body = await readJson(req);
  const order = await read<Order>(`orders/${String(body.order_id ?? '')}`);
  if (!order) return gatewayError(400, NO_ID, 'order_id');
  const made = await makePayment(order, {
    ...(typeof body.amount === 'number' ? { amount: body.amount } : {}),
    ...(typeof body.currency === 'string' ? { currency: body.currency } : {}),
    fail: body.fail === true,
    webhook: body.webhook !== false,
  });
  return json(made);
};

// ---- the checkout pages ----------------------------------------------------------------------------

/** Both languages on every line: the gateway does not know the family's. */
const both = (code: TextCode, values: Record<string, string> = {}) =>
  `${escapeHtml(fill('en', code, values))}<br><span lang="hi">${escapeHtml(fill('hi', code, values))}</span>`;

function html(title: string, body: string, status = 200): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1b1f2a}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#7a1d00;color:#fff;font-weight:700;padding:.75rem 1rem;text-align:center;font-size:1.05rem}
.card{background:#fff;border-radius:.5rem;padding:1rem;box-shadow:0 1px 3px #0002;margin-top:1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0}dt{font-weight:600}dd{margin:0}
button,a.button{display:block;width:100%;box-sizing:border-box;min-height:3rem;margin-top:.75rem;border:0;border-radius:.4rem;font:inherit;font-weight:600;cursor:pointer;text-align:center;padding:.6rem;text-decoration:none}
.pay{background:#1a56db;color:#fff}.fail{background:#fff;color:#9b1c1c;border:2px solid #9b1c1c}a.button{background:#e5e7eb;color:#1b1f2a}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 .5rem}
</style></head><body><p class="banner" role="note">${both('testGateway.banner')}</p><main>${body}</main></body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** The address a checkout may send the family back to: this site's own (the callback and the status pages). */
function ownAddress(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.origin === new URL(process.env.URL ?? '').origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const checkoutPage: Handler = async (req) => {
  const form = await bodyOf(req);
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
  const config = gatewayConfig();
  const order = await read<Order>(`orders/${text('order_id')}`);
  const callback = ownAddress(text('callback_url'));
  if (!config || text('key_id') !== config.keyId || !order || !callback)
    return html(fill('en', 'testGateway.title'), `<div class="card"><p>${both('testGateway.unknown')}</p></div>`, 400);
  const cancel = ownAddress(text('cancel_url'));
  const amount = formatRupees(order.amount);
  const carried = hidden({ order_id: order.id, callback_url: callback, contact: text('prefill[contact]') });
  return html(
    fill('en', 'testGateway.title'),
    `<div class="card"><h1>${both('testGateway.title')}</h1><p>${both('testGateway.explain')}</p>
<dl><dt>${both('testGateway.payee')}</dt><dd>${escapeHtml(text('name'))}</dd><dt>${both('testGateway.for')}</dt><dd>${escapeHtml(text('description'))}</dd>
<dt>${both('testGateway.amount')}</dt><dd><strong>${escapeHtml(amount)}</strong></dd></dl>
<form method="post" action="${TEST_GATEWAY_PATH}/v1/checkout/pay">${carried}<button class="pay" name="outcome" value="captured">${both('testGateway.pay', { amount })}</button>
<button class="fail" name="outcome" value="failed">${both('testGateway.fail')}</button></form>
${cancel ? `<a class="button" href="${escapeHtml(cancel)}">${both('testGateway.cancel')}</a>` : ''}</div>`,
  );
};

/**
 * The test gateway's checkout.js: the same constructor, options and open() as Razorpay's, so the
 * status page's code is the same for both. open() takes the family to the test checkout page (a
 * plain form POST to this origin); its Cancel link comes back to the page Pay was tapped on.
 */
const CHECKOUT_SCRIPT = `(function () {
  'use strict';
  var page = new URL('checkout/embedded', document.currentScript.src).href;
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) throw new TypeError('Razorpay is a constructor');
    this.options = options || {};
  }
  Razorpay.prototype.open = function () {
    var o = this.options;
    var fields = {
      key_id: o.key, order_id: o.order_id, amount: String(o.amount), currency: o.currency, name: o.name || '',
      description: o.description || '', 'prefill[contact]': (o.prefill && o.prefill.contact) || '',
      callback_url: o.callback_url, cancel_url: location.origin + location.pathname + '?payment=cancelled'
    };
    var form = document.createElement('form');
    form.method = 'post';
    form.action = page;
    Object.keys(fields).forEach(function (name) {
      var input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = fields[name];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  };
  window.Razorpay = Razorpay;
})();
`;

const checkoutScript: Handler = async () =>
  new Response(CHECKOUT_SCRIPT, {
    headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
  });

const checkoutPay: Handler = async (req) => {
  const form = Object.fromEntries(new URLSearchParams(await readText(req)));
  const order = await read<Order>(`orders/${form.order_id ?? ''}`);
  const callback = ownAddress(form.callback_url ?? '');
  if (!order || !callback)
    return html(fill('en', 'testGateway.title'), `<div class="card"><p>${both('testGateway.unknown')}</p></div>`, 400);
  const made = await makePayment(order, {
    fail: form.outcome === 'failed',
    ...(form.contact ? { contact: form.contact } : {}),
  });
  return html(
    fill('en', 'testGateway.title'),
    `<div class="card"><h1>${both(form.outcome === 'failed' ? 'testGateway.failed' : 'testGateway.done')}</h1>
<form method="post" action="${escapeHtml(callback)}">${hidden(made.callback)}<button class="pay">${both('testGateway.continue')}</button></form></div>`,
  );
};

const G = TEST_GATEWAY_PATH;

export const testGatewayRoutes: Routes = {
  [`${G}/v1/orders`]: { POST: api(createOrder) },
  [`${G}/v1/orders/:id`]: { GET: api(fetchOrder) },
  [`${G}/v1/orders/:id/payments`]: { GET: api(orderPayments) },
  [`${G}/v1/payments/:id`]: { GET: api(fetchPayment) },
  [`${G}/v1/payments/:id/refund`]: { POST: api(refundPayment) },
  [`${G}/v1/checkout.js`]: { GET: page(checkoutScript) },
  [`${G}/v1/checkout/embedded`]: { POST: page(checkoutPage) },
  [`${G}/v1/checkout/pay`]: { POST: page(checkoutPay) },
  [`${G}/control/pay`]: { POST: api(controlPay) },
};
