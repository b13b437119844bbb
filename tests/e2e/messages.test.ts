/**
 * Chromium at 1280 and 360 px: the messages screen. Office staff find it in the nav, filter by
 * channel (kept in the URL), open a letter in place with the keyboard, open the WhatsApp chat with
 * the queued letter written in, and mark it sent; axe finds nothing and nothing scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { createAdmission, createEnquiry } from '../http/admin-fixtures.ts';

let browser: Browser;
let office: Staff;

beforeAll(async () => {
  office = await staffClient('office', 'Messages Desk Clerk');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
])('the messages screen at %s', (width, viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser, viewport));
    context.setDefaultTimeout(60_000);
    await loginThroughUi(page, office.email, office.password);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('lists the queued letters; a WhatsApp one opens in WhatsApp and is marked sent', async () => {
    const to = `screen.${Date.now()}@example.in`;
    const enquiry = await createEnquiry({ email: to, studentName: 'Kavya Screencheck' });
    const admission = await createAdmission({ language: 'hi' });

    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { name: 'Messages to parents', level: 1 }).waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    const emailRow = page.locator('tbody tr').filter({ hasText: to });
    await emailRow.waitFor();
    expect(await emailRow.innerText()).toMatch(/E-mail[\s\S]*Enquiry received[\s\S]*Queued/);
    expect(await accessibilityFailures(page, `/admin/messages at ${width}`)).toEqual([]);

    // The letter opens in place, from the keyboard.
    const summary = emailRow.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await emailRow.getByText(/Thank you for your enquiry about admission to/).waitFor();
    expect(await emailRow.getByRole('link', { name: 'Open the record' }).getAttribute('href')).toBe(`/admin/enquiry/details/${enquiry._id}`);
    expect(await accessibilityFailures(page, `/admin/messages with a letter open at ${width}`)).toEqual([]);

    // WhatsApp only: the filter is kept in the URL.
    await page.getByLabel('Channel').selectOption('whatsapp');
    await page.waitForURL(/channel=whatsapp/);
    await page.locator('table[aria-busy="false"]').waitFor();
    expect(await page.locator('tbody tr').filter({ hasText: to }).count()).toBe(0);
    const row = page.locator('tbody tr').filter({ has: page.locator(`a[href="/admin/admissions/details/${admission._id}"]`) });
    await row.waitFor();
    const chat = decodeURIComponent((await row.getByRole('link', { name: /^Open WhatsApp to 9988776655/ }).getAttribute('href'))!);
    expect(chat).toMatch(/^https:\/\/wa\.me\/919988776655\?text=/);
    expect(chat).toContain(admission.referenceNumber);
    expect(chat).toContain('आवेदन हमें प्राप्त हो गया है');

    await row.getByRole('button', { name: /^Mark sent/ }).click();
    await page.locator('.Toastify').getByText('Marked sent: the message to 9988776655.').first().waitFor();
    await expect.poll(() => row.innerText()).toMatch(/Sent/);
    expect(await row.getByRole('button', { name: /^Mark sent/ }).count()).toBe(0);
    expect(await accessibilityFailures(page, `/admin/messages (WhatsApp) at ${width}`)).toEqual([]);
  });
});
