/**
 * Online payments that did not happen, as the office's online payments screen lists them (GET
 * /v1/api/payments/online's `unpaid`), in this process with the built-in test gateway: a payment
 * the gateway reported failed (its signed payment.failed webhook, and the checkout's return, which
 * is noted only as the gateway itself reports the payment) once, with its time, record, amount and
 * reason; an order left unpaid for more than 30 minutes as abandoned, a newer one not yet; a
 * forged return naming a payment the gateway does not know notes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { TEST_GATEWAY } from '../support/runtime.ts';
import { GATEWAY_SECRETS, TestGateway } from '../support/gateway.ts';
import { tcBody } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';

const MOBILE = '9123456780';

let runtime: OfficeSite;
let gateway: TestGateway;
let office: ApiClient;
let db: pg.Pool;

beforeAll(async () => {
  runtime = await startOfficeSite({ ...GATEWAY_SECRETS, ...TEST_GATEWAY }, 'Unpaid Clerk');
  gateway = new TestGateway(runtime.url);
  ({ db, office } = runtime);
}, 180_000);
afterAll(async () => {
  await runtime?.stop();
});

const visitor = () => new ApiClient(runtime.url);

/** A TC request and its open order. */
async function tcWithOrder(): Promise<{ id: string; admissionNumber: string; orderId: string }> {
  const made = await visitor().request('/v1/api/tc-request', { method: 'POST', json: tcBody() });
  expect(made.status).toBe(201);
  const tc = await made.json();
  const order = await visitor().request('/v1/api/payments/order', {
    method: 'POST',
    json: { kind: 'tc-request', number: tc.admissionNumber, contactNo: MOBILE },
  });
  expect(order.status).toBe(201);
  return { id: tc._id, admissionNumber: tc.admissionNumber, orderId: (await order.json()).orderId };
}

const unpaid = async () => {
  const res = await office.request('/v1/api/payments/online');
  expect(res.status).toBe(200);
  return (await res.json()).unpaid as Record<string, unknown>[];
};

describe('failed and abandoned online payments', () => {
  it('lists a failed payment once, with its time, record, amount and the gateway’s reason', async () => {
    const tc = await tcWithOrder();
    const started = Date.now();
    const paid = await gateway.pay(tc.orderId, { fail: true });
    expect(paid.webhooks.map((w) => [w.event, w.status])).toEqual([['payment.failed', 200]]);
    // The checkout's return says the same: checked with the gateway, noted once.
    const back = await visitor().request('/v1/api/payments/callback', {
      method: 'POST',
      body: new URLSearchParams(paid.callback),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toContain('payment=failed');
    const listed = (await unpaid()).filter((u) => u.orderId === tc.orderId);
    expect(listed).toEqual([
      {
        kind: 'failed',
        orderId: tc.orderId,
        paymentId: paid.payment.id,
        entity: 'tc-request',
        recordId: tc.id,
        recordNumber: tc.admissionNumber,
        student: expect.stringMatching(/^Mohan /),
        amountPaise: fees.transferCertificate * 100,
        reason: 'Payment failed',
        paidSince: false,
        at: expect.any(String),
      },
    ]);
    expect(Math.abs(new Date(String(listed[0]!.at)).getTime() - started)).toBeLessThan(60_000);
    // Nothing about the record changed: still its fee to pay, the order still open for another try.
    expect((await db.query(`SELECT state FROM payment_orders WHERE order_id = $1`, [tc.orderId])).rows).toEqual([
      { state: 'open' },
    ]);
  });

  it('lists an order unpaid after 30 minutes as abandoned; a newer one is not yet; a forged return notes nothing', async () => {
    const old = await tcWithOrder();
    const fresh = await tcWithOrder();
    await db.query(`UPDATE payment_orders SET created_at = now() - interval '31 minutes' WHERE order_id = $1`, [
      old.orderId,
    ]);
    const forged = new URLSearchParams({
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment failed',
      'error[metadata]': JSON.stringify({ payment_id: 'pay_NoSuchPayment01', order_id: fresh.orderId }),
    });
    expect(
      (await visitor().request('/v1/api/payments/callback', { method: 'POST', body: forged, redirect: 'manual' }))
        .status,
    ).toBe(303);

    const listed = await unpaid();
    expect(listed.filter((u) => u.orderId === old.orderId)).toEqual([
      expect.objectContaining({
        kind: 'abandoned',
        paymentId: null,
        recordId: old.id,
        recordNumber: old.admissionNumber,
        reason: '',
      }),
    ]);
    expect(listed.filter((u) => u.orderId === fresh.orderId)).toEqual([]);
    expect((await db.query(`SELECT count(*)::int AS n FROM payment_failures`)).rows[0].n).toBe(1);
    // One record's: the details screen's question.
    const one = await (await office.request(`/v1/api/payments/online?record=${old.id}`)).json();
    expect(one.unpaid.map((u: { orderId: string }) => u.orderId)).toEqual([old.orderId]);
    expect(one.abandonedMinutes).toBe(30);
  });
});
