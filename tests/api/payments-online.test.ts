/**
 * Fees paid online (issue 28), on a site of its own with the built-in test gateway, which speaks
 * Razorpay's API and signs as Razorpay does (tests/support/gateway.ts computes the signatures from
 * the documented scheme): orders proven by the status pair, one open order per fee, 409 when nothing
 * is due, the checkout's signed return, webhooks (tampered, replayed, mismatched, unknown order),
 * reconciliation of a lost webhook, a second payment refunded, the principal's reversal refunded
 * through the gateway, a fee changed after the order, and receipt numbers under concurrent desk and
 * online payments. A test payment's receipt (screen JSON and PDF, English and Hindi) says "Test
 * payment: no money moved", never Razorpay's name; a signed event whose values are out of range (the
 * review's amount "50000.5", ids that are not text, a time no event has) is 400 and stores nothing.
 * Runs on PGlite and again on PostgreSQL (node scripts/test-postgres.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, staffClient } from '../support/api.ts';
import { useSite } from '../support/site.ts';
import { RAISED_LIMITS, TEST_GATEWAY } from '../support/runtime.ts';
import { GATEWAY_SECRETS, TestGateway, capturedEvent, sign } from '../support/gateway.ts';
import { tcBody, createAdmission } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { dateInIndia, yearInIndia } from '../../src/lib/dates.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import { ALL_CLASSES } from '../../src/lib/classes.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { readPdf } from '../support/pdf.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';

const ENGINE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ADMIN_EMAIL = 'cashier@school.test';
const ADMIN_PASSWORD = 'gateway paid twice refunded once';
const MOBILE = '9123456780';
const TC_PAISE = fees.transferCertificate * 100;
/** "Received by" of a payment the built-in test gateway recorded. */
const TEST_RECEIVER = 'Test gateway (no money moved)';

let runtime: InProcessSite;
let gateway: TestGateway;
let office: ApiClient;
let principal: ApiClient;
let db: pg.Pool;

beforeAll(async () => {
  runtime = await startInProcessSite({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...RAISED_LIMITS,
    ...GATEWAY_SECRETS,
    ...TEST_GATEWAY,
  });
  useSite({
    baseURL: runtime.url,
    databaseURL: runtime.databaseUrl,
    runtimeRoot: runtime.root,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  });
  gateway = new TestGateway(runtime.url);
  db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 3 });
  [office, principal] = await Promise.all([
    staffClient('office', 'Meena Online'),
    staffClient('principal', 'Dr Verma Online'),
  ]).then((s) => s.map((x) => x.client));
}, 120_000);
afterAll(async () => {
  await db?.end();
  await runtime?.stop();
});

const visitor = () => new ApiClient(runtime.url);
const post = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'POST', json });

async function tcRequest(): Promise<{ _id: string; admissionNumber: string; studentName: string }> {
  const res = await post(visitor(), '/v1/api/tc-request', tcBody());
  if (res.status !== 201) throw new Error(`TC request: ${res.status} ${await res.text()}`);
  return res.json();
}

const order = (admissionNumber: string, contactNo = MOBILE) =>
  post(visitor(), '/v1/api/payments/order', { kind: 'tc-request', number: admissionNumber, contactNo });

async function orderOf(admissionNumber: string): Promise<{ orderId: string; amount: number; [key: string]: unknown }> {
  const res = await order(admissionNumber);
  if (res.status !== 201 && res.status !== 200) throw new Error(`order: ${res.status} ${await res.text()}`);
  return res.json();
}

const record = async (id: string) => (await principal.request(`/v1/api/tc-request/${id}`)).json();
const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;
const stored = async (id: string) => ({
  payments: await rows(
    `SELECT receipt_number, amount_paise::text AS paise, mode, reference FROM payments WHERE record_id = $1 ORDER BY created_at`,
    [id],
  ),
  gateway: await rows(
    `SELECT g.payment_id, g.outcome FROM gateway_payments g JOIN payment_orders o USING (order_id) WHERE o.record_id = $1 ORDER BY g.created_at`,
    [id],
  ),
});

