/**
 * Chromium: fees through the details screens and the printed receipt. A payment recorded through
 * the form (the server's field error shown for an amount above what is due), its receipt with
 * figures and words, printed with print media emulated: no site furniture or buttons, and exactly
 * one A5 page. At 360 px: an admission fee recorded and reversed, and a TC fee waived, by the
 * principal through the dialogs. axe finds nothing on either screen, at either width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { confirmFeeBeforeAdmission, pdfPages } from '../support/admin-screens.ts';
import { createAdmission, createTcRequest, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { site } from '../../src/config/site.ts';
import type { Json } from '../support/api.ts';

let browser: Browser;
let admission: CreatedAdmission;
let phoneAdmission: CreatedAdmission;
let waivedTc: Json;

beforeAll(async () => {
  [admission, phoneAdmission, waivedTc] = await Promise.all([createAdmission(), createAdmission(), createTcRequest()]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, viewport);
  opened.context.setDefaultTimeout(60_000);
  await loginThroughUi(opened.page);
  return opened;
}

const toast = (page: Page, text: RegExp | string) => page.locator('.Toastify').getByText(text).first().waitFor();
/** The payment status the section shows. */
const paymentStatus = (section: Locator) =>
  section.locator('dt', { hasText: 'Payment status' }).locator('xpath=following-sibling::dd').innerText();

describe('an admission fee and its receipt (1280 px)', () => {
  let context: BrowserContext;
  let page: Page;
  let receiptNumber = '';

  beforeAll(async () => {
    ({ context, page } = await signedIn(DESKTOP));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("records a payment through the form, showing the server's field error for an amount above what is due", async () => {
    const fee = fees.admission['K.G'];
    await page.goto(`/admin/admissions/details/${admission._id}`);
    const section = page.getByRole('region', { name: 'Fee and payments' });
    await section.getByText('No payments yet.').waitFor();
    expect(await paymentStatus(section)).toBe('Not paid');

    // Ten times what is due: the server refuses it and names the amount due beside the field.
    await section.getByLabel('Amount in rupees').fill(String(fee * 10));
    await section.getByLabel('Paid by').selectOption('upi');
    await section.getByLabel('UPI transaction ID (UTR)').fill('UTR 998877');
    expect(await section.getByLabel('Date paid').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await section.getByRole('button', { name: 'Record payment' }).click();
    await confirmFeeBeforeAdmission(page);
    const amount = section.getByLabel('Amount in rupees');
    await section.locator('.field-error').waitFor();
    expect(await section.locator('.field-error').innerText()).toContain(
      `is due (fee ₹${fee.toLocaleString('en-IN')}.00)`,
    );
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await section.locator(`[id="${await amount.getAttribute('aria-describedby')}"]`).innerText()).toContain(
      'is due',
    );

    await section.getByLabel('Amount in rupees').fill('2500');
    await section.getByRole('button', { name: 'Record payment' }).click();
    await confirmFeeBeforeAdmission(page);
    await toast(page, /^Payment recorded: receipt RMCP-R-\d{4}-\d{6}$/);
    const link = section.getByRole('link', { name: /^RMCP-R-/ });
    await link.waitFor();
    receiptNumber = await link.innerText();
    await expect.poll(() => paymentStatus(section)).toBe('Partly paid');
    expect(await section.getByRole('row').filter({ hasText: receiptNumber }).innerText()).toContain('₹2,500.00');
    expect(await accessibilityFailures(page, 'admission details with payments (1280 px)')).toEqual([]);
  });

  it('shows the receipt with figures and words, and prints it on exactly one A5 page without the site around it', async () => {
    await page.getByRole('link', { name: receiptNumber }).click();
    await page.waitForURL((url) => url.pathname === `/admin/receipts/${receiptNumber}`);
    const receipt = page.locator('article.receipt');
    await receipt.waitFor();
    const text = await receipt.innerText();
    for (const part of [
      site.contact.name,
      site.contact.address,
      receiptNumber,
      '₹2,500.00',
      'Two Thousand Five Hundred Rupees Only',
      'UTR 998877',
      'K.G',
      admission.referenceNumber,
      admission.names.first,
    ]) {
      expect(text).toContain(part);
    }
    // Never the config's placeholder affiliation number: the school's own, or none.
    expect(text).not.toContain('21XXXXX');
    expect(await accessibilityFailures(page, 'receipt (1280 px)')).toEqual([]);

    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.site-header', '.site-footer', '.admin-nav', 'button', '.admin-header']) {
      // Displayed boxes only: an element not rendered has no client rects.
      const shown = await page
        .locator(selector)
        .evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).length);
      expect(shown, selector).toBe(0);
    }
    expect(await receipt.isVisible()).toBe(true);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    // A5 is 148 x 210 mm: 419.5 x 595.3 points.
    expect(Math.abs(pages[0]!.width - 419.53)).toBeLessThan(1.5);
    expect(Math.abs(pages[0]!.height - 595.28)).toBeLessThan(1.5);
    await page.emulateMedia({ media: 'screen' });
  });
});

