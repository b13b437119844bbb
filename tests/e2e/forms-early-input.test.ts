/**
 * A slow phone shows the server's form before its script has run. Chromium holds the page's
 * scripts back while a parent fills an admission form (text, selects, the ABC choice, the consent
 * box, documents) and a status lookup: the submit button waits (so the browser never sends the
 * fields in the address), and once the island hydrates everything typed and chosen is what it sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BANDS_DEF, bandFiles, fileLabel } from '../../src/features/admission/admission.ts';
import { FORM_PART_TEXTS, FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { PHONE, hydrated, launchBrowser, newPage } from '../support/browser.ts';
import { JPEG, PDF } from '../http/forms-fixtures.ts';
import { fillApplicationText, label, officeFinds, shownReference } from '../support/admission-form.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Holds every script of the site until `release` is called; the page is open with its server-rendered form. */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('form.ff-form').waitFor();
  return release;
}

/** Enter in a field does not send the form while the scripts are held: the page keeps its address. */
async function expectNoBrowserSubmit(page: Page, field: string, button: string): Promise<void> {
  expect(await page.getByRole('button', { name: button }).isDisabled()).toBe(true);
  const before = page.url();
  await page.getByLabel(label(field)).press('Enter');
  await page.waitForTimeout(300);
  expect(page.url()).toBe(before);
  expect(new URL(page.url()).search).toBe('');
}

describe('a form filled before its island hydrated', () => {
  it('admission form: the text, choices, consent and documents given early are sent', async () => {
    const band = 'middle';
    const def = BANDS_DEF[band];
    const { context, page } = await newPage(browser, PHONE);
    try {
      const release = await openWithScriptsHeld(page, def.path);
      expect(await page.locator('astro-island[ssr]').count()).toBe(1);

      const name = `Early${Date.now().toString(36).replace(/\d/g, '')}`;
      await fillApplicationText(page, band, name, { mobile: '9812300077' });
      await page.getByLabel(label(FORM_PART_TEXTS.abcChoice)).selectOption('REFUSED');
      await page.getByLabel(label('Government scholarship')).selectOption('no');
      const files = bandFiles(def).filter((f) => f !== 'abcCard' && f !== 'scholarshipDocument');
      for (const [i, field] of files.entries()) {
        const file =
          i % 2
            ? { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: PDF }
            : { name: `${field}.jpg`, mimeType: 'image/jpeg', buffer: JPEG };
        await page.getByLabel(label(fileLabel(field))).setInputFiles(file);
      }
      await expectNoBrowserSubmit(page, 'Student first name', 'Submit application');
      expect(await page.locator('astro-island[ssr]').count()).toBe(1);

      release();
      await hydrated(page);
      // What was chosen before is uploaded now, and the fields still show what was typed.
      await expect.poll(() => page.locator('.ff-upload--done').count(), { timeout: 60_000 }).toBe(files.length);
      expect(await page.getByLabel(label('Student first name')).inputValue()).toBe(name);
      expect(await page.getByRole('checkbox', { name: /parent or lawful guardian/ }).isChecked()).toBe(true);

      await page.getByRole('button', { name: 'Submit application' }).click();
      await page
        .locator('.Toastify')
        .getByText(FORM_TEXTS.admissionSuccess, { exact: true })
        .first()
        .waitFor({ timeout: 30_000 });
      const { id, detail } = await officeFinds(name, await shownReference(page));
      expect(detail).toMatchObject({
        studentFirstName: name,
        studentLastName: 'Sharma',
        fatherFirstName: 'Fatherfirst',
        contactNo: '9812300077',
        admissionClass: def.classOptions.at(-1)!.label,
        abcId: 'REFUSED',
        governmentScholarship: 'no',
      });
      for (const field of files) expect(detail[field]).toBe(`/v1/api/admission/${id}/files/${field}`);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('status check: the pair typed early is the pair looked up', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      const release = await openWithScriptsHeld(page, '/admissions/status');
      await page.getByLabel(label('Reference number')).fill('RMCP-2026-000777');
      await page.getByLabel(label('Mobile number')).fill('9812300078');
      await expectNoBrowserSubmit(page, 'Mobile number', 'Check status');

      // Only what the island sends is looked at: the lookup is stopped in the browser, so it spends none of the address's tries.
      const sent = new Promise<string>((resolve) => {
        void page.route('**/v1/api/admission/status', async (route) => {
          resolve(route.request().postData() ?? '');
          await route.abort();
        });
      });
      release();
      await hydrated(page);
      await page.getByRole('button', { name: 'Check status' }).click();
      expect(JSON.parse(await sent)).toMatchObject({ referenceNumber: 'RMCP-2026-000777', contactNo: '9812300078' });
    } finally {
      await context.close();
    }
  }, 120_000);
});