describe(`orders (${ENGINE})`, () => {
  it("answers 201 with the order of what is due, the same order again on a retry, and Standard Checkout's script and options", async () => {
    const tc = await tcRequest();
    const first = await order(tc.admissionNumber);
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({
      amount: TC_PAISE,
      currency: 'INR',
      keyId: 'rzp_test_local_gateway',
      test: true,
      checkoutScript: `${runtime.url}/v1/test-gateway/v1/checkout.js`,
    });
    expect(body.orderId).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(body.checkout).toEqual({
      key: 'rzp_test_local_gateway',
      order_id: body.orderId,
      amount: TC_PAISE,
      currency: 'INR',
      name: expect.any(String),
      description: expect.any(String),
      prefill: { contact: `+91${MOBILE}` },
      callback_url: `${runtime.url}/v1/api/payments/callback`,
      redirect: true,
    });
    // The test gateway's script: Standard Checkout's contract, served from the site itself.
    const script = await fetch(body.checkoutScript);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await script.text()).toContain('window.Razorpay = Razorpay');
    // The gateway holds the same order, at the same amount.
    const held = await gateway.get(`/orders/${body.orderId}`);
    expect(held).toMatchObject({
      status: 200,
      body: { id: body.orderId, amount: TC_PAISE, currency: 'INR', status: 'created' },
    });

    const again = await order(tc.admissionNumber);
    expect(again.status).toBe(201);
    expect((await again.json()).orderId).toBe(body.orderId);
    expect(
      await rows(`SELECT order_id, amount_paise::text AS paise, state FROM payment_orders WHERE record_id = $1`, [
        tc._id,
      ]),
    ).toEqual([{ order_id: body.orderId, paise: String(TC_PAISE), state: 'open' }]);
  });

  it("answers a wrong pair with the status check's one 404, and a malformed body with 400 naming the fields, storing nothing", async () => {
    const tc = await tcRequest();
    const wrong = await order(tc.admissionNumber, '9000000001');
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ code: 'statusCheck.notFound.tc' });
    const bad = await post(visitor(), '/v1/api/payments/order', { kind: 'bus-fee', number: '', contactNo: '12' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fields).sort()).toEqual(['contactNo', 'kind', 'number']);
    expect(await rows(`SELECT 1 FROM payment_orders WHERE record_id = $1`, [tc._id])).toEqual([]);
  });

  it('answers 409 when nothing is due: an application not yet admitted, a TC fee paid at the desk (its open order is closed)', async () => {
    const admission = await createAdmission();
    const early = await post(visitor(), '/v1/api/payments/order', {
      kind: 'admission',
      number: admission.referenceNumber,
      contactNo: '9988776655',
    });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'nothing-due' });

    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const desk = await post(office, `/v1/api/tc-request/${tc._id}/payments`, {
      amount: fees.transferCertificate,
      mode: 'cash',
      reference: '',
      paidOn: dateInIndia(),
    });
    expect(desk.status).toBe(201);
    const after = await order(tc.admissionNumber);
    expect(after.status).toBe(409);
    expect(await after.json()).toMatchObject({ code: 'nothing-due', error: expect.any(String) });
    expect(await rows(`SELECT state FROM payment_orders WHERE order_id = $1`, [orderId])).toEqual([
      { state: 'closed' },
    ]);
  });
});

