/** Chromium: the home page's enquiry pop-up (delay, dialog semantics, focus, Esc, stays closed, submit). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FORM_PART_TEXTS, FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { PHONE, launchBrowser, newPage, toast } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const dialog = (p: Page) => p.getByRole('dialog', { name: 'Admission Enquiry' });
const focusInDialog = (p: Page) => p.evaluate(() => !!document.activeElement?.closest('dialog[open]'));

describe('enquiry pop-up', () => {
  it('appears about 1.5 s after load as a modal dialog, traps focus, Esc closes it and returns focus; stays closed this visit', async () => {
    const { context, page } = await newPage(browser);
    try {
      // When the dialog opens, measured in the page against the load event (not by the test's clock,
      // which a busy machine makes late).
      await page.addInitScript(() => {
        const w = window as unknown as { __openedAt?: number };
        new MutationObserver(() => {
          if (!w.__openedAt && document.querySelector('dialog[open]')) w.__openedAt = performance.now();
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
      });
      await page.goto('/', { waitUntil: 'load' });
      // Focus something on the page first: focus must come back to it.
      await page.evaluate(() => document.querySelector<HTMLElement>('.skip-link')?.focus());
      const before = await page.evaluate(() => document.activeElement?.textContent?.trim());
      expect(before).toBeTruthy();
      await dialog(page).waitFor({ state: 'visible', timeout: 10_000 });
      const { openedAt, loadEnd } = await page.evaluate(() => ({
        openedAt: (window as unknown as { __openedAt: number }).__openedAt,
        loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      }));
      expect(openedAt - loadEnd).toBeGreaterThanOrEqual(1450);
      expect(openedAt - loadEnd).toBeLessThan(4000);

      const el = dialog(page);
      expect(await el.getAttribute('aria-modal')).toBe('true');
      expect(await focusInDialog(page)).toBe(true);
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog(page)).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page)).toBe(true);

      // All 14 fields with their options, and the consent box.
      expect(await el.locator('input:not([name="website"]), select, textarea').count()).toBe(15);
      expect(await el.getByLabel(/^Address/).getAttribute('rows')).toBe('4');
      const motherOptions = await el
        .getByLabel(/^Mother's occupation/)
        .locator('option')
        .allTextContents();
      expect(motherOptions).toContain('Housewife');
      expect(
        await el
          .getByLabel(/^Father's occupation/)
          .locator('option')
          .allTextContents(),
      ).not.toContain('Housewife');
      expect(
        await el
          .getByLabel(/^Category/)
          .locator('option')
          .allTextContents(),
      ).toEqual(['Select category', 'GENERAL', 'OBC', 'SC', 'ST', 'SBC', 'MINORITY']);

      await page.keyboard.press('Escape');
      await el.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(before);

      // The rest of the visit: not again.
      await page.reload({ waitUntil: 'load' });
      await page.waitForTimeout(2500);
      expect(await dialog(page).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the close button closes it too', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/');
      await dialog(page).waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByRole('button', { name: 'Close enquiry form' }).click();
      await dialog(page).waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('refuses an empty field, then sends: toasts, and the form closes', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/');
      const el = dialog(page);
      await el.waitFor({ state: 'visible', timeout: 10_000 });
      await el.getByRole('button', { name: 'Submit' }).click();
      await toast(page, FORM_TEXTS.required);
      expect(await el.getByLabel(/^Student's name/).getAttribute('aria-invalid')).toBe('true');

      await el.getByLabel(/^Admission class/).selectOption('N.C');
      await el.getByLabel(/^Student's name/).fill('Popup Child');
      await el.getByLabel(/^Father's name/).fill('Popup Father');
      await el.getByLabel(/^Mother's name/).fill('Popup Mother');
      await el.getByLabel(/^Gender/).selectOption('Female');
      await el.getByLabel(/^Date of birth/).fill('2021-06-01');
      await el.getByLabel(/^Father's mobile/).fill('98765');
      await el.getByLabel(/^E-mail/).fill('popup@example.com');
      await el.getByLabel(/^Category/).selectOption('SC');
      await el.getByLabel(/^Last school attended/).fill('None');
      await el.getByLabel(/^Father's occupation/).selectOption('Shopkeeper');
      await el.getByLabel(/^Mother's occupation/).selectOption('Teacher');
      await el.getByLabel(/^Address/).fill('Ward 4\nSikandrabad');
      await el.getByLabel(/^Referred by/).fill('Poster');
      await el.getByRole('button', { name: 'Submit' }).click();
      await toast(page, FORM_TEXTS.fatherMobile);
      await el.getByLabel(/^Father's mobile/).fill('9876501234');
      // The consent box is the last rule: its message, its field marked, then ticked and sent.
      await el.getByRole('button', { name: 'Submit' }).click();
      await toast(page, FORM_TEXTS.consent);
      const consent = el.getByRole('checkbox', { name: /parent or lawful guardian/ });
      expect(await consent.getAttribute('aria-invalid')).toBe('true');
      expect(await el.getByRole('link', { name: 'Read the privacy notice' }).getAttribute('href')).toBe('/privacy');
      await consent.check();
      await el.getByRole('button', { name: 'Submit' }).click();
      await toast(page, FORM_TEXTS.enquirySuccess);
      // The confirmation takes the form's place until it is closed.
      await el.getByRole('heading', { name: FORM_PART_TEXTS.enquiryDoneHeading }).waitFor();
      await el.getByRole('button', { name: FORM_PART_TEXTS.doneClose, exact: true }).click();
      await el.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  }, 60_000);
});
