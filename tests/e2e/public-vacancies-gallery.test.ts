/** Chromium: the public /vacancies and /gallery islands' states (empty, error) and no layout shift while loading. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sums the layout-shift entries of the page (Chromium's CLS source). */
async function trackShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

describe('public islands', () => {
  it('/vacancies shows an empty state when there are no vacancies', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/v1/api/jobs', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto('/vacancies');
    await page.getByText('There are no open vacancies right now.').waitFor();
    await context.close();
  });

  it('/vacancies says so when the list cannot be loaded', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/v1/api/jobs', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
    await page.goto('/vacancies');
    await page.locator('.Toastify').getByText('Failed to fetch vacancies', { exact: true }).waitFor();
    await context.close();
  });

  it("/gallery shows 'Error fetching gallery images' and still the 23 built-in photos", async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/v1/api/gallery', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
    await page.goto('/gallery');
    await page.getByText('Error fetching gallery images').waitFor();
    expect(await page.locator('.gallery-grid > li').count()).toBe(23);
    await context.close();
  });

  it('/gallery shows the built-in photos as soon as an empty list arrives, before any island script runs', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/v1/api/gallery', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    // No module script at all: what shows comes from the HTML and its inline script.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/gallery');
    const first = page.locator('.gallery-static').first();
    await page.waitForFunction(() => !document.querySelector('[data-gallery-pending]'));
    expect(await first.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    expect(await page.locator('.gallery-static').count()).toBe(23);
    await context.close();
  });

  it('/gallery keeps the built-in photos hidden while the list loads, and shows them without JavaScript', async () => {
    const { context, page } = await newPage(browser);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((ok) => (answer = ok));
    await page.route('**/v1/api/gallery', async (route) => {
      await answered;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    });
    await page.goto('/gallery', { waitUntil: 'domcontentloaded' });
    const visibility = () => page.locator('.gallery-static').first().evaluate((el) => getComputedStyle(el).visibility);
    expect(await visibility()).toBe('hidden');
    answer();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.gallery-static')!).visibility === 'visible');
    await context.close();

    const noScript = await browser.newContext({ baseURL: inject('baseURL'), javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto('/gallery');
    expect(await plain.locator('.gallery-static').count()).toBe(23);
    expect(await plain.locator('.gallery-static').first().evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    await noScript.close();
  });

  it('no layout shift while the lists load (slow API)', async () => {
    for (const [path, api, items] of [
      ['/gallery', '**/v1/api/gallery', [{ _id: 'a1', title: 'Prize day', description: 'd', image: null, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }]],
      ['/vacancies', '**/v1/api/jobs', [{ _id: 'j1', jobTitle: 'Clerk', jobDescription: 'Office work', keyResponsibilities: ['a'], qualificationsAndRequirements: ['b'], employmentType: 'Full-Time', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }]],
    ] as const) {
      const { context, page } = await newPage(browser);
      await trackShifts(page);
      await page.route(api, async (route) => {
        await new Promise((ok) => setTimeout(ok, 800));
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(items) });
      });
      await page.goto(path);
      await page.locator('[aria-busy="false"]').first().waitFor();
      await page.waitForTimeout(300);
      expect(await cls(page), path).toBeLessThan(0.05);
      await context.close();
    }
  });

  it('an item without an image shows the fallback image', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/v1/api/gallery', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ _id: 'a1', title: 'No photo', description: 'd', image: null, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }]) }),
    );
    await page.goto('/gallery');
    const img = page.getByRole('button', { name: 'No photo' }).locator('img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toBe('/images/gallery-fallback.svg');
    expect(await img.evaluate(async (el: HTMLImageElement) => {
      await el.decode().catch(() => undefined);
      return el.naturalWidth;
    })).toBeGreaterThan(0);
    await context.close();
  });
});