describe(`the admission fee (${ENGINE})`, () => {
  it("is paid online once the child is admitted: its order is the class's fee, and the payment is the application's receipt", async () => {
    const admission = await createAdmission();
    const move = async (status: string) =>
      expect(
        (await office.request(`/v1/api/admission/${admission._id}`, { method: 'PATCH', json: { status } })).status,
      ).toBe(200);
    await move('under-review');
    for (const field of Object.keys(admission.files)) {
      expect(
        (
          await office.request(`/v1/api/admission/${admission._id}/documents/${field}`, {
            method: 'PATCH',
            json: { state: 'verified' },
          })
        ).status,
      ).toBe(200);
    }
    await move('documents-verified');
    await move('admitted');
    const made = await post(visitor(), '/v1/api/payments/order', {
      kind: 'admission',
      number: admission.referenceNumber.toLowerCase(),
      contactNo: '+91 99887 76655',
    });
    expect(made.status).toBe(201);
    const { orderId, amount, checkout } = await made.json();
    expect(amount).toBe(fees.admission['K.G'] * 100);
    expect(checkout).toMatchObject({ order_id: orderId, amount, prefill: { contact: '+919988776655' } });
    const paid = await gateway.pay(orderId, { webhook: false });
    const back = await gateway.callback(paid.callback);
    expect(back.headers.get('location')).toBe(`/admissions/status?ref=${admission.referenceNumber}&payment=paid`);
    const details = await (await office.request(`/v1/api/admission/${admission._id}`)).json();
    expect(details).toMatchObject({ status: 'admitted', paymentStatus: 'paid' });
    expect(details.payments).toEqual([
      expect.objectContaining({ amountPaise: fees.admission['K.G'] * 100, mode: 'online', reference: paid.payment.id }),
    ]);
    // The office's list names it as the family knows it: the application's reference and the child's whole name.
    const own = await (await office.request(`/v1/api/payments/online?record=${admission._id}`)).json();
    const { first, middle, last } = admission.names;
    expect(own.payments).toEqual([
      expect.objectContaining({
        paymentId: paid.payment.id,
        outcome: 'recorded',
        recordNumber: admission.referenceNumber,
        student: `${first} ${middle} ${last}`,
      }),
    ]);
  });
});

describe(`a payment verified and recorded (${ENGINE})`, () => {
  it("takes a paid order through the desk's path: one receipt, the TC request moved to Fee paid, the checkout's return sent to the status page", async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const paid = await gateway.pay(orderId);
    expect(paid.webhooks.map((w) => [w.event, w.status])).toEqual([
      ['payment.captured', 200],
      ['order.paid', 200],
    ]);
    const now = await record(tc._id);
    expect(now).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid', transactionId: paid.payment.id });
    expect(now.payments).toEqual([
      expect.objectContaining({
        amountPaise: TC_PAISE,
        mode: 'online',
        reference: paid.payment.id,
        receivedBy: TEST_RECEIVER,
      }),
    ]);
    expect(now.payments[0].receiptNumber).toMatch(new RegExp(`^RMCP-R-${yearInIndia()}-\\d{6}$`));

    // The checkout's return finds it recorded, and sends the family to its status page.
    const back = await gateway.callback(paid.callback);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `/admissions/tc-request/status?number=${encodeURIComponent(tc.admissionNumber)}&payment=paid`,
    );
    expect((await stored(tc._id)).payments).toHaveLength(1);
    const audit = await rows(
      `SELECT action, admin_email FROM audit_log WHERE entity_id = $1 AND action = 'online-payment'`,
      [tc._id],
    );
    expect(audit).toEqual([{ action: 'online-payment', admin_email: 'online payment' }]);
    // The receipt, as the office's screen shows it and the family downloads it: a test payment, no money moved.
    const shown = await (await office.request(`/v1/api/receipts/${now.payments[0].receiptNumber}`)).json();
    expect(shown).toMatchObject({
      mode: 'online',
      test: true,
      modeLabel: 'Test payment: no money moved',
      referenceLabel: 'Test payment ID',
      reference: paid.payment.id,
      receivedBy: TEST_RECEIVER,
    });
    // Hindi in pieces whose glyphs read back in their written order (a shaped cluster may read back moved).
    for (const [lang, words] of [
      ['en', ['Test payment: no money moved']],
      ['hi', ['परीक्षण भुगतान: कोई', 'पैसा नहीं कटा']],
    ] as const) {
      const receipt = await visitor().request(
        `/v1/api/tc-request/receipt?${new URLSearchParams({ admissionNumber: tc.admissionNumber, contactNo: MOBILE, number: now.payments[0].receiptNumber, lang })}`,
      );
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-type')).toBe('application/pdf');
      const text = (await readPdf(new Uint8Array(await receipt.arrayBuffer()))).text.replace(/\s+/g, ' ');
      for (const piece of words) expect(text).toContain(piece);
      expect(text).toContain(paid.payment.id);
      expect(text).not.toContain('Razorpay');
    }
  });

  it('a return whose signature does not match records nothing and says the payment failed', async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const paid = await gateway.pay(orderId, { webhook: false });
    const forged = await gateway.callback({
      ...paid.callback,
      razorpay_signature: sign(`${orderId}|${paid.payment.id}`, 'not the key secret'),
    });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toMatch(/payment=failed$/);
    expect(await stored(tc._id)).toEqual({ payments: [], gateway: [] });
    // The genuine return then records it.
    const genuine = await gateway.callback(paid.callback);
    expect(genuine.headers.get('location')).toMatch(/payment=paid$/);
    expect((await stored(tc._id)).payments).toHaveLength(1);
  });
});

