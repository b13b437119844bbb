/**
 * Chromium, as the school uses it: a parent on a phone (360 px, Hindi) sees a sample press article
 * marked नमूना on /hi/press/coverage; the office (1280 px) reads the dashboard's go-live checklist,
 * follows its press line to /admin/press, removes that sample there, and the line's count drops; the
 * parent, reloading, no longer sees it. The checklist is usable on a phone too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot, toast } from '../support/browser.ts';
import { site } from '../support/site.ts';
import { signInAs } from '../support/admin-screens.ts';
import { accessibilityFailures } from './content-browser.ts';
import { staffClient, type Staff } from '../support/api.ts';

/** The sample no other runtime test removes (tests/http/press.test.ts removes press-5). */
const TITLE = 'Annual day celebrates folk arts of the region';
const HINDI_TITLE = 'वार्षिकोत्सव में क्षेत्र की लोक कलाओं की झलक';
const LINE = /^Sample press articles \(not real news reports\) still shown on the press page \((\d+) left\)$/;

let browser: Browser;
let office: Staff;

/** A page at `viewport` that lets axe's script and the screenshots' Devanagari font past the pages' CSP (tested on its own elsewhere). */
async function newPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: site('baseURL'), viewport, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  [browser, office] = await Promise.all([launchBrowser(), staffClient('office')]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the go-live checklist and a sample press article', () => {
  it('the office removes a sample the checklist points to; its count drops; the parent on /hi/press/coverage no longer sees it', async () => {
    const { context: phone, page: parent } = await newPage(PHONE);
    const { context: desk, page } = await newPage(DESKTOP);
    try {
      await parent.goto('/hi/press/coverage');
      const card = parent.locator('.press-card', { hasText: HINDI_TITLE });
      expect(await card.locator('.meta strong').textContent()).toBe('नमूना');
      expect(await parent.getByRole('note').first().textContent()).toContain('असली ख़बरें या अंक नहीं हैं');

      await signInAs(page, office);
      await page.goto('/admin');
      const checklist = page.getByRole('region', { name: 'Before the site goes live' });
      const line = checklist.getByRole('link', { name: LINE });
      const before = Number(LINE.exec((await line.textContent())!)![1]);
      expect(before).toBeGreaterThan(0);
      expect(await checklist.getByRole('link', { name: /^Online fee payment is off/ }).getAttribute('href')).toBe(
        '/admin/payments',
      );
      expect(await accessibilityFailures(page, '/admin with its go-live checklist at 1280 px')).toEqual([]);
      await screenshot(page, 'admin-go-live-1280');

      await line.click();
      await page.waitForURL((url) => url.pathname === '/admin/press' && url.hash === '#press-articles');
      const articles = page.getByRole('region', { name: 'Press articles' });
      const row = articles.getByRole('row', { name: new RegExp(TITLE) });
      expect(await row.locator('.press-admin__sample').textContent()).toBe('Sample');
      await row.getByRole('button', { name: `Remove the sample ${TITLE}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
      expect(await dialog.textContent()).toContain('does not come back');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await toast(page, `Removed: ${TITLE}`);
      // The row (its title cell and its actions, whose buttons name the title) leaves once the list is read again.
      await row.waitFor({ state: 'detached' });
      expect(await accessibilityFailures(page, '/admin/press with samples at 1280 px')).toEqual([]);
      await screenshot(page, 'admin-press-samples-1280');

      await page.goto('/admin');
      const after = Number(LINE.exec((await checklist.getByRole('link', { name: LINE }).textContent())!)![1]);
      expect(after).toBeLessThan(before);

      await parent.reload();
      await parent.locator('.press-card').first().waitFor();
      expect(await parent.locator('.press-card', { hasText: HINDI_TITLE }).count()).toBe(0);
      expect(await accessibilityFailures(parent, '/hi/press/coverage at 360 px')).toEqual([]);
      await screenshot(parent, 'press-samples-hi-360');
    } finally {
      await desk.close();
      await phone.close();
    }

    const { context: small, page: clerk } = await newPage(PHONE);
    try {
      await signInAs(clerk, office);
      await clerk.goto('/admin');
      await clerk
        .getByRole('region', { name: 'Before the site goes live' })
        .getByRole('link', { name: LINE })
        .waitFor();
      expect(await accessibilityFailures(clerk, '/admin with its go-live checklist at 360 px')).toEqual([]);
    } finally {
      await small.close();
    }
  }, 150_000);
});
