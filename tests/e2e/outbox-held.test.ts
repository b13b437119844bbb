/**
 * Chromium at 1280 px, the clerk's messages screen: an e-mail the daily cap on mail caused by the
 * public forms held back shows as Held with its reason in words, in English and in Hindi, so the
 * office knows why it was not sent; so does a WhatsApp message held by the cap per mobile number.
 * Its own runtime, with both caps at 1 so the second enquiry to an address or number is held.
 * SCREENSHOT_DIR keeps a picture.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, loginThroughUi } from '../support/browser.ts';
import { accessibilityFailures } from './content-browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { RAISED_LIMITS, startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { createEnquiry } from '../http/admin-fixtures.ts';

let runtime: TestRuntime;
let browser: Browser;
let office: Staff;

beforeAll(async () => {
  runtime = await startIsolatedRuntime({
    ADMIN_EMAIL: inject('adminEmail'),
    ADMIN_PASSWORD: inject('adminPassword'),
    ...RAISED_LIMITS,
    RATE_LIMIT_PUBLIC_MAIL: '1',
    RATE_LIMIT_PUBLIC_MOBILE: '1',
  });
  [browser, office] = await Promise.all([launchBrowser(), staffClient('office', 'Held Mail Clerk', runtime.url)]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

describe('a held e-mail on the messages screen at 1280 px', () => {
  it('shows Held and why, in words, in English and Hindi', async () => {
    const to = `held.${Date.now()}@example.in`;
    await createEnquiry({ email: to }, runtime.url);
    const second = await createEnquiry({ email: to }, runtime.url);
    const context = await browser.newContext({ baseURL: runtime.url, viewport: DESKTOP, bypassCSP: true });
    context.setDefaultTimeout(60_000);
    try {
      const page = await context.newPage();
      await loginThroughUi(page, office.email, office.password);
      await page.goto('/admin/messages?state=held');
      await page.locator('table[aria-busy="false"]').waitFor();
      const rows = page.locator('tbody tr').filter({ hasText: to });
      await expect.poll(() => rows.count()).toBe(1);
      const text = await rows.first().innerText();
      expect(text).toMatch(/Held/);
      expect(text).toContain(
        'Not sent: this address already had 1 e-mail in the last 24 hours because of forms sent from the website.',
      );
      expect(await rows.first().locator('.message-held[lang="hi"]').innerText()).toMatch(
        /^नहीं भेजा गया: .* पिछले 24 घंटों में पहले ही 1 ई-मेल जा चुके हैं।/,
      );
      expect(await rows.first().getByRole('link', { name: 'Open the record' }).getAttribute('href')).toBe(
        `/admin/enquiry/details/${second._id}`,
      );
      // Not a WhatsApp message: nothing to send by hand.
      expect(
        await rows
          .first()
          .getByRole('button', { name: /^Mark sent/ })
          .count(),
      ).toBe(0);
      expect(await accessibilityFailures(page, '/admin/messages?state=held at 1280')).toEqual([]);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'messages-held-1280.png'), fullPage: true });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a WhatsApp message held by the cap per mobile number: Held and why, in English and Hindi, and nothing to send by hand', async () => {
    // No provider and no e-mail address: the office would send it by hand, but the number had one today.
    const mobile = `96${String(Date.now() % 1e8).padStart(8, '0')}`;
    await createEnquiry({ fatherMobile: mobile, email: '' }, runtime.url);
    const second = await createEnquiry({ fatherMobile: mobile, email: '' }, runtime.url);
    const context = await browser.newContext({ baseURL: runtime.url, viewport: DESKTOP, bypassCSP: true });
    context.setDefaultTimeout(60_000);
    try {
      const page = await context.newPage();
      await loginThroughUi(page, office.email, office.password);
      await page.goto('/admin/messages?channel=whatsapp');
      await page.locator('table[aria-busy="false"]').waitFor();
      const rows = page.locator('tbody tr').filter({ hasText: mobile });
      await expect.poll(() => rows.count()).toBe(2);
      // Newest first: the held one, then the one the office sends by hand.
      const held = rows.first();
      expect(await held.getByRole('link', { name: 'Open the record' }).getAttribute('href')).toBe(
        `/admin/enquiry/details/${second._id}`,
      );
      expect(await held.innerText()).toMatch(/Held/);
      expect(await held.locator('.message-held:not([lang])').innerText()).toBe(
        "Not sent: this mobile number already had 1 WhatsApp or SMS message in the last 24 hours because of forms sent from the website. The school's messages are not used to flood a number someone typed.",
      );
      expect(await held.locator('.message-held[lang="hi"]').innerText()).toMatch(
        /^नहीं भेजा गया: .* इस मोबाइल नंबर पर पिछले 24 घंटों में पहले ही 1 WhatsApp या SMS संदेश जा चुके हैं।/,
      );
      expect(await held.getByRole('button', { name: /^Mark sent/ }).count()).toBe(0);
      expect(await held.getByRole('link', { name: /^Open WhatsApp/ }).count()).toBe(0);
      expect(
        await rows
          .nth(1)
          .getByRole('button', { name: /^Mark sent/ })
          .count(),
      ).toBe(1);
      expect(await accessibilityFailures(page, '/admin/messages?channel=whatsapp at 1280')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
