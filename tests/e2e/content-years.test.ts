/** The years-of-excellence figure never goes stale: a page built now and viewed in 2027 shows 2027 - 2012. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { baseURL } from '../support/api.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('years of excellence', () => {
  it('the HTML carries the build-time figure (works without JavaScript)', async () => {
    const html = await (await fetch(new URL('/', baseURL()))).text();
    expect(html).toContain(`<span data-years-since="2012">${new Date().getFullYear() - 2012}</span>+`);
  });

  it.each([
    ['2027-03-15T10:00:00', '15', '2027'],
    ['2031-12-31T22:00:00', '19', '2031'],
  ])('with the visitor clock at %s the page shows %s+ and the copyright year %s', async (time, years, year) => {
    const { context, page } = await newPage(browser);
    try {
      await page.clock.install({ time: new Date(time) });
      await page.goto('/');
      await expect.poll(() => page.locator('[data-years-since]').textContent(), { timeout: 10_000 }).toBe(years);
      expect(await page.locator('.stats li').first().innerText()).toContain(`${years}+`);
      expect(await page.locator('[data-current-year]').textContent()).toBe(year);
    } finally {
      await context.close();
    }
  });
});
