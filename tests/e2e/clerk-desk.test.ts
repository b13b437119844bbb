/**
 * Chromium at 1280 px, the clerk's day: office staff sign in and land on /admin; a count
 * of the home screen opens the list filtered to it; the admissions list shows the reference number
 * and the date received and finds an application by its mobile number; the seats have their own
 * screen, linked from the list's one line of seats; a payment typed "₹6,000" is recorded. The home
 * page's enquiry pop-up never opens for signed-in staff, and still does for a visitor.
 * SCREENSHOT_DIR=<dir> saves the dashboard, the list and the seats screen to look at.
 */
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { createAdmission, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { confirmFeeBeforeAdmission } from '../support/admin-screens.ts';
import { dateInIndia, formatDate } from '../../src/lib/dates.ts';
import { fees } from '../../src/config/fees.ts';

let browser: Browser;
let clerk: Staff;
let admission: CreatedAdmission;
const mobile = `8${String(randomInt(1e8, 1e9))}`;
const today = dateInIndia();

const toast = (p: Page, text: RegExp | string) => p.locator('.Toastify').getByText(text).first().waitFor();
const tableLoaded = (p: Page) => p.locator('table[aria-busy="false"]').waitFor();
const screenshot = async (p: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR)
    await p.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
};
const path = (p: Page) => new URL(p.url()).pathname.replace(/\/$/, '');

beforeAll(async () => {
  [clerk, admission] = await Promise.all([
    staffClient('office', 'Clerk Sunita'),
    createAdmission({ contactNo: mobile }),
  ]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the clerk at 1280 px', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    context.setDefaultTimeout(60_000);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('signs in and lands on the office home, /admin', async () => {
    await page.goto('/login');
    await page.getByPlaceholder('Enter your email').fill(clerk.email);
    await page.getByPlaceholder('Enter your password').fill(clerk.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin');
    await page.getByRole('heading', { name: 'Office home', level: 1 }).waitFor();
  });

  it('opens the list filtered to a count of the home screen: today’s applications, then a status', async () => {
    const fresh = page.getByRole('region', { name: 'New', exact: true });
    const todays = fresh.getByRole('link', { name: /^Applications today: \d+$/ });
    expect(Number(await todays.innerText())).toBeGreaterThanOrEqual(1);
    expect(await todays.getAttribute('href')).toBe(`/admin/admissions/panel?from=${today}`);
    expect(await fresh.getByRole('link', { name: /^Enquiries this week: \d+$/ }).getAttribute('href')).toMatch(
      /^\/admin\/enquiry\/panel\?from=\d{4}-\d{2}-\d{2}$/,
    );
    await screenshot(page, 'dashboard-1280');
    expect(await accessibilityFailures(page, 'home with linked counts')).toEqual([]);

    await todays.click();
    await page.waitForURL(
      (url) => url.pathname.replace(/\/$/, '') === '/admin/admissions/panel' && url.searchParams.get('from') === today,
    );
    await tableLoaded(page);
    expect(await page.getByLabel('Received since').inputValue()).toBe(today);
    await page.getByRole('row').filter({ hasText: admission.referenceNumber }).waitFor();

    await page.goBack();
    const received = page
      .getByRole('region', { name: 'Applications by status' })
      .getByRole('link', { name: /^Received \d+$/ });
    await received.click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'received');
    await tableLoaded(page);
    expect(await page.getByLabel('Status').inputValue()).toBe('received');
  });

  it('sees the reference number and the date received in the admissions list, and finds an application by its mobile number', async () => {
    await page.goto('/admin/admissions/panel');
    await tableLoaded(page);
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining(['Reference', 'Received']));
    // As a parent reads it out on the phone.
    await page.getByLabel('Search by name, reference or mobile').fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.waitForURL((url) => url.searchParams.get('name') === `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const row = page.locator('tbody tr').first();
    await row.filter({ hasText: admission.referenceNumber }).waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    const received = cells[headers.indexOf('Received')]!;
    expect(received).toBe(formatDate(today));
    await page.getByLabel('Search by name, reference or mobile').fill('');
    await tableLoaded(page);
    await screenshot(page, 'admissions-list-1280');
    expect(await accessibilityFailures(page, 'admissions list')).toEqual([]);
  });

  it('opens the seats screen from the list’s line of seats', async () => {
    await page.goto('/admin/admissions/panel');
    const line = page.locator('.seats-line');
    await line.getByText(/admitted, \d+ waitlisted, \d+ applied/).waitFor();
    expect(await page.getByRole('table', { name: /^Seats for/ }).count()).toBe(0);
    await line.getByRole('link', { name: 'Seats by class' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/admin/seats');
    const seats = page.getByRole('region', { name: /^Seats for \d{4}-\d{2}$/ });
    await seats.getByRole('table').waitFor();
    expect(await seats.getByRole('columnheader').allInnerTexts()).toEqual([
      'Class',
      'Seats',
      'Admitted',
      'Waitlisted',
      'Applied',
    ]);
    expect(
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Seats' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await screenshot(page, 'seats-1280');
    expect(await accessibilityFailures(page, 'seats screen')).toEqual([]);
  });

  it('records a payment typed "₹6,000"', async () => {
    expect(fees.admission['K.G']).toBe(6000);
    await page.goto(`/admin/admissions/details/${admission._id}`);
    const section = page.getByRole('region', { name: 'Fee and payments' });
    await section.getByText('No payments yet.').waitFor();
    // Garbage gets a clear message beside the field, and nothing is recorded.
    await section.getByLabel('Amount in rupees').fill('6,00,0');
    await section.getByLabel('Paid by').selectOption('cash');
    await section.getByRole('button', { name: 'Record payment' }).click();
    const message = 'Enter the amount in rupees, with at most 2 decimals (for example 6000, 6,000, ₹6,000 or 6000.50).';
    await section.locator('.field-error').getByText(message, { exact: true }).waitFor();
    expect(await section.getByLabel('Amount in rupees').getAttribute('aria-invalid')).toBe('true');

    await section.getByLabel('Amount in rupees').fill('₹6,000');
    await section.getByRole('button', { name: 'Record payment' }).click();
    await confirmFeeBeforeAdmission(page);
    await toast(page, /^Payment recorded: receipt RMCP-R-\d{4}-\d{6}$/);
    await section.getByRole('row').filter({ hasText: '₹6,000.00' }).waitFor();
    expect(
      await section
        .getByRole('row')
        .filter({ hasText: /RMCP-R-/ })
        .count(),
    ).toBe(1);
  });

  it('never sees the enquiry pop-up on the home page, signed in', async () => {
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    // Past the moment it would open for a visitor (1.5 s after load), polled in the page.
    await page.waitForFunction(
      () =>
        performance.now() -
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd >
        2500,
    );
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(path(page)).toBe('');
  });
});

it('still shows the pop-up to a visitor', async () => {
  const { context, page } = await openPage(browser, DESKTOP);
  try {
    await page.goto('/', { waitUntil: 'load' });
    await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 15_000 });
  } finally {
    await context.close();
  }
});
