/**
 * axe-core on every content route at 360 px and on one page of each shape at 1280 px (DESKTOP_SAMPLE):
 * zero violations; no horizontal scroll at either width on any route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, DESKTOP, PHONE } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { CONTENT_ROUTES, DESKTOP_SAMPLE } from './content-routes.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const routes = [...Object.keys(CONTENT_ROUTES), '/no-such-page'];

/** The page's horizontal scroll, if any, as a failure. */
async function overflowOf(page: Page, what: string): Promise<string[]> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  return overflow > 0 ? [`${what}: horizontal scroll of ${overflow}px`] : [];
}

describe.each([
  ['1280 px', DESKTOP, [...DESKTOP_SAMPLE, '/no-such-page']],
  ['360 px', PHONE, routes],
])('accessibility at %s', (_label, viewport, checked) => {
  it('zero axe violations on the routes checked at this width, and no horizontal scroll on any route', async () => {
    const { context, page } = await openPage(browser, viewport);
    const failures: string[] = [];
    try {
      for (const path of routes) {
        await page.goto(path, { waitUntil: 'load' });
        failures.push(
          ...(checked.includes(path) ? await accessibilityFailures(page, path) : await overflowOf(page, path)),
        );
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
