/**
 * Chromium, at 1280 px and 360 px: an office account carries an application from Received to
 * Admitted as the clerk would: under review, every document verified, documents verified, the fee
 * recorded, the receipt printed (print media emulated, one A5 page), admitted; then exports the
 * list and finds the application in the CSV. It is offered no Delete, and the API refuses one.
 * axe finds nothing on the screens it passes through.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, downloadedBytes } from '../support/browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import {
  confirmFeeBeforeAdmission,
  moveTo,
  pdfPages,
  signInAs,
  verifyEveryDocument,
} from '../support/admin-screens.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { createAdmission } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';

let browser: Browser;
let office: Staff;

beforeAll(async () => {
  browser = await launchBrowser();
  office = await staffClient('office', 'Rekha Clerk');
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text).first().waitFor();
const statusNow = (page: Page) => page.locator('.status-panel__now').innerText();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the office desk on a %s', (name, viewport) => {
  it('carries an application from Received to Admitted, prints the receipt on one page, exports the list, and cannot delete', async () => {
    const admission = await createAdmission();
    const { context, page } = await openPage(browser, viewport);
    context.setDefaultTimeout(60_000);
    try {
      await signInAs(page, office);
      await page.goto(`/admin/admissions/details/${admission._id}`);
      await page.getByRole('heading', { name: 'Status' }).waitFor();
      expect(await statusNow(page)).toContain('Received');
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

      await moveTo(page, 'Under review');
      await toast(page, 'Status changed to Under review.');
      await verifyEveryDocument(page);
      await moveTo(page, 'Documents verified', { 'Note (optional)': 'All originals seen at the counter' });
      await toast(page, 'Status changed to Documents verified.');

      // The whole K.G fee in cash: no reference is asked.
      const section = page.getByRole('region', { name: 'Fee and payments' });
      await section.getByLabel('Paid by').selectOption('cash');
      await section.getByLabel('Amount in rupees').fill(String(fees.admission['K.G']));
      await section.getByRole('button', { name: 'Record payment' }).click();
      await confirmFeeBeforeAdmission(page);
      await toast(page, /^Payment recorded: receipt RMCP-R-\d{4}-\d{6}$/);
      const receiptLink = section.getByRole('link', { name: /^RMCP-R-/ });
      const receiptNumber = await receiptLink.innerText();
      expect(await accessibilityFailures(page, `${name} details, fee paid`)).toEqual([]);

      await receiptLink.click();
      await page.waitForURL((url) => url.pathname === `/admin/receipts/${receiptNumber}`);
      const receipt = page.locator('article.receipt');
      await receipt.waitFor();
      expect(await receipt.innerText()).toContain(`₹${fees.admission['K.G'].toLocaleString('en-IN')}.00`);
      expect(await receipt.innerText()).toContain(admission.referenceNumber);
      expect(await accessibilityFailures(page, `${name} receipt`)).toEqual([]);
      await page.emulateMedia({ media: 'print' });
      const pages = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      expect(pages).toHaveLength(1);
      expect(Math.abs(pages[0]!.width - 419.53)).toBeLessThan(1.5);
      await page.emulateMedia({ media: 'screen' });

      await page.goto(`/admin/admissions/details/${admission._id}`);
      await page.getByRole('heading', { name: 'Status' }).waitFor();
      await moveTo(page, 'Admitted', { 'Note (optional)': 'Fee received' });
      await toast(page, 'Status changed to Admitted.');
      expect(await statusNow(page)).toContain('Admitted');
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await accessibilityFailures(page, `${name} details, admitted`)).toEqual([]);

      // The list, filtered to this child and Admitted, exported as the office would.
      await page.goto(`/admin/admissions/panel?name=${encodeURIComponent(admission.names.first)}&status=admitted`);
      await page.getByRole('row').filter({ hasText: admission.names.last }).waitFor();
      expect(await accessibilityFailures(page, `${name} admissions panel`)).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^admissions-\d{2}-\d{2}-\d{4}\.csv$/);
      const rows = parse(await downloadedBytes(download), { bom: true, columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        'Reference number': admission.referenceNumber,
        Status: 'Admitted',
        'Payment status': 'Paid',
      });

      // Deleting is the principal's: the API refuses the office's session too.
      const deleted = await office.client.request(`/v1/api/admission/${admission._id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(403);
      expect((await deleted.json()).code).toBe('principal-only');
    } finally {
      await context.close();
    }
    // Each of its many steps waits on a screen: 45 s on a busy run, over the default minute on a busier one.
  }, 180_000);
});
