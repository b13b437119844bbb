/**
 * Chromium at 1280 and 360 px: the messages screen. Office staff find it in the nav, filter by
 * channel (kept in the URL), open a letter in place with the keyboard, open the WhatsApp chat with
 * the queued letter written in, and mark it sent; axe finds nothing and nothing scrolls sideways.
 * At 1280 px the clerk sends the pending WhatsApp letters in one pass, from the keyboard.
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
    expect(await emailRow.getByRole('link', { name: 'Open the record' }).getAttribute('href')).toBe(
      `/admin/enquiry/details/${enquiry._id}`,
    );
    expect(await accessibilityFailures(page, `/admin/messages with a letter open at ${width}`)).toEqual([]);

    // WhatsApp only: the filter is kept in the URL.
    await page.getByLabel('Channel').selectOption('whatsapp');
    await page.waitForURL(/channel=whatsapp/);
    await page.locator('table[aria-busy="false"]').waitFor();
    expect(await page.locator('tbody tr').filter({ hasText: to }).count()).toBe(0);
    const row = page
      .locator('tbody tr')
      .filter({ has: page.locator(`a[href="/admin/admissions/details/${admission._id}"]`) });
    await row.waitFor();
    const chat = decodeURIComponent(
      (await row.getByRole('link', { name: /^Open WhatsApp to 9988776655/ }).getAttribute('href'))!,
    );
    expect(chat).toMatch(/^https:\/\/wa\.me\/919988776655\?text=/);
    expect(chat).toContain(admission.referenceNumber);
    expect(chat).toContain('आवेदन हमें प्राप्त हो गया है');

    await row.getByRole('button', { name: /^Mark sent/ }).click();
    await page.locator('.Toastify').getByText('Marked sent: the message to 9988776655.').first().waitFor();
    await expect.poll(() => row.innerText()).toMatch(/Sent/);
    expect(await row.getByRole('button', { name: /^Mark sent/ }).count()).toBe(0);
    expect(await accessibilityFailures(page, `/admin/messages (WhatsApp) at ${width}`)).toEqual([]);
  }, 120_000);
});

describe('sending the pending WhatsApp letters in one pass at 1280 px', () => {
  it('steps through the queue from the keyboard: each Enter opens the next chat and marks the one before sent; Stop leaves the open one queued', async () => {
    // Two families' letters, each still to send (no WhatsApp keys in this run).
    await createAdmission({ contactNo: '9811122201' });
    await createAdmission({ contactNo: '9811122202' });
    const pendingNow = async () =>
      (
        (await (await office.client.request('/v1/api/messages?state=queued&channel=whatsapp&limit=100')).json())
          .data as { _id: string; byHand: boolean }[]
      ).filter((m) => m.byHand);
    expect((await pendingNow()).length).toBeGreaterThanOrEqual(2);

    const { context, page } = await openPage(browser, DESKTOP);
    context.setDefaultTimeout(60_000);
    // The chats open in tabs of their own: answered here, not by WhatsApp.
    const chats: string[] = [];
    // Which letters the screen marked sent: other files' letters share the queue, so the screen says which come first.
    const marked: string[] = [];
    await context.route('https://wa.me/**', (route) => {
      // The tab's own page, not its favicon.
      if (route.request().resourceType() === 'document') chats.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'chat' });
    });
    try {
      await loginThroughUi(page, office.email, office.password);
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/v1/api/messages/')) marked.push(r.url().split('/').pop()!);
      });
      await page.goto('/admin/messages');
      const start = page.getByRole('button', { name: /^Send pending WhatsApp letters \(\d+\)$/ });
      await start.waitFor();
      await start.focus();
      await page.keyboard.press('Enter');
      const queue = page.getByRole('region', { name: /^Sending WhatsApp letters/ });
      await queue.getByRole('heading', { name: new RegExp(`^Sending WhatsApp letters: 1 of \\d+$`) }).waitFor();
      expect(await accessibilityFailures(page, '/admin/messages, sending the pending letters')).toEqual([]);

      const main = queue.getByRole('link', { name: /^Open the first in WhatsApp: the letter to .+, opens WhatsApp$/ });
      const firstTo = /the letter to (.+), opens/.exec((await main.getAttribute('aria-label'))!)![1]!;
      await main.focus();
      let tab = context.waitForEvent('page');
      await page.keyboard.press('Enter');
      await (await tab).close();
      // The same button, now for the next letter: Enter again opens it and marks the first sent.
      const next = queue.getByRole('link', {
        name: /^Mark sent and open the next in WhatsApp: the letter to .+, opens WhatsApp$/,
      });
      await next.waitFor();
      const secondTo = /the letter to (.+), opens/.exec((await next.getAttribute('aria-label'))!)![1]!;
      expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(marked).toEqual([]);
      tab = context.waitForEvent('page');
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && r.url().includes('/v1/api/messages/'),
      );
      await page.keyboard.press('Enter');
      await (await tab).close();
      // The first letter is marked sent as the second opens.
      expect(await (await answer).json()).toMatchObject({ state: 'sent', to: firstTo, byHand: true });
      expect((await pendingNow()).some((m) => m._id === marked[0])).toBe(false);
      await expect.poll(() => chats.length).toBe(2);
      expect(chats.map((chat) => `${new URL(chat).origin}${decodeURIComponent(new URL(chat).pathname)}`)).toEqual([
        `https://wa.me/91${firstTo}`,
        `https://wa.me/91${secondTo}`,
      ]);
      expect(chats.every((chat) => new URL(chat).searchParams.get('text'))).toBe(true);
      await queue.getByText(/Marked sent so far: 1\./).waitFor();

      await queue.getByRole('button', { name: 'Stop (the open letter stays queued)' }).click();
      await page.locator('.Toastify').getByText('Marked sent: 1 letter.').first().waitFor();
      // The second, opened but not confirmed, is still to send.
      expect(marked).toHaveLength(1);
    } finally {
      await context.close();
    }
  }, 180_000);
});
