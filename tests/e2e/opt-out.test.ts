/**
 * Chromium: a parent at 360 px in Hindi opens the link at the end of a school message, stops the
 * messages with the one button, and can start them again; the clerk at 1280 px sees the number in
 * the messages screen's list of numbers that stopped messages. axe finds nothing; nothing scrolls
 * sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi, screenshot } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { freshMobile, optOutLink } from '../support/opt-out.ts';

let browser: Browser;
let office: Staff;

beforeAll(async () => {
  office = await staffClient('office', 'Opt-out Desk Clerk');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('stopping the school’s WhatsApp and SMS messages', () => {
  it('a parent at 360 px in Hindi stops them from the link, then starts them again; the clerk sees it', async () => {
    const mobile = freshMobile('96');
    const link = await optOutLink(mobile, 'hi');
    const { context, page } = await openPage(browser, PHONE);
    try {
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: 'विद्यालय के संदेश', level: 1 }).waitFor();
      await page.getByText(`क्या ${mobile.slice(-4)} पर समाप्त होने वाले मोबाइल नंबर पर`).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
      expect(await accessibilityFailures(page, 'the opt-out page in Hindi at 360 px')).toEqual([]);
      await screenshot(page, 'opt-out-hi-360');

      // From the keyboard, as a phone's keyboard or a screen reader reaches it.
      const stop = page.getByRole('button', { name: 'संदेश बंद करें' });
      await stop.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('संदेश बंद कर दिए गए हैं').waitFor();
      expect(await accessibilityFailures(page, 'the opt-out page after stopping, at 360 px')).toEqual([]);
      await screenshot(page, 'opt-out-hi-360-stopped');

      await page.getByRole('button', { name: 'संदेश फिर से चालू करें' }).click();
      await page.getByRole('status').getByText('संदेश फिर से चालू कर दिए गए हैं').waitFor();
      await page.getByRole('button', { name: 'संदेश बंद करें' }).click();
      await page.getByRole('status').getByText('संदेश बंद कर दिए गए हैं').waitFor();
    } finally {
      await context.close();
    }

    const desk = await openPage(browser, DESKTOP);
    try {
      await loginThroughUi(desk.page, office.email, office.password);
      await desk.page.goto('/admin/messages');
      const section = desk.page.getByRole('region', { name: 'Numbers that stopped messages' });
      const row = section.locator('tbody tr').filter({ hasText: mobile });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Stopped[\s\S]*Opened the link in a message/);
      // No sending keys on this runtime: the office still sends WhatsApp by hand.
      await desk.page.getByText('WhatsApp messages are sent by the office').waitFor();
      expect(await accessibilityFailures(desk.page, '/admin/messages with opt-outs at 1280 px')).toEqual([]);
      await screenshot(desk.page, 'messages-opt-outs-1280');
    } finally {
      await desk.context.close();
    }
  }, 120_000);
});
