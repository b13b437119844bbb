/**
 * Chromium at 360 px, in Hindi, with the page's own Content-Security-Policy: a parent checks a TC
 * request's status, taps "Pay online", pays on the built-in test gateway's checkout (marked "Test
 * payment: no money moves" in both languages), comes back to the status page, which says the payment
 * is received and lists the receipt, and downloads the receipt's PDF (read back with pdf.js), which
 * says "Test payment: no money moved" in Hindi, never Razorpay. The request is now Fee paid; the
 * office's online payments screen at 1280 px lists the payment, and its receipt screen says the same.
 * A payment that failed at the gateway shows there too, with its reason; a fee recorded on an
 * application not yet admitted asks the clerk to confirm first (keyboard only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { staffClient, type ApiClient } from '../support/api.ts';
import {
  DESKTOP,
  PHONE,
  downloadedBytes,
  launchBrowser,
  loginThroughUi,
  newPage,
  screenshot,
} from '../support/browser.ts';
import { site } from '../support/site.ts';
import { TestGateway } from '../support/gateway.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPdf } from '../support/pdf.ts';
import { createAdmission, createTcRequest, token } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { fill } from '../../src/lib/i18n/index.ts';

let browser: Browser;
let office: ApiClient;
beforeAll(async () => {
  [browser, office] = await Promise.all([
    launchBrowser(),
    staffClient('office', `Sunita ${token('')}`).then((s) => s.client),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A page under the site's own Content-Security-Policy, as a parent's browser has it; only a run that
 * writes screenshots (SCREENSHOTS_DIR) lets the screenshot's Devanagari font in (a data: URL the policy refuses).
 */
