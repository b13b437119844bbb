/**
 * The local runtime without Razorpay keys and without PAYMENTS_TEST_GATEWAY=1 (`npm start` as a
 * school runs it on the office network): no online payment at all, as on a deploy without keys.
 * The family's status page tells it to pay at the office and shows no Pay button (Chromium at
 * 360 px, in Hindi); the order route answers 409 `online-off`; the test gateway's routes answer 404
 * (its checkout page, its API with its generated key, its control route); a webhook signed with the
 * runtime's webhook secret records nothing. The review's reproduction: before the setting, this
 * runtime let any family settle its fee through the test gateway without paying.
 *
 * One runtime of its own (the shared one turns the test gateway on); its secrets are the shared
 * runtime's kind (the test gateway's key secret, the webhook secret), so only the setting is missing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import pg from 'pg';
import { ApiClient, staffClient, type Json } from '../support/api.ts';
import { PHONE, launchBrowser, screenshot } from '../support/browser.ts';
import { RAISED_LIMITS, startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { GATEWAY_SECRETS, TEST_KEY_ID, TestGateway, capturedEvent } from '../support/gateway.ts';
import { createTcRequest } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { withDefaultUser } from '../../src/server/db.ts';

const MOBILE = '9123456782';
const AMOUNT = formatRupees(fees.transferCertificate * 100);
const hi = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('hi', code, values);

let runtime: TestRuntime;
let browser: Browser;
let request: Json;

beforeAll(async () => {
  // PAYMENTS_TEST_GATEWAY given empty: a shell that exports it for other runs does not turn it on here.
  runtime = await startIsolatedRuntime({
    ADMIN_EMAIL: inject('adminEmail'),
    ADMIN_PASSWORD: inject('adminPassword'),
    ...RAISED_LIMITS,
    ...GATEWAY_SECRETS,
    PAYMENTS_TEST_GATEWAY: '',
  });
  [browser, request] = await Promise.all([launchBrowser(), createTcRequest({ contact: MOBILE }, runtime.url)]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

describe('without keys and without PAYMENTS_TEST_GATEWAY=1: the office takes the fee', () => {
  it('answers the status check with the office words and no online payment; the order route 409; the test gateway 404; a signed webhook records nothing', async () => {
    const visitor = new ApiClient(runtime.url);
    const status = await visitor.request('/v1/api/tc-request/status', {
      method: 'POST',
      json: { admissionNumber: request.admissionNumber, contactNo: MOBILE },
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({
      feeState: 'due',
      payOnline: null,
      feeText: fill('en', 'statusCheck.fee.due', { amount: AMOUNT, for: fill('en', 'statusCheck.fee.tc') }),
      nextStep: fill('en', 'statusCheck.next.tc-request.requested', { fee: AMOUNT }),
    });

    const order = await visitor.request('/v1/api/payments/order', {
      method: 'POST',
      json: { kind: 'tc-request', number: request.admissionNumber, contactNo: MOBILE },
    });
    expect(order.status).toBe(409);
    expect(await order.json()).toMatchObject({ code: 'online-off', error: expect.any(String) });

    // The test gateway is not there: its script, its checkout page, its API even with its key, its control route.
    const gateway = new TestGateway(runtime.url);
    expect((await fetch(`${runtime.url}/v1/test-gateway/v1/checkout.js`)).status).toBe(404);
    const page = await fetch(`${runtime.url}/v1/test-gateway/v1/checkout/embedded`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `key_id=${TEST_KEY_ID}&order_id=order_Off00000000001`,
    });
    expect(page.status).toBe(404);
    const auth = `Basic ${Buffer.from(`${TEST_KEY_ID}:${GATEWAY_SECRETS.TEST_GATEWAY_KEY_SECRET}`).toString('base64')}`;
    const made = await fetch(`${runtime.url}/v1/test-gateway/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify({ amount: fees.transferCertificate * 100, currency: 'INR' }),
    });
    expect(made.status).toBe(404);
    await expect(gateway.pay('order_Off00000000001')).rejects.toThrow(/test gateway pay: 404/);

    // A webhook signed with the runtime's webhook secret: no gateway is set up, so nothing is taken.
    const db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 1 });
    try {
      const hook = await gateway.webhook(
        capturedEvent({
          id: 'pay_Off00000000001',
          order_id: 'order_Off00000000001',
          amount: fees.transferCertificate * 100,
        }),
      );
      expect(hook.status).toBe(409);
      expect(await hook.json()).toMatchObject({ code: 'online-off' });
      for (const table of ['payment_orders', 'gateway_payments', 'gateway_events', 'payments']) {
        expect((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n, table).toBe(0);
      }
    } finally {
      await db.end();
    }

    // The office's screen says online payment is off.
    const office = (await staffClient('office', 'Desk Only', runtime.url)).client;
    expect(await (await office.request('/v1/api/payments/online')).json()).toMatchObject({
      enabled: false,
      test: false,
      openOrders: 0,
    });
  });

  it('at 360 px in Hindi: the status page tells the family to pay at the office, with no Pay button', async () => {
    const context = await browser.newContext({ baseURL: runtime.url, viewport: PHONE });
    context.setDefaultTimeout(60_000);
    try {
      const page = await context.newPage();
      await page.goto(`/hi/admissions/tc-request/status?number=${encodeURIComponent(request.admissionNumber)}`);
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      await expect
        .poll(() =>
          page
            .getByLabel(/^प्रवेश संख्या|^Admission number/)
            .first()
            .inputValue(),
        )
        .toBe(request.admissionNumber);
      await page.getByLabel(new RegExp(`^${hi('statusCheck.field.mobile')}`)).fill(MOBILE);
      await page.getByRole('button', { name: hi('statusCheck.submit') }).click();
      await page.getByText(hi('statusCheck.fee.due', { amount: AMOUNT, for: hi('statusCheck.fee.tc') })).waitFor();
      expect(await page.getByText(hi('statusCheck.next.tc-request.requested', { fee: AMOUNT })).count()).toBe(1);
      expect(await page.getByRole('button', { name: hi('statusCheck.pay.button', { amount: AMOUNT }) }).count()).toBe(
        0,
      );
      expect(await page.getByText(hi('statusCheck.pay.test')).count()).toBe(0);
      await screenshot(page, 'pay-online-off-status-hi-360');
    } finally {
      await context.close();
    }
  }, 120_000);
});
