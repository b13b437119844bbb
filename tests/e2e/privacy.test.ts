/**
 * The privacy notice in both languages (its table, the grievance officer, the version every consent
 * names; axe and 360 px), the ABC ID's select on an admission form, and the office reading a consent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi, newPage, hydrated } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { createEnquiry } from '../http/admin-fixtures.ts';
import { privacy } from '../../src/config/privacy.ts';
import { fill } from '../../src/lib/i18n/index.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
])('privacy at %s', (_label, viewport) => {
  it.each([
    ['/privacy', 'en-IN', 'Privacy notice', 'What each form collects and why', 'Grievance officer'],
    ['/hi/privacy', 'hi-IN', 'गोपनीयता सूचना', 'कौन सा फ़ॉर्म क्या जानकारी लेता है और क्यों', 'शिकायत अधिकारी'],
  ])(
    '%s: the table of forms, the rights, the grievance officer and the version; axe finds nothing',
    async (path, lang, title, table, officer) => {
      const { context, page } = await openPage(browser, viewport);
      try {
        await page.goto(path, { waitUntil: 'load' });
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByRole('heading', { name: table }).waitFor();
        expect(await page.getByRole('table').getByRole('row').count()).toBe(5);
        await page.getByRole('heading', { name: officer }).waitFor();
        // The officer by role until the school names one, reached through the school office's phone and e-mail.
        const address = await page.locator('main address').innerText();
        expect(address).toContain(privacy.grievanceOfficer.role[lang === 'hi-IN' ? 'hi' : 'en']);
        expect(address).toContain(lang === 'hi-IN' ? 'विद्यालय कार्यालय के माध्यम से' : 'Through the school office');
        expect(await page.locator('[data-notice-version]').innerText()).toMatch(/^[0-9a-f]{12}$/);
        expect(await page.locator('astro-island').count()).toBe(0);
        expect(await accessibilityFailures(page, path)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    60_000,
  );

  it('the ABC ID: REFUSED replaces the typed ID, explains itself and no longer asks for the ABC card', async () => {
    const { context, page } = await openPage(browser, viewport);
    try {
      await page.goto('/admissions/apply/middle', { waitUntil: 'load' });
      await hydrated(page);
      const card = page.getByLabel(/^ABC card/);
      expect(await card.getAttribute('aria-required')).toBe('true');
      await page.getByLabel(/^ABC ID/).fill('123456789012');
      await page.getByLabel('ABC (APAAR) ID').selectOption('REFUSED');
      expect(await page.getByLabel(/^ABC ID/).count()).toBe(0);
      await page.getByText(fill('en', 'formText.abcExplainREFUSED')).waitFor();
      expect(await card.getAttribute('aria-required')).toBeNull();
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(await accessibilityFailures(page, 'ABC ID refused')).toEqual([]);
      await page.getByLabel('ABC (APAAR) ID').selectOption('');
      expect(await page.getByLabel(/^ABC ID/).inputValue()).toBe('');
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the office reads the consent', () => {
  it("an enquiry's details say when consent was given, in which language, to which notice", async () => {
    const enquiry = await createEnquiry({ language: 'hi' });
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await loginThroughUi(page);
      await page.goto(`/admin/enquiry/details/${enquiry._id}`);
      const row = page.locator('dt', { hasText: /^Consent$/ }).locator('xpath=following-sibling::dd[1]');
      await row.waitFor();
      expect(await row.innerText()).toMatch(
        new RegExp(`^Given on .+, in हिन्दी, to privacy notice version ${enquiry.consent.noticeVersion}$`),
      );
    } finally {
      await context.close();
    }
  }, 60_000);
});
