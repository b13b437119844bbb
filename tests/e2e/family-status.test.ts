/**
 * Chromium: the clerk at 1280 px rejects a document of a Hindi application with a common reason and
 * records part of the fee; the father, at 360 px in Hindi, reads the reason in Hindi, the fee and
 * what it is for, downloads the receipt as a PDF and sends the document again; the clerk's home then
 * shows it in "Re-sent by parents", which opens the list of those applications, and the details
 * screen marks the document as re-sent. axe finds nothing on the screens passed through.
 *
 * On a runtime of its own: the status pages' limits are the real ones (10 tries an hour from one
 * address), and every browser calls from 127.0.0.1, so this journey's tries stay off the shared
 * runtime's count; the re-sent queue counts only this test's application.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot, downloadedBytes } from '../support/browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { confirmFeeBeforeAdmission, signInAs } from '../support/admin-screens.ts';
import { readPdf } from '../support/pdf.ts';
import { RAISED_LIMITS, startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { createAdmission, png, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { runAxe } from './content-browser.ts';
import { fees } from '../../src/config/fees.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import { dateInIndia } from '../../src/lib/dates.ts';

const hi = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('hi', code, values);

let runtime: TestRuntime;
let browser: Browser;
let office: Staff;
let admission: CreatedAdmission;

beforeAll(async () => {
  runtime = await startIsolatedRuntime({
    ADMIN_EMAIL: inject('adminEmail'),
    ADMIN_PASSWORD: inject('adminPassword'),
    ...RAISED_LIMITS,
  });
  [browser, office, admission] = await Promise.all([
    launchBrowser(),
    staffClient('office', 'Meena Clerk', runtime.url),
    createAdmission(
      { language: 'hi', fatherFirstName: 'Harish', fatherMiddleName: 'Lal', fatherLastName: 'Chandra' },
      runtime.url,
    ),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

async function open(
  viewport: { width: number; height: number },
  extra: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: runtime.url,
    viewport,
    bypassCSP: true,
    acceptDownloads: true,
    ...extra,
  });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text).first().waitFor();
const axe = async (page: Page) => (await runAxe(page)).map((v) => `${v.id}: ${v.help}`);
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("a family told what happened, and the office's queue of re-sent documents", () => {
  it('the clerk rejects with a common reason and takes a payment; the father reads it in Hindi, downloads the receipt, re-sends; the queue shows it', async () => {
    // ---- the clerk, at 1280 px ----
    const clerk = await open(DESKTOP);
    let receiptNumber: string;
    try {
      const { page } = clerk;
      await signInAs(page, office);
      await page.goto(`/admin/admissions/details/${admission._id}`);
      const documents = page.getByRole('region', { name: 'Documents' });
      await documents.getByRole('button', { name: 'Reject Birth certificate' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: 'Photo blurred or cut' }).check();
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'reject-dialog-1280');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await toast(page, 'Birth certificate: rejected.');
      expect(await documents.getByRole('listitem').filter({ hasText: 'Birth certificate' }).innerText()).toContain(
        'Rejected: Photo blurred or cut',
      );

      const section = page.getByRole('region', { name: 'Fee and payments' });
      await section.getByLabel('Paid by').selectOption('cash');
      await section.getByLabel('Amount in rupees').fill('2000');
      await section.getByRole('button', { name: 'Record payment' }).click();
      await confirmFeeBeforeAdmission(page);
      await toast(page, /^Payment recorded: receipt RMCP-R-\d{4}-\d{6}$/);
      const link = section.getByRole('link', { name: /^RMCP-R-/ });
      receiptNumber = await link.innerText();

      // The office's receipt names the parent and the session and carries the emblem.
      await link.click();
      const receipt = page.locator('article.receipt');
      await receipt.waitFor();
      const text = await receipt.innerText();
      for (const expected of ['Harish Lal Chandra', sessionOf(), receiptNumber, '₹2,000.00'])
        expect(text).toContain(expected);
      expect(await receipt.getByRole('img', { name: /emblem$/ }).count()).toBe(1);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'receipt-screen-1280');
    } finally {
      await clerk.context.close();
    }

    // ---- the father, at 360 px, in Hindi ----
    const parent = await open(PHONE, { locale: 'hi-IN' });
    try {
      const { page } = parent;
      await page.goto(`/hi/admissions/status?ref=${admission.referenceNumber}`);
      await page.waitForFunction(
        () => !!document.querySelector('astro-island') && !document.querySelector('astro-island[ssr]'),
      );
      await page.getByLabel(new RegExp(`^${hi('statusCheck.field.mobile')}`)).fill('99887 76655');
      await page.getByRole('button', { name: hi('statusCheck.submit') }).click();
      const result = page.locator('.sc-result');
      await result.waitFor();
      const shown = await result.innerText();
      // The office's reason in his language, and the fee: what it is for, and that it is not asked for yet.
      expect(shown).toContain(hi('document.reason.blurred'));
      const left = formatRupees((fees.admission['K.G'] - 2000) * 100);
      expect(shown).toContain(
        hi('statusCheck.fee.later', {
          amount: left,
          for: hi('statusCheck.fee.admission', { class: 'K.G', session: sessionOf() }),
        }),
      );
      expect(shown).toContain(
        hi('statusCheck.receipts.payment', {
          number: receiptNumber,
          date: dateInIndia().split('-').reverse().join('-'),
          amount: '₹2,000.00',
        }).split(':')[0]!,
      );
      expect(await noSideScroll(page)).toBe(true);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'status-hi-360');

      // The receipt, as a PDF, from the link on the page.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        result.getByRole('link', { name: hi('statusCheck.receipts.download', { number: receiptNumber }) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
      const pdf = await readPdf(await downloadedBytes(download));
      const pdfText = pdf.text.replace(/\s+/g, ' ');
      for (const expected of [receiptNumber, '₹2,000.00', 'Harish Lal Chandra', sessionOf(), 'शुल्क रसीद'])
        expect(pdfText).toContain(expected);

      // A clearer photo of the birth certificate, sent again from the page.
      const doc = result.locator('.sc-doc');
      await doc
        .locator('input[type="file"]')
        .setInputFiles({ name: 'birth.png', mimeType: 'image/png', buffer: png(400, 300) });
      await doc.locator('.ff-upload--done').waitFor();
      await doc
        .getByRole('button')
        .filter({ hasText: /दोबारा भेजें$/ })
        .click();
      await expect.poll(() => result.locator('.sc-doc').count()).toBe(0);
      expect(await noSideScroll(page)).toBe(true);
    } finally {
      await parent.context.close();
    }

    // ---- the clerk's home: the queue, its list, the mark on the document ----
    const back = await open(DESKTOP);
    try {
      const { page } = back;
      await signInAs(page, office);
      await page.goto('/admin');
      const queue = page.getByRole('region', { name: 'Documents re-sent by parents' });
      const row = queue.getByRole('link', { name: /Re-sent by parents:/ });
      await expect.poll(() => row.innerText()).toMatch(/Re-sent by parents:\s*1$/);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'desk-resent-1280');
      await row.click();
      await page.waitForURL(
        (url) => url.pathname === '/admin/admissions/panel' && url.searchParams.get('resent') === '1',
      );
      await page.getByRole('row').filter({ hasText: admission.names.last }).waitFor();
      expect(await page.getByLabel('Re-sent by parents').isChecked()).toBe(true);
      await page.goto(`/admin/admissions/details/${admission._id}`);
      const item = page
        .getByRole('region', { name: 'Documents' })
        .getByRole('listitem')
        .filter({ hasText: 'Birth certificate' });
      await expect.poll(() => item.innerText()).toMatch(/Pending[\s\S]*Re-sent by the parent, \d{1,2} \w{3} \d{4}/);
      await screenshot(page, 'details-resent-1280');
    } finally {
      await back.context.close();
    }
  }, 300_000);
});
