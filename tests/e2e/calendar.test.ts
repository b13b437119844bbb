/**
 * Chromium: the office keeps the calendar at /admin/calendar (1280 px): adds a holiday of several
 * days in both languages, is stopped by dates out of order, changes it, deletes another; /calendar
 * and /hi/calendar show the month with the holiday in words, at 360 px, with no framework script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { staffClient, type Staff } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi, newPage, screenshot, toast } from '../support/browser.ts';
import { token } from '../http/admin-fixtures.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { EVENT_TEXTS } from '../../src/features/calendar/event.ts';

/** A month of the far future of this file's own. */
const MONTH = `2097-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;
const english = `Autumn break ${token('')}`;
const hindi = `शरद अवकाश ${token('')}`;
const other = `Parents meeting ${token('')}`;

let browser: Browser;
let clerk: Staff;
let admin: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  [browser, clerk] = await Promise.all([launchBrowser(), staffClient('office')]);
  const opened = await newPage(browser, DESKTOP);
  admin = opened.page;
  close = () => opened.context.close();
  await loginThroughUi(admin, clerk.email, clerk.password);
}, 300_000);
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function fillEvent(
  page: Page,
  values: { en?: string; hi?: string; start?: string; end?: string; holiday?: boolean },
) {
  const form = page.getByRole('form', { name: /event/ });
  if (values.en !== undefined) await form.getByLabel('In English').fill(values.en);
  if (values.hi !== undefined) await form.getByLabel(/^In Hindi/).fill(values.hi);
  if (values.start !== undefined) await form.getByLabel(/^Date \(first day\)/).fill(values.start);
  if (values.end !== undefined) await form.getByLabel(/^Last day/).fill(values.end);
  if (values.holiday !== undefined) await form.getByRole('checkbox', { name: /Holiday/ }).setChecked(values.holiday);
  return form;
}

describe('the office keeps the calendar', () => {
  it('adds a holiday in both languages and a meeting, is stopped by dates out of order, changes and deletes (1280 px)', async () => {
    await admin.goto(`/admin/calendar?month=${MONTH}`);
    await admin.getByRole('heading', { name: 'School calendar' }).waitFor();
    await admin.getByText(/Nothing in .* yet/).waitFor();

    let form = await fillEvent(admin, { en: english, hi: hindi, start: day(10), end: day(9), holiday: true });
    await form.getByRole('button', { name: 'Add to the calendar' }).click();
    await form.getByText(EVENT_TEXTS.order).waitFor();
    expect(await admin.getByRole('table').count()).toBe(0);

    await fillEvent(admin, { end: day(14) });
    await form.getByRole('button', { name: 'Add to the calendar' }).click();
    await toast(admin, 'Event added. The website shows it within a minute.');
    const row = admin.getByRole('row').filter({ hasText: english });
    await row.waitFor();
    expect(await row.innerText()).toContain('Holiday');
    expect(await row.innerText()).toContain('5 days');

    form = await fillEvent(admin, { en: other, start: day(20) });
    await form.getByRole('button', { name: 'Add to the calendar' }).click();
    await toast(admin, 'Event added. The website shows it within a minute.');
    await admin.getByRole('row').filter({ hasText: other }).waitFor();

    // The holiday is one day longer.
    await row.getByRole('button', { name: `Change ${english}` }).click();
    await admin.getByRole('heading', { name: 'Change the event' }).waitFor();
    await fillEvent(admin, { end: day(15) });
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await toast(admin, 'Event saved. The website shows the change within a minute.');
    await expect.poll(() => row.innerText()).toContain('6 days');
    await screenshot(admin, 'calendar-admin-1280');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);

    const meeting = admin.getByRole('row').filter({ hasText: other });
    await meeting.getByRole('button', { name: `Delete ${other}` }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(admin, 'Event deleted.');
    await expect.poll(() => meeting.count()).toBe(0);
  }, 180_000);

  it('/calendar and /hi/calendar show the month with the holiday in words, at 360 px, without framework script', async () => {
    const { context, page } = await openPage(browser, PHONE);
    context.setDefaultTimeout(60_000);
    try {
      await page.goto(`/calendar/${MONTH}`);
      const list = page.locator('.cal-list');
      expect(await list.innerText()).toContain(english);
      expect(await list.innerText()).toContain('Holiday');
      expect(await list.innerText()).not.toContain(other);
      expect(await page.locator('.cal-grid .cal-tag').count()).toBe(6);
      expect(await accessibilityFailures(page, 'the calendar at 360')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'calendar-en-360');

      await page.goto(`/hi/calendar/${MONTH}`);
      const hiList = page.locator('.cal-list');
      expect(await hiList.innerText()).toContain(hindi);
      expect(await hiList.innerText()).toContain('अवकाश');
      expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
      expect(await accessibilityFailures(page, 'the Hindi calendar at 360')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'calendar-hi-360');
      // A grid day takes the reader to its event in the list, by the keyboard too.
      await page.locator('.cal-grid a').first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#event-/);
      // Served as whole HTML: no island, no framework script.
      const served = await (await page.request.get(`/hi/calendar/${MONTH}`)).text();
      expect(served).toContain(hindi);
      expect(served).not.toMatch(/<astro-island|react|client:/i);
    } finally {
      await context.close();
    }
  }, 120_000);
});
