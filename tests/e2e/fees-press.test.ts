/**
 * Chromium, as the school uses it: the principal changes a class's fee
 * at /admin/fees (1280 px) and the public fee structure shows it at once, in Hindi on a phone
 * (360 px); the office adds a press article with a cover at /admin/press (1280 px) and it appears on
 * /press/coverage, and on /hi/press/coverage at 360 px, where its English title is marked English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot, toast } from '../support/browser.ts';
import { site } from '../support/site.ts';
import { signInAs } from '../support/admin-screens.ts';
import { accessibilityFailures } from './content-browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { fees } from '../../src/config/fees.ts';
import { ALL_CLASSES } from '../../src/lib/classes.ts';
import { sessionOf } from '../../src/lib/sessions.ts';

/** No other test pays an N.C fee; the fee is put back at the end. */
const CLASS = 'N.C';
let browser: Browser;
let principal: Staff;
let office: Staff;
let dir = '';

/** A page at `viewport` that lets axe's script and the screenshots' Devanagari font past the pages' CSP (tested on its own elsewhere). */
async function newPage(_browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: site('baseURL'), viewport, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  [browser, principal, office] = await Promise.all([launchBrowser(), staffClient('principal'), staffClient('office')]);
  dir = await mkdtemp(join(tmpdir(), 'press-e2e-'));
}, 60_000);
afterAll(async () => {
  await principal?.client.request('/v1/api/fees', {
    method: 'PUT',
    json: { session: sessionOf(), admission: ALL_CLASSES.map((c) => ({ admissionClass: c, amount: fees.admission[c] })), transferCertificate: fees.transferCertificate },
  });
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('fees', () => {
  it('the principal changes the N.C fee at /admin/fees; /hi/admissions/fees shows it on a phone at once', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, principal);
      await page.goto('/admin/fees');
      const input = page.getByLabel(`Admission fee of ${CLASS} in rupees`);
      await input.waitFor();
      expect(await input.inputValue()).toBe(String(fees.admission[CLASS]));
      // A typing slip is caught on the screen, by the same schema as the server's.
      await input.fill('-5');
      await page.getByRole('button', { name: 'Save fees' }).click();
      await page.getByText('A fee cannot be less than zero.', { exact: true }).first().waitFor();
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      await input.fill('5,750');
      await page.getByRole('button', { name: 'Save fees' }).click();
      await toast(page, `Fees for ${sessionOf()} saved: the public fee page shows them now.`);
      expect(await accessibilityFailures(page, '/admin/fees at 1280 px')).toEqual([]);
      await screenshot(page, 'admin-fees-1280');
    } finally {
      await context.close();
    }
    const { context: phone, page: parent } = await newPage(browser, PHONE);
    try {
      await parent.goto('/hi/admissions/fees');
      const row = parent.locator('tr', { has: parent.getByRole('rowheader', { name: CLASS, exact: true }) });
      expect(await row.locator('td').textContent()).toBe('₹5,750');
      expect(await parent.locator('h1').textContent()).toBe('शुल्क विवरण');
      expect(await parent.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await accessibilityFailures(parent, '/hi/admissions/fees at 360 px')).toEqual([]);
      await screenshot(parent, 'fees-hi-360');
    } finally {
      await phone.close();
    }
  }, 90_000);
});

describe('press', () => {
  it('the office adds an article with a cover at /admin/press; it is on /press/coverage, and on /hi/press/coverage at 360 px', async () => {
    const coverPath = join(dir, 'clipping.jpg');
    await writeFile(coverPath, await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#c9b38a' } }).jpeg({ quality: 80 }).toBuffer());
    const title = `Village children win the district quiz ${Date.now()}`;
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, office);
      await page.goto('/admin/press');
      const articles = page.getByRole('region', { name: 'Press articles' });
      await articles.getByRole('button', { name: 'Add an article' }).click();
      const form = page.getByRole('form', { name: 'New article' });
      await form.getByLabel('Newspaper').fill('Amar Ujala');
      await form.getByLabel('Title in English').fill(title);
      await form.getByLabel('Summary in English').fill('Three pupils of Class VIII took the first prize.');
      await form.getByLabel('Date printed').fill('2026-10-02');
      await form.getByLabel('What the picture shows, in English').fill('Newspaper clipping with the quiz winners holding their cup');
      await form.getByLabel('Cover picture').setInputFiles(coverPath);
      expect(await accessibilityFailures(page, '/admin/press with its form at 1280 px')).toEqual([]);
      await screenshot(page, 'admin-press-form-1280');
      await form.getByRole('button', { name: 'Add the article' }).click();
      await toast(page, 'Added: it is on the public page now.');
      await articles.getByRole('cell', { name: title, exact: true }).waitFor();
      await screenshot(page, 'admin-press-1280');
    } finally {
      await context.close();
    }

    const { context: visitor, page: publicPage } = await newPage(browser, DESKTOP);
    try {
      await publicPage.goto('/press/coverage');
      const card = publicPage.locator('.press-card', { hasText: title });
      const img = card.locator('img');
      expect(await img.getAttribute('alt')).toBe('Newspaper clipping with the quiz winners holding their cup');
      // Resized in the browser before it went up: 960 px on its long edge.
      expect(await img.getAttribute('width')).toBe('960');
      expect(await img.getAttribute('height')).toBe('600');
      await img.scrollIntoViewIfNeeded();
      await publicPage.waitForFunction((t) => {
        const card = [...document.querySelectorAll('.press-card')].find((c) => c.textContent?.includes(t));
        const image = card?.querySelector('img');
        return !!image && image.complete && image.naturalWidth === 960;
      }, title);
      expect(await card.locator('time').getAttribute('datetime')).toBe('2026-10-02');
    } finally {
      await visitor.close();
    }

    const { context: phone, page: parent } = await newPage(browser, PHONE);
    try {
      await parent.goto('/hi/press/coverage');
      const heading = parent.locator('.press-card h2', { hasText: title });
      expect(await heading.getAttribute('lang')).toBe('en-IN');
      // The month in Hindi (ICU spells it अक्तूबर or अक्टूबर by its version).
      expect(await parent.locator('.press-card', { hasText: title }).locator('time').textContent()).toMatch(/^2 अक्[तट]ूबर 2026$/);
      expect(await parent.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await accessibilityFailures(parent, '/hi/press/coverage at 360 px')).toEqual([]);
      await screenshot(parent, 'press-hi-360');
    } finally {
      await phone.close();
    }
  }, 120_000);
});
