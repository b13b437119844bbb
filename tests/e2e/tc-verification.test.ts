/**
 * Chromium: the office issues a TC and attaches the scan of the signed certificate on its details
 * screen (1280 px); a new school verifies it in Hindi on a 360 px phone (/hi/tc-verification),
 * with the keyboard: a wrong date is told in words, the right one shows the student, the date and
 * the scan. Every state passes axe with no horizontal scroll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, staffClient, type Staff, type Json } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi, newPage, screenshot, toast } from '../support/browser.ts';
import { moveTo } from '../support/admin-screens.ts';
import { createTcRequest, pdf, token } from '../http/admin-fixtures.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { fees } from '../../src/config/fees.ts';
import { addDays, dateInIndia, dayMonthYear } from '../../src/lib/dates.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { CERTIFICATE_TEXTS } from '../../src/features/tc-request/certificate.ts';

const TODAY = dateInIndia();
const hi = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('hi', code, values);

let browser: Browser;
let clerk: Staff;
let request: Json;
const tcNumber = `TC/${token('')}/12`;
const scan = pdf();

beforeAll(async () => {
  [browser, clerk] = await Promise.all([launchBrowser(), staffClient('office')]);
  request = await createTcRequest();
  const paid = await clerk.client.request(`/v1/api/tc-request/${request._id}/payments`, {
    method: 'POST',
    json: { amount: fees.transferCertificate, mode: 'cash', reference: '', paidOn: TODAY },
  });
  expect(paid.status).toBe(201);
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

describe('a TC issued, its scan attached and verified', () => {
  it('the office issues the TC and attaches the signed scan on its details screen (1280 px)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await loginThroughUi(page, clerk.email, clerk.password);
      await page.goto(`/admin/tc-requests/details/${request._id}`);
      await page.getByRole('heading', { name: 'Status' }).waitFor();
      // Not issued yet: nothing to attach.
      expect(await page.getByRole('region', { name: 'Signed TC for verification' }).count()).toBe(0);
      await moveTo(page, 'Issued', { 'TC number': tcNumber, 'Issue date': TODAY });
      await toast(page, 'Status changed to Issued.');

      const section = page.getByRole('region', { name: 'Signed TC for verification' });
      await section.waitFor();
      expect(await section.innerText()).toContain('No scan yet');
      // Sent without a file: the form says so, and nothing is sent.
      await section.getByRole('button', { name: 'Attach the scan' }).click();
      await section.getByText(CERTIFICATE_TEXTS.required).waitFor();
      await section
        .getByLabel(/Scan of the signed TC/)
        .setInputFiles({ name: 'tc-signed.pdf', mimeType: 'application/pdf', buffer: scan });
      await section.getByRole('button', { name: 'Attach the scan' }).click();
      await toast(page, CERTIFICATE_TEXTS.attached);
      await section.getByRole('link', { name: 'tc-signed.pdf' }).waitFor();
      expect(await section.innerText()).toContain(tcNumber);
      await screenshot(page, 'tc-scan-attached-1280');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('a new school verifies it in Hindi on a 360 px phone, with the keyboard', async () => {
    const { context, page } = await openPage(browser, PHONE);
    context.setDefaultTimeout(60_000);
    try {
      await page.goto('/hi/tc-verification');
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(hi('tcVerify.title'));
      expect(await accessibilityFailures(page, 'the empty form at 360')).toEqual([]);

      // The form's own check: nothing is sent, each field says what is missing.
      await page.getByRole('button', { name: hi('tcVerify.submit') }).click();
      await page.getByText(hi('tcVerify.error.number')).waitFor();
      await page.getByText(hi('tcVerify.error.date')).waitFor();

      const number = page.getByLabel(hi('tcVerify.field.number'));
      await number.focus();
      await page.keyboard.type(tcNumber.toLowerCase());
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('date');
      await page.getByLabel(hi('tcVerify.field.date')).fill(addDays(TODAY, -1));
      await page.keyboard.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: hi('tcVerify.notFound') })
        .waitFor();
      expect(await accessibilityFailures(page, 'no match at 360')).toEqual([]);

      await page.getByLabel(hi('tcVerify.field.date')).fill(TODAY);
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { name: hi('tcVerify.found') });
      await heading.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
      const result = await page.locator('.sc-result').innerText();
      expect(result).toContain(request.studentName);
      expect(result).toContain(tcNumber);
      expect(result).toContain(dayMonthYear(TODAY));
      const link = page.getByRole('link', { name: hi('tcVerify.scan') });
      const served = await page.request.get((await link.getAttribute('href'))!);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await served.body()).equals(scan)).toBe(true);
      expect(await accessibilityFailures(page, 'the verified TC at 360')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'tc-verification-hi-360');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('is offered where a visitor looks: under Admissions in the menu, in both languages', async () => {
    const visitor = new ApiClient();
    for (const [path, words] of [
      ['/admissions', 'TC Verification'],
      ['/hi/admissions', 'टी.सी. सत्यापन'],
    ] as const) {
      const page = await (await visitor.request(path)).text();
      expect(page, path).toMatch(
        new RegExp(`href="${path.startsWith('/hi') ? '/hi' : ''}/tc-verification/?"[^>]*>[\\s\\S]{0,200}${words}`),
      );
    }
  });
});
