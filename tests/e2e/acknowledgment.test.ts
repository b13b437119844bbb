/**
 * After the admission form is sent, Chromium (1280 and 360 px) sees the acknowledgment in its place:
 * focus on its heading, the reference number with a working Copy button, the class, documents and
 * next steps, a PDF download that reads back with the same reference, a WhatsApp link naming it,
 * and nothing axe objects to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { site } from '../../src/config/site.ts';
import { BANDS_DEF, bandFiles, fileLabel } from '../../src/features/admission/admission.ts';
import { DESKTOP, PHONE, launchBrowser, downloadedBytes } from '../support/browser.ts';
import { readPdf } from '../support/pdf.ts';
import { JPEG, PDF } from '../http/forms-fixtures.ts';
import { fillApplicationText, label, shownReference } from '../support/admission-form.ts';
import { accessibilityFailures } from './content-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MOBILE = '9812345678';

/** The early-years form, filled in and with every document uploaded. */
async function fillPrimary(page: Page, name: string): Promise<void> {
  const def = BANDS_DEF['pre-primary'];
  await fillApplicationText(page, 'pre-primary', name, { mobile: MOBILE });
  const fields = bandFiles(def);
  for (const [i, field] of fields.entries()) {
    const file =
      i % 2
        ? { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: PDF }
        : { name: `${field}.jpg`, mimeType: 'image/jpeg', buffer: JPEG };
    await page.getByLabel(label(fileLabel(field))).setInputFiles(file);
  }
  await expect.poll(() => page.locator('.ff-upload--done').count(), { timeout: 60_000 }).toBe(fields.length);
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`the acknowledgment after an admission form (${name}, ${viewport.width} px)`, () => {
    it('replaces the form: reference with Copy, class, documents, next steps, PDF download, WhatsApp share; accessible', async () => {
      const context = await browser.newContext({
        baseURL: inject('baseURL'),
        viewport,
        bypassCSP: true,
        acceptDownloads: true,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      try {
        await page.goto(BANDS_DEF['pre-primary'].path);
        await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
        const student = `Ack${name}${Date.now().toString(36).replace(/\d/g, '')}`;
        await fillPrimary(page, student);
        await page.getByRole('button', { name: 'Submit application' }).click();

        // The form gives way; focus is on the acknowledgment's heading.
        const heading = page.getByRole('heading', { level: 2, name: 'Application received' });
        await heading.waitFor({ timeout: 60_000 });
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Application received');
        expect(await page.locator('form.ff-form').count()).toBe(0);
        const reference = await shownReference(page);
        expect(reference).toMatch(/^RMCP-\d{4}-\d{6}$/);
        const ack = page.locator('section.ack');
        const text = (await ack.textContent())!;
        for (const expected of [`${student} Kumar Sharma`, 'K.G', MOBILE, 'What happens next'])
          expect(text).toContain(expected);
        for (const field of bandFiles(BANDS_DEF['pre-primary']))
          expect(
            await ack
              .getByRole('listitem')
              .filter({ hasText: new RegExp(`^${fileLabel(field)}$`) })
              .count(),
          ).toBe(1);
        expect(await ack.getByRole('link', { name: 'the application status page' }).getAttribute('href')).toBe(
          `/admissions/status?ref=${reference}`,
        );

        // Copy puts the reference number on the clipboard and says so.
        await page.getByRole('button', { name: 'Copy the reference number' }).click();
        await page.locator('.Toastify').getByText('Copied', { exact: true }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

        // The PDF names the same application.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download acknowledgment (PDF)' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`acknowledgment-${reference}.pdf`);
        const bytes = await downloadedBytes(download);
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const pdf = await readPdf(bytes);
        expect(pdf.text).toContain(reference);
        expect(pdf.text).toContain(site.contact.name);
        expect(pdf.qr).toBe(`${site.url}/admissions/status?ref=${reference}`);

        // WhatsApp's share text names the school, the reference and the status page.
        const whatsapp = new URL((await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!);
        expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
        const message = whatsapp.searchParams.get('text')!;
        expect(message).toContain(reference);
        expect(message).toContain(site.contact.name);
        expect(message).toContain(`${site.url}/admissions/status?ref=${reference}`);

        expect(await accessibilityFailures(page, `acknowledgment at ${viewport.width} px`)).toEqual([]);

        // Another form: the form is back, focus on its first field.
        await page.getByRole('button', { name: 'Fill in another form' }).click();
        await expect
          .poll(() =>
            page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''),
          )
          .toMatch(/^Student first name/);
      } finally {
        await context.close();
      }
    }, 240_000);
  });
}