async function parentPage(viewport: { width: number; height: number }) {
  if (!process.env.SCREENSHOTS_DIR) return newPage(browser, viewport);
  const context = await browser.newContext({ baseURL: site('baseURL'), viewport, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

const hi = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('hi', code, values);
const MOBILE = '9123456781';

/** On the Hindi TC status page opened with `admissionNumber`: the parent types the mobile number, checks, and sees Pay. */
async function checkUntilPay(page: Page, admissionNumber: string): Promise<Locator> {
  await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
  await expect
    .poll(() =>
      page
        .getByLabel(/^प्रवेश संख्या|^Admission number/)
        .first()
        .inputValue(),
    )
    .toBe(admissionNumber);
  await page.getByLabel(new RegExp(`^${hi('statusCheck.field.mobile')}`)).fill(MOBILE);
  await page.getByRole('button', { name: hi('statusCheck.submit') }).click();
  const pay = page.getByRole('button', { name: hi('statusCheck.pay.button', { amount: AMOUNT }) });
  await pay.waitFor();
  return pay;
}
/** The TC request the parent paid for in the first test: the office's screen lists its payment. */
let paidFor: { admissionNumber: string; studentName: string; receiptNumber: string } | undefined;
const AMOUNT = formatRupees(fees.transferCertificate * 100);

describe('paying the TC fee online', () => {
  it('at 360 px in Hindi: pays through the test gateway, comes back to the receipt and downloads it', async () => {
    const request = await createTcRequest({ contact: MOBILE });
    const { context, page } = await parentPage(PHONE);
    try {
      const status = await page.goto(
        `/hi/admissions/tc-request/status?number=${encodeURIComponent(request.admissionNumber)}`,
      );
      // The status page lets Razorpay's Standard Checkout in (script, frame, its redirect's form); other pages do not.
      const policy = status!.headers()['content-security-policy']!;
      expect(policy).toMatch(/script-src 'self'[^;]* https:\/\/checkout\.razorpay\.com(;|$)/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
      expect(policy).toMatch(/form-action 'self' https:\/\/api\.razorpay\.com(;|$)/);
      const elsewhere = (await page.request.get('/hi/admissions/tc-request')).headers()['content-security-policy']!;
      expect(elsewhere).toMatch(/form-action 'self'(;|$)/);
      expect(elsewhere).not.toContain('razorpay');
      const pay = await checkUntilPay(page, request.admissionNumber);
      expect(await page.getByText(hi('statusCheck.pay.test')).count()).toBe(1);
      // Where Pay shows, the fee's sentence says it may be paid here or at the office.
      expect(
        await page
          .getByText(hi('statusCheck.fee.dueOnline', { amount: AMOUNT, for: hi('statusCheck.fee.tc') }))
          .count(),
      ).toBe(1);
      expect(await page.getByText(hi('statusCheck.next.tc-request.requested.online', { fee: AMOUNT })).count()).toBe(1);
      await screenshot(page, 'pay-online-1-status-hi-360');

      // No checkout script until the family taps Pay.
      expect(await page.evaluate(() => document.querySelectorAll('script[src*="checkout.js"]').length)).toBe(0);
      await pay.click();
      // The test gateway's checkout.js (same contract as Razorpay's) opens its checkout: a page of another path, marked as a test in both languages.
      await page.waitForURL(/\/v1\/test-gateway\/v1\/checkout\/embedded$/);
      const banner = page.getByRole('note');
      expect(await banner.innerText()).toContain('Test payment: no money moves');
      expect(await banner.innerText()).toContain(hi('testGateway.banner'));
      expect(await page.getByText(AMOUNT, { exact: true }).count()).toBe(1);
      await screenshot(page, 'pay-online-2-test-checkout-360');
      await page
        .getByRole('button', { name: new RegExp(`^Pay ${AMOUNT.replace(/[.]/g, '\\.')} \\(test UPI\\)`) })
        .click();
      await page.getByRole('heading', { name: /Test payment made\./ }).waitFor();
      await page.getByRole('button', { name: /Back to the school's website/ }).click();

      // Back on the status page: it says the payment is received and shows the receipt, with no typing.
      await page.waitForURL(/\/hi\/admissions\/tc-request\/status\?number=.+&payment=paid$/);
      await page.getByText(hi('statusCheck.payment.paid')).waitFor();
      const receiptLink = page.getByRole('link', { name: /^रसीद RMCP-R-\d{4}-\d{6} डाउनलोड करें \(PDF\)$/ });
      await receiptLink.waitFor();
      expect(await page.getByRole('button', { name: hi('statusCheck.pay.button', { amount: AMOUNT }) }).count()).toBe(
        0,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'pay-online-3-paid-hi-360');

      const receiptNumber = /RMCP-R-\d{4}-\d{6}/.exec(await receiptLink.innerText())![0];
      const [download] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
      expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
      const pdfText = (await readPdf(await downloadedBytes(download))).text.replace(/\s+/g, ' ');
      // Hindi in pieces whose glyphs read back in their written order.
      for (const expected of [receiptNumber, AMOUNT, request.studentName, 'परीक्षण भुगतान: कोई', 'पैसा नहीं कटा'])
        expect(pdfText).toContain(expected);
      expect(pdfText).not.toContain('Razorpay');

      const record = await (await office.request(`/v1/api/tc-request/${request._id}`)).json();
      expect(record).toMatchObject({ status: 'fee-paid', paymentStatus: 'paid' });
      expect(record.payments).toEqual([
        expect.objectContaining({ receiptNumber, mode: 'online', amountPaise: fees.transferCertificate * 100 }),
      ]);
      paidFor = { ...(request as { admissionNumber: string; studentName: string }), receiptNumber };
    } finally {
      await context.close();
    }
  }, 180_000);

  it('at 1280 px: the office sees online payments and can check with Razorpay now', async () => {
    const { context, page } = await parentPage(DESKTOP);
    try {
      await loginThroughUi(page);
      await page.goto('/admin/payments');
      await page.getByRole('heading', { name: 'Online payments' }).waitFor();
      await page.getByText(/Test gateway \(no money moves\)/).waitFor();
      // The first test's payment, with its record's number and the student's name.
      expect(paidFor).toBeDefined();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `TC request ${paidFor!.admissionNumber}` }) });
      expect(await row.getByText(paidFor!.studentName).count()).toBe(1);
      expect(await row.getByText(/^Recorded: receipt given\. RMCP-R-\d{4}-\d{6}$/).count()).toBe(1);
      await page.getByRole('button', { name: 'Check with Razorpay now' }).click();
      await page
        .locator('.Toastify')
        .getByText(/^Checked (1 open order|\d+ open orders) with Razorpay/)
        .first()
        .waitFor();
      await screenshot(page, 'pay-online-4-office-1280');
      // Its receipt as the office prints it: a test payment, no money moved.
      await page.goto(`/admin/receipts/${paidFor!.receiptNumber}`);
      const receipt = page.locator('article.receipt');
      await receipt.waitFor();
      const text = await receipt.innerText();
      expect(text).toContain('Test payment: no money moved');
      expect(text).toContain('Test gateway (no money moved)');
      expect(text).not.toContain('Razorpay');
    } finally {
      await context.close();
    }
  }, 120_000);

  it("at 1280 px: a record's payments say which online payment was not counted, and why", async () => {
    // The run's runtime generated the test gateway's secrets: the gateway is driven with them, as Razorpay would be.
    const secrets = JSON.parse(
      readFileSync(join(site('runtimeRoot'), '.netlify', 'local-secrets.json'), 'utf8'),
    ) as Record<string, string>;
    const gateway = new TestGateway(site('baseURL'), {
      TEST_GATEWAY_KEY_SECRET: secrets.TEST_GATEWAY_KEY_SECRET!,
      RAZORPAY_WEBHOOK_SECRET: secrets.RAZORPAY_WEBHOOK_SECRET!,
    });
    const request = await createTcRequest({ contact: MOBILE });
    const ordered = await office.request('/v1/api/payments/order', {
      method: 'POST',
      json: { kind: 'tc-request', number: request.admissionNumber, contactNo: MOBILE },
    });
    expect(ordered.status).toBe(201);
    const { orderId } = await ordered.json();
    const short = await gateway.pay(orderId, { amount: fees.transferCertificate * 100 - 100 });
    expect(short.webhooks[0]!.status).toBe(200);

    const { context, page } = await parentPage(DESKTOP);
    try {
      await loginThroughUi(page);
      await page.goto(`/admin/tc-requests/details/${request._id}`);
      const note = page.locator('.payments__note').filter({ hasText: 'Online payments not counted' });
      await note.waitFor();
      expect(await note.innerText()).toContain(
        `${formatRupees(fees.transferCertificate * 100 - 100)} (${short.payment.id}): Not counted: amount or currency not as ordered.`,
      );
      expect(await page.getByRole('region', { name: 'Fee and payments' }).getByText('No payments yet.').count()).toBe(
        1,
      );
      await screenshot(page, 'pay-online-5-record-1280');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('at 1280 px: a payment that failed at the gateway shows on the online payments screen with its time, record, amount and reason', async () => {
    const secrets = JSON.parse(
      readFileSync(join(site('runtimeRoot'), '.netlify', 'local-secrets.json'), 'utf8'),
    ) as Record<string, string>;
    const gateway = new TestGateway(site('baseURL'), {
      TEST_GATEWAY_KEY_SECRET: secrets.TEST_GATEWAY_KEY_SECRET!,
      RAZORPAY_WEBHOOK_SECRET: secrets.RAZORPAY_WEBHOOK_SECRET!,
    });
    const request = await createTcRequest({ contact: MOBILE });
    const ordered = await office.request('/v1/api/payments/order', {
      method: 'POST',
      json: { kind: 'tc-request', number: request.admissionNumber, contactNo: MOBILE },
    });
    expect(ordered.status).toBe(201);
    const failed = await gateway.pay((await ordered.json()).orderId, { fail: true });
    expect(failed.webhooks.map((w) => [w.event, w.status])).toEqual([['payment.failed', 200]]);

    const { context, page } = await parentPage(DESKTOP);
    try {
      await loginThroughUi(page);
      await page.goto('/admin/payments');
      const section = page.getByRole('region', { name: 'Payments that did not happen' });
      const row = section
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `TC request ${request.admissionNumber}` }) });
      await row.waitFor();
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([
        expect.stringMatching(/\d{4}/),
        expect.stringContaining(request.studentName),
        AMOUNT,
        `Failed at Razorpay: Payment failed (${failed.payment.id})`,
      ]);
      await screenshot(page, 'pay-online-6-not-happened-1280');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('at 1280 px: recording an admission fee before admission asks the clerk first; Escape records nothing, the confirm from the keyboard records it', async () => {
    const admission = await createAdmission({ contactNo: '9811133301' });
    const { context, page } = await parentPage(DESKTOP);
    try {
      await loginThroughUi(page);
      await page.goto(`/admin/admissions/details/${admission._id}`);
      const form = page.getByRole('form', { name: 'Record payment' });
      await form.waitFor();
      await form.getByLabel(/^Amount in rupees/).fill('500');
      await form.getByLabel(/^Paid by/).selectOption('cash');
      await form.getByRole('button', { name: 'Record payment' }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Record a fee before admission?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('The family was told to pay the admission fee only after admission');
      // The safe answer has the focus: Escape (or Enter on it) goes back, and nothing is recorded.
      expect(
        await dialog.getByRole('button', { name: 'Go back' }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect((await (await office.request(`/v1/api/admission/${admission._id}`)).json()).payments).toEqual([]);

      await form.getByRole('button', { name: 'Record payment' }).press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Tab');
      expect(
        await dialog
          .getByRole('button', { name: 'Record payment anyway' })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Enter');
      await page
        .locator('.Toastify')
        .getByText(/^Payment recorded: receipt RMCP-R-\d{4}-\d{6}$/)
        .first()
        .waitFor();
      expect((await (await office.request(`/v1/api/admission/${admission._id}`)).json()).payments).toEqual([
        expect.objectContaining({ amountPaise: 50000, mode: 'cash' }),
      ]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('at 360 px in Hindi: the checkout script loads once Pay is tapped; cancelling comes back to Pay, and a second tap opens the same order', async () => {
    const request = await createTcRequest({ contact: MOBILE });
    const { context, page } = await parentPage(PHONE);
    try {
      await page.goto(`/hi/admissions/tc-request/status?number=${encodeURIComponent(request.admissionNumber)}`);
      const pay = await checkUntilPay(page, request.admissionNumber);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script' && r.url().includes('checkout.js')) scripts.push(new URL(r.url()).pathname);
      });
      await pay.click();
      await page.waitForURL(/\/v1\/test-gateway\/v1\/checkout\/embedded$/);
      expect(scripts).toEqual(['/v1/test-gateway/v1/checkout.js']);
      const firstOrder = await page.locator('input[name="order_id"]').first().inputValue();
      await page.getByRole('link', { name: /^Cancel and go back/ }).click();

      // Back where Pay was tapped: told it was cancelled, with the status shown again (the pair kept in the tab) and Pay to tap again.
      await page.waitForURL(/\/hi\/admissions\/tc-request\/status\?payment=cancelled$/);
      await page.getByText(hi('statusCheck.payment.cancelled')).waitFor();
      await pay.waitFor();
      await pay.click();
      await page.waitForURL(/\/v1\/test-gateway\/v1\/checkout\/embedded$/);
      expect(await page.locator('input[name="order_id"]').first().inputValue()).toBe(firstOrder);
    } finally {
      await context.close();
    }
  }, 120_000);
});