describe(`webhooks (${ENGINE})`, () => {
  it('answers a tampered signature 400 and stores nothing', async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const paid = await gateway.pay(orderId, { webhook: false });
    const captured = paid.webhooks[0]!;
    const events = Number((await rows(`SELECT count(*)::int AS n FROM gateway_events`))[0].n);
    // The body changed after signing, a signature made with another secret, and none at all.
    for (const [body, signature] of [
      [captured.body.replace(`"amount":${TC_PAISE}`, `"amount":${TC_PAISE + 100}`), captured.signature],
      [captured.body, sign(captured.body, 'another secret')],
      [captured.body, ''],
    ] as const) {
      const res = await gateway.webhook(body, { signature, eventId: captured.eventId });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), code: 'bad-signature' });
    }
    expect(await stored(tc._id)).toEqual({ payments: [], gateway: [] });
    expect(Number((await rows(`SELECT count(*)::int AS n FROM gateway_events`))[0].n)).toBe(events);
    expect(await record(tc._id)).toMatchObject({ status: 'requested', paymentStatus: 'pending' });
  });

  it('makes no second payment of a replayed event, nor of the same payment in another event; a later failed event moves nothing back', async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const paid = await gateway.pay(orderId, { webhook: false });
    const [captured, orderPaid] = paid.webhooks;
    const first = await gateway.webhook(captured!.body, { signature: captured!.signature, eventId: captured!.eventId });
    expect(await first.json()).toEqual({ status: 'paid' });
    const replay = await gateway.webhook(captured!.body, {
      signature: captured!.signature,
      eventId: captured!.eventId,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: 'duplicate' });
    const other = await gateway.webhook(orderPaid!.body, {
      signature: orderPaid!.signature,
      eventId: orderPaid!.eventId,
    });
    expect(await other.json()).toEqual({ status: 'paid' });
    // A payment.failed of the same order, arriving late.
    const failedBody = captured!.body
      .replace('"event":"payment.captured"', '"event":"payment.failed"')
      .replace('"status":"captured"', '"status":"failed"');
    expect((await gateway.webhook(failedBody)).status).toBe(200);
    expect((await stored(tc._id)).payments).toHaveLength(1);
    expect(await record(tc._id)).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid' });
  });

  it("never counts a payment whose amount or currency is not its order's: a mismatch the office sees", async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const short = await gateway.pay(orderId, { amount: TC_PAISE - 100 });
    expect(short.webhooks[0]!.status).toBe(200);
    const foreign = await gateway.pay(orderId, { currency: 'USD' });
    expect(foreign.webhooks[0]!.status).toBe(200);
    const { payments, gateway: seen } = await stored(tc._id);
    expect(payments).toEqual([]);
    expect(seen.map((g) => g.outcome)).toEqual(['mismatch', 'mismatch']);
    expect(await record(tc._id)).toMatchObject({ status: 'requested', paymentStatus: 'pending' });
    const list = await (await office.request('/v1/api/payments/online?outcome=mismatch')).json();
    expect(list.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual(
      expect.arrayContaining([short.payment.id, foreign.payment.id]),
    );
    // The record's details screen asks for its own: exactly these two, newest first.
    const own = await (await office.request(`/v1/api/payments/online?record=${tc._id}`)).json();
    expect(
      own.payments.map((p: { paymentId: string; outcome: string; recordNumber: string }) => [
        p.paymentId,
        p.outcome,
        p.recordNumber,
      ]),
    ).toEqual([
      [foreign.payment.id, 'mismatch', tc.admissionNumber],
      [short.payment.id, 'mismatch', tc.admissionNumber],
    ]);
    expect(own.payments[0].student).toBe(tc.studentName);
    const dashboard = await (await office.request('/v1/api/dashboard')).json();
    expect(dashboard.onlineAttention).toBeGreaterThanOrEqual(2);
  });

  it('answers a signed event whose values are out of range 400 naming them, and stores nothing (the review\'s amount "50000.5" among them)', async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const counts = async () => ({
      events: (await rows(`SELECT count(*)::int AS n FROM gateway_events`))[0].n,
      payments: (await rows(`SELECT count(*)::int AS n FROM gateway_payments`))[0].n,
    });
    const before = await counts();
    const event = (entity: Record<string, unknown>, top: Record<string, unknown> = {}) => {
      const body = JSON.parse(capturedEvent({ id: 'pay_Range000000001', order_id: orderId, amount: TC_PAISE }));
      Object.assign(body.payload.payment.entity, entity);
      return JSON.stringify({ ...body, ...top });
    };
    const AMOUNT = 'payload.payment.entity.amount';
    for (const [body, field] of [
      [event({ amount: '50000.5' }), AMOUNT],
      [event({ amount: 50000.5 }), AMOUNT],
      [event({ amount: TC_PAISE + 0.5 }), AMOUNT],
      [event({ amount: -TC_PAISE }), AMOUNT],
      [event({ amount: 1e20 }), AMOUNT],
      [event({ amount: 2 ** 53 }), AMOUNT],
      [event({ amount: String(TC_PAISE) }), AMOUNT],
      [event({ amount: null }), AMOUNT],
      [event({ id: 12345 }), 'payload.payment.entity.id'],
      [event({ id: `pay_${'A'.repeat(100)}` }), 'payload.payment.entity.id'],
      [event({ id: "pay_1' OR '1'='1" }), 'payload.payment.entity.id'],
      [event({ order_id: { id: orderId } }), 'payload.payment.entity.order_id'],
      [event({ order_id: 7 }), 'payload.payment.entity.order_id'],
      [event({ currency: 356 }), 'payload.payment.entity.currency'],
      [event({ currency: 'rupees' }), 'payload.payment.entity.currency'],
      [event({ status: ['captured'] }), 'payload.payment.entity.status'],
      [event({ method: 7 }), 'payload.payment.entity.method'],
      [event({}, { event: 42 }), 'event'],
      [event({}, { payload: { payment: { entity: 'pay_Range000000001' } } }), 'payload.payment.entity'],
      ['null', '(body)'],
    ] as const) {
      const res = await gateway.webhook(body);
      expect(res.status, body).toBe(400);
      const answer = await res.json();
      expect(answer, body).toMatchObject({ code: 'out-of-range', error: expect.any(String) });
      expect(Object.keys(answer.fields), body).toEqual([field]);
    }
    // An event id that is no gateway's id, on an event otherwise in range.
    const badId = await gateway.webhook(event({}), { eventId: `evt_${'9'.repeat(80)}` });
    expect(badId.status).toBe(400);
    expect(Object.keys((await badId.json()).fields)).toEqual(['X-Razorpay-Event-Id']);
    expect(await counts()).toEqual(before);
    expect(await stored(tc._id)).toEqual({ payments: [], gateway: [] });

    // The gateway itself answering such a payment (its webhooks, then the family's return): nothing is taken, the family is told it is being confirmed.
    const odd = await gateway.pay(orderId, { amount: TC_PAISE + 0.5 });
    expect(odd.webhooks.map((w) => w.status)).toEqual([400, 400]);
    const back = await gateway.callback(odd.callback);
    expect(back.headers.get('location')).toMatch(/payment=pending$/);
    expect(await counts()).toEqual(before);
    expect(await stored(tc._id)).toEqual({ payments: [], gateway: [] });
    expect(await record(tc._id)).toMatchObject({ status: 'requested', paymentStatus: 'pending' });

    // The family's genuine payment of the same order is taken as ever.
    const paid = await gateway.pay(orderId);
    expect(paid.webhooks.map((w) => w.status)).toEqual([200, 200]);
    expect(await record(tc._id)).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid' });
  });

  it('answers a webhook for an order that is not ours 2xx and ignores it', async () => {
    const body = capturedEvent({ id: 'pay_NotOurs000000001', order_id: 'order_NotOurs0000001', amount: TC_PAISE });
    const before = await rows(`SELECT count(*)::int AS n FROM gateway_payments`);
    const res = await gateway.webhook(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ignored' });
    expect(await rows(`SELECT count(*)::int AS n FROM gateway_payments`)).toEqual(before);
    expect(await rows(`SELECT 1 FROM payments WHERE reference = 'pay_NotOurs000000001'`)).toEqual([]);
  });
});