describe('at 360 px: an admission fee recorded and reversed, a TC fee waived', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await signedIn(PHONE));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('records the whole fee in cash (no reference asked), then the principal reverses it with a reason', async () => {
    await page.goto(`/admin/admissions/details/${phoneAdmission._id}`);
    const section = page.getByRole('region', { name: 'Fee and payments' });
    await section.getByLabel('Amount in rupees').waitFor();
    await section.getByLabel('Paid by').selectOption('cash');
    expect(await section.getByLabel(/UTR|Reference/).count()).toBe(0);
    await section.getByLabel('Amount in rupees').fill(String(fees.admission['K.G']));
    await section.getByRole('button', { name: 'Record payment' }).click();
    await confirmFeeBeforeAdmission(page);
    await toast(page, /^Payment recorded/);
    await expect.poll(() => paymentStatus(section)).toBe('Paid');
    // Paid in full: no form any more.
    expect(await section.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    expect(await accessibilityFailures(page, 'admission details with payments (360 px)')).toEqual([]);

    const receipt = await section
      .getByRole('link', { name: /^RMCP-R-/ })
      .first()
      .innerText();
    await section.getByRole('button', { name: `Reverse receipt ${receipt}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reverse receipt ${receipt}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reverse payment' }).click();
    await dialog.getByText('Please write the reason.').waitFor();
    expect(await accessibilityFailures(page, 'reverse dialog (360 px)')).toEqual([]);
    await dialog.getByLabel('Reason').fill('Counted twice');
    await dialog.getByRole('button', { name: 'Reverse payment' }).click();
    await toast(page, /^Payment reversed: receipt RMCP-R-/);
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => paymentStatus(section)).toBe('Not paid');
    expect(await section.getByText(`Reversed by`).count()).toBe(1);

    // The refund's receipt, on the phone.
    await section
      .getByRole('link', { name: /^RMCP-R-/ })
      .last()
      .click();
    await page.locator('article.receipt').getByText('Refund of').waitFor();
    expect(await accessibilityFailures(page, 'refund receipt (360 px)')).toEqual([]);
  });

  it('waives a TC fee with a note', async () => {
    await page.goto(`/admin/tc-requests/details/${waivedTc._id}`);
    const section = page.getByRole('region', { name: 'Fee and payments' });
    await section.getByRole('button', { name: 'Waive fee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Waive the fee' });
    await dialog.getByLabel('Note (why it is waived)').fill('Sibling studies here on scholarship');
    await dialog.getByRole('button', { name: 'Waive fee' }).click();
    await toast(page, 'Fee waived');
    await section.getByText('Sibling studies here on scholarship').waitFor();
    expect(await paymentStatus(section)).toBe('Waived');
    expect(await section.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    expect(await accessibilityFailures(page, 'TC details, fee waived (360 px)')).toEqual([]);
  });
});
