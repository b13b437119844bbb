/**
 * Chromium: the principal erases an application from its details screen. The dialog refuses a
 * wrongly typed reference number (its error beside the field), then erases on the right one: the
 * screen says when, the names and the documents are gone, and the application no longer shows in
 * a search of the list. Also a correction through the form. axe finds nothing on the screen or in
 * the dialog, at 1280 and 360 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { createAdmission, type CreatedAdmission } from '../http/admin-fixtures.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: RegExp | string) => page.locator('.Toastify').getByText(text).first().waitFor();

for (const [name, viewport] of [
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
] as const) {
  describe(`erasing an application (${name})`, () => {
    let context: BrowserContext;
    let page: Page;
    let app: CreatedAdmission;

    beforeAll(async () => {
      app = await createAdmission();
      ({ context, page } = await openPage(browser, viewport));
      context.setDefaultTimeout(60_000);
      await loginThroughUi(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('corrects a field through the form', async () => {
      await page.goto(`/admin/admissions/details/${app._id}`);
      const section = page.getByRole('region', { name: "Parent's data requests" });
      await section.getByLabel('Field', { exact: true }).selectOption({ label: 'Father first name' });
      await expect.poll(() => section.getByLabel('New value').inputValue()).toBe('Suresh');
      await section.getByLabel('New value').fill('');
      await section.getByRole('button', { name: 'Save correction' }).click();
      await section.locator('.field-error').waitFor();
      await section.getByLabel('New value').fill('Naresh');
      await section.getByRole('button', { name: 'Save correction' }).click();
      await toast(page, 'Father first name corrected');
      await page.getByText('Naresh').first().waitFor();
      expect(await accessibilityFailures(page, `admission details with data requests (${name})`)).toEqual([]);
    });

    it('erases after the reference number is typed, and the child is gone from the screen and the list', async () => {
      const section = page.getByRole('region', { name: "Parent's data requests" });
      await section.getByRole('button', { name: 'Erase now' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Erase personal data' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(app.referenceNumber);
      expect(await accessibilityFailures(page, `erase dialog (${name})`)).toEqual([]);

      await dialog.getByLabel('Reference number').fill('RMCP-2000-000001');
      await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
      await dialog.getByText(`Type the reference number ${app.referenceNumber} exactly.`).waitFor();

      await dialog.getByLabel('Reference number').fill(app.referenceNumber);
      await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
      await toast(page, 'Personal data erased');
      const erased = page.getByRole('region', { name: 'Personal data' });
      await erased.getByText(/^Erased on /).waitFor();
      const screen = await page.locator('main').innerText();
      expect(screen).not.toContain(app.names.first);
      expect(screen).not.toContain(app.names.last);
      expect(screen).toContain(app.referenceNumber);
      expect(await page.getByRole('link', { name: /^View / }).count()).toBe(0);
      expect(await accessibilityFailures(page, `erased admission details (${name})`)).toEqual([]);

      await page.goto(`/admin/admissions/panel?name=${encodeURIComponent(app.names.first)}`);
      await page.getByText('No admissions found.').waitFor();
    });
  });
}