describe(`reconciliation, refunds and a changed fee (${ENGINE})`, () => {
  it("finds a payment whose webhook was lost, on the office's demand (audited)", async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    await gateway.pay(orderId, { webhook: false });
    expect(await record(tc._id)).toMatchObject({ paymentStatus: 'pending' });
    const run = await post(office, '/v1/api/payments/reconcile', {});
    expect(run.status).toBe(200);
    // At least this one: payments other tests made without their webhooks are found too.
    expect((await run.json()).paid).toBeGreaterThanOrEqual(1);
    expect(await record(tc._id)).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid' });
    const audit = await rows(
      `SELECT detail FROM audit_log WHERE action = 'reconcile' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit[0].detail).toMatch(/open order\(s\) asked: \d+ paid/);
  });

  it('refunds a second payment of a paid order through the gateway, and records it', async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    await gateway.pay(orderId);
    const twice = await gateway.pay(orderId);
    expect(twice.webhooks[0]!.status).toBe(200);
    const { payments, gateway: seen } = await stored(tc._id);
    expect(payments).toHaveLength(1);
    expect(seen.map((g) => g.outcome)).toEqual(['recorded', 'refunded']);
    const atGateway = await gateway.get(`/payments/${twice.payment.id}`);
    expect(atGateway.body).toMatchObject({ amount_refunded: TC_PAISE, refund_status: 'full' });
    expect(
      await rows(`SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'online-refund'`, [tc._id]),
    ).toHaveLength(1);
  });

  it("refunds through the gateway the principal's reversal of an online payment, recorded as a reversal", async () => {
    const tc = await tcRequest();
    const { orderId } = await orderOf(tc.admissionNumber);
    const paid = await gateway.pay(orderId);
    const [payment] = (await record(tc._id)).payments;
    const byOffice = await post(office, `/v1/api/tc-request/${tc._id}/payments/${payment._id}/reverse`, {
      reason: 'Paid twice by mistake',
    });
    expect(byOffice.status).toBe(403);
    const reversed = await post(principal, `/v1/api/tc-request/${tc._id}/payments/${payment._id}/reverse`, {
      reason: 'Family withdrew the request',
    });
    expect(reversed.status).toBe(201);
    const { payment: reversal, record: after } = await reversed.json();
    expect(reversal).toMatchObject({ amountPaise: -TC_PAISE, mode: 'online', reverses: payment.receiptNumber });
    expect(reversal.reference).toMatch(/^rfnd_/);
    expect(after).toMatchObject({ status: 'requested', paymentStatus: 'pending' });
    expect((await gateway.get(`/payments/${paid.payment.id}`)).body).toMatchObject({ amount_refunded: TC_PAISE });
    expect(await rows(`SELECT gateway_refund_id FROM payments WHERE reverses = $1`, [payment._id])).toEqual([
      { gateway_refund_id: reversal.reference },
    ]);
    // Refunded through the test gateway: its receipt says no money moved either.
    expect(await (await principal.request(`/v1/api/receipts/${reversal.receiptNumber}`)).json()).toMatchObject({
      kind: 'reversal',
      test: true,
      modeLabel: 'Test payment: no money moved',
    });
  });

  it("keeps an open order's amount when the school's fee changes after it, and the family's payment settles the fee", async () => {
    const tc = await tcRequest();
    const { orderId, amount } = await orderOf(tc.admissionNumber);
    const session = sessionOf();
    const feeBody = (tcFee: number) => ({
      session,
      admission: ALL_CLASSES.map((c) => ({ admissionClass: c, amount: fees.admission[c] })),
      transferCertificate: tcFee,
    });
    expect(
      (await principal.request('/v1/api/fees', { method: 'PUT', json: feeBody(fees.transferCertificate + 250) }))
        .status,
    ).toBe(200);
    try {
      const again = await orderOf(tc.admissionNumber);
      expect(again).toMatchObject({ orderId, amount });
      await gateway.pay(orderId);
      const now = await record(tc._id);
      expect(now).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid' });
      expect(now.fee).toMatchObject({ duePaise: TC_PAISE, paidPaise: TC_PAISE, balancePaise: 0 });
    } finally {
      expect(
        (await principal.request('/v1/api/fees', { method: 'PUT', json: feeBody(fees.transferCertificate) })).status,
      ).toBe(200);
    }
  });
});

describe(`receipt numbers under concurrent desk and online payments (${ENGINE})`, () => {
  it("gives every payment its own number, and the year's numbers stay gapless", async () => {
    const desk = await Promise.all(Array.from({ length: 4 }, tcRequest));
    const online = await Promise.all(Array.from({ length: 4 }, tcRequest));
    const orders = await Promise.all(online.map((tc) => orderOf(tc.admissionNumber)));
    const results = await Promise.all([
      ...desk.map((tc) =>
        post(office, `/v1/api/tc-request/${tc._id}/payments`, {
          amount: fees.transferCertificate,
          mode: 'upi',
          reference: `UTR${tc._id.slice(0, 8)}`,
          paidOn: dateInIndia(),
        }).then((r) => r.status),
      ),
      ...orders.map((o) => gateway.pay(o.orderId).then((p) => p.webhooks[0]!.status)),
    ]);
    expect(results).toEqual([...Array(4).fill(201), ...Array(4).fill(200)]);
    const numbers = (
      await rows(`SELECT receipt_number FROM payments WHERE receipt_number LIKE $1 ORDER BY receipt_number`, [
        `RMCP-R-${yearInIndia()}-%`,
      ])
    ).map((r) => r.receipt_number as string);
    const sequence = numbers.map((n) => Number(n.slice(-6)));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
    for (const tc of [...desk, ...online])
      expect(await record(tc._id)).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid' });
  });
});
