/** axe-core on every content route at 1280 and 360 px: zero violations; no horizontal scroll at 360 px. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, DESKTOP, PHONE } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { CONTENT_ROUTES } from './content-routes.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const routes = [...Object.keys(CONTENT_ROUTES), '/no-such-page'];

describe.each([
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
])('accessibility at %s', (_label, viewport) => {
  it('every content route has zero axe violations and no horizontal scroll', async () => {
    const { context, page } = await openPage(browser, viewport);
    const failures: string[] = [];
    try {
      for (const path of routes) {
        await page.goto(path, { waitUntil: 'load' });
        failures.push(...(await accessibilityFailures(page, path)));
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
