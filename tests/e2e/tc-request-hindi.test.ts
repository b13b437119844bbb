/**
 * A parent requests a TC on the Hindi page at 360 px (Chromium): the class, the section left empty
 * (it is optional) and the date of leaving; the confirmation shows the reference number, and the
 * acknowledgment downloaded from it reads back in Hindi with the same reference and the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PHONE, downloadedBytes, launchBrowser, newPage } from '../support/browser.ts';
import { readPdf } from '../support/pdf.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { TC_REFERENCE_NUMBER } from '../../src/features/tc-request/reference.ts';
import { aadhaar } from '../unit/forms-cases.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a TC request in Hindi on a phone', () => {
  it('sends class and date of leaving with no section, shows the reference and downloads the acknowledgment', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/hi/admissions/tc-request');
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      const number = `E2E/HI/${Date.now()}`;
      await page.getByLabel(/^विद्यार्थी का नाम/).fill('सीमा यादव');
      await page.getByLabel(/^विद्यार्थी की जन्म तिथि/).fill('2012-11-03');
      await page.getByLabel(/^प्रवेश संख्या/).fill(number);
      await page.getByLabel(/^कक्षा/).selectOption('8');
      // The section is labelled optional, and left empty.
      await expect
        .poll(() =>
          page
            .getByText(/^वर्ग \(सेक्शन\)/)
            .first()
            .textContent(),
        )
        .toContain(HI['formText.optional'].trim());
      await page.getByLabel(/^विद्यालय छोड़ने की तिथि/).fill(new Date().toISOString().slice(0, 10));
      await page.getByLabel(/^विद्यार्थी की आधार संख्या/).fill(aadhaar('67890123456'));
      await page.getByLabel(/^अभिभावक का नाम/).fill('रमेश यादव');
      await page.getByLabel(/^मोबाइल नंबर/).fill('9000054321');
      await page.getByLabel(/^टी.सी. लेने का कारण/).fill('परिवार लखनऊ जा रहा है');
      await page.getByRole('checkbox').check();
      // The page says one thing about paying, as the site is set up.
      await page
        .getByText(new RegExp(`${HI['formText.tcPayOnline'].slice(0, 20)}|${HI['formText.tcPayOffice'].slice(0, 20)}`))
        .first()
        .waitFor();
      // Nothing runs off a 360 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.getByRole('button', { name: HI['formText.tcSubmit'] }).click();

      await page.getByRole('heading', { name: HI['formText.tcDoneHeading'] }).waitFor();
      const reference = (await page.locator('.ff-reference').textContent())!.trim();
      expect(reference).toMatch(TC_REFERENCE_NUMBER);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: HI['formText.tcDownload'] }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`tc-acknowledgment-${reference}.pdf`);
      const pdf = await readPdf(await downloadedBytes(download));
      const text = pdf.text.replace(/\s+/g, ' ');
      // pdftotext reads a vowel sign before its consonant (िव for वि): the parts chosen have none.
      for (const part of [HI['tcAck.title'], reference, number, 'सीमा यादव', 'कक्षा VIII', 'रमेश यादव', '9000054321'])
        expect(text).toContain(part);
    } finally {
      await context.close();
    }
  }, 120_000);
});
