/** Chromium: the TC request form (success twice, then a third received too, with the office's check said; busy state; cleared after success; styled toasts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FORM_PART_TEXTS, FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { aadhaar } from '../unit/forms-cases.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const toast = (p: Page, text: string) =>
  p.locator('.Toastify').getByText(text, { exact: true }).last().waitFor({ timeout: 30_000 });

async function fill(page: Page, number: string) {
  await page.getByLabel(/^Student's name/).fill('Tc Student');
  await page.getByLabel(/^Admission number/).fill(number);
  await page.getByLabel(/^Student's date of birth/).fill('2014-05-20');
  await page.getByLabel(/^Class/).selectOption('6');
  await page.getByLabel(/^Date of leaving/).fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel(/^Student Aadhaar number/).fill(aadhaar('56789012345'));
  await page.getByLabel(/^Parent's name/).fill('Tc Parent');
  await page.getByLabel(/^Contact number/).fill('9000012345');
  await page.getByLabel(/^E-mail/).fill('tc@example.com');
  await page.getByLabel(/^Reason/).fill('Moving to another town');
  await page.getByRole('checkbox', { name: /parent or lawful guardian/ }).check();
}

describe('TC request form', () => {
  it('says payment is required; succeeds twice, then a third is received too and the confirmation says the office checks it first', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/admissions/tc-request');
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      expect(await page.getByText('Payment is required.').count()).toBe(1);

      await page.getByRole('button', { name: 'Request TC' }).click();
      await toast(page, FORM_TEXTS.required);
      // The toast styles (a file of their own, linked when the island starts) hold the toast in a fixed corner.
      await expect
        .poll(() => page.locator('.Toastify__toast-container').evaluate((el) => getComputedStyle(el).position))
        .toBe('fixed');

      const number = `E2E/${Date.now()}`;
      for (let i = 0; i < 2; i++) {
        await fill(page, number);
        await page.getByRole('button', { name: 'Request TC' }).click();
        await toast(page, FORM_TEXTS.tcSuccess);
        // The confirmation takes the form's place; the form comes back empty on a new visit.
        await page.getByRole('heading', { name: FORM_PART_TEXTS.tcDoneHeading }).waitFor();
        // The first two take the number's two places: nothing said of the office's check.
        expect(await page.getByText(FORM_PART_TEXTS.tcDoneHeld.split('{mobile}')[0]!).count()).toBe(0);
        await page.reload();
        await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
        await expect.poll(() => page.getByLabel(/^Student's name/).inputValue()).toBe('');
      }
      // A third for the number (it may be the family's own after a stranger's two) is never refused.
      await fill(page, number);
      await page.getByRole('button', { name: 'Request TC' }).click();
      await toast(page, FORM_TEXTS.tcSuccess);
      await page.getByRole('heading', { name: FORM_PART_TEXTS.tcDoneHeading }).waitFor();
      await page.getByText(FORM_PART_TEXTS.tcDoneHeld.replace('{mobile}', '9000012345')).waitFor();
    } finally {
      await context.close();
    }
  }, 90_000);

  it('refuses a wrong Aadhaar and a short phone number with its messages', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/admissions/tc-request');
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      await fill(page, `E2E/${Date.now()}`);
      await page.getByLabel(/^Student Aadhaar number/).fill('123456789012');
      await page.getByRole('button', { name: 'Request TC' }).click();
      await toast(page, FORM_TEXTS.aadhaar);
      await page.getByLabel(/^Student Aadhaar number/).fill(aadhaar('56789012345'));
      await page.getByLabel(/^Contact number/).fill('90000');
      await page.getByRole('button', { name: 'Request TC' }).click();
      await toast(page, FORM_TEXTS.tcContact);
      const contact = page.getByLabel(/^Contact number/);
      expect(await contact.getAttribute('aria-invalid')).toBe('true');
    } finally {
      await context.close();
    }
  }, 60_000);
});
