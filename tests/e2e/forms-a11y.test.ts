/**
 * Accessibility of the public forms at 1280 and 360 px: axe-core finds nothing on the four form
 * pages (as loaded and after a refused submit, with the errors shown) and in the open enquiry
 * pop-up; no horizontal scroll at 360 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, hydrated } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';

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
])('forms accessibility at %s', (_label, viewport) => {
  it('no axe violations on the form pages (before and after a refused submit) or in the pop-up; no horizontal scroll', async () => {
    const { context, page } = await openPage(browser, viewport);
    const failures: string[] = [];
    const check = async (what: string) => {
      failures.push(...(await accessibilityFailures(page, what)));
    };
    try {
      for (const [path, button] of [
        ['/admissions/apply/primary', 'Submit application'],
        ['/admissions/apply/middle', 'Submit application'],
        ['/admissions/apply/senior', 'Submit application'],
        ['/admissions/tc-request', 'Request TC'],
      ] as const) {
        await page.goto(path, { waitUntil: 'load' });
        await hydrated(page);
        await check(path);
        await page.getByRole('button', { name: button }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await check(`${path} with errors`);
      }
      await page.goto('/', { waitUntil: 'load' });
      await page.getByRole('dialog', { name: 'Admission Enquiry' }).waitFor({ state: 'visible', timeout: 10_000 });
      await check('/ with the enquiry pop-up');
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
