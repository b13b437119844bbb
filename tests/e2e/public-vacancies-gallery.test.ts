/** Chromium: the public /vacancies island's states (empty, error), the /gallery page as HTML drawn by its function, and no layout shift while loading. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await page.route('**/v1/api/jobs', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/vacancies');
    await page.getByText('There are no open vacancies right now.').waitFor();
    await context.close();
  });

  it('/vacancies says so when the list cannot be loaded', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/v1/api/jobs', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
    );
    await page.goto('/vacancies');
    await page.locator('.Toastify').getByText('Failed to fetch vacancies', { exact: true }).waitFor();
    await context.close();
  });

  it('/gallery is whole HTML with no island: every photo through the Image CDN at the sizes a tile needs, width and height set, the first loaded at once', async () => {
    const { context, page } = await newPage(browser);
    await trackShifts(page);
    const served = new Map<string, { type: string; size: number }>();
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname === '/.netlify/images')
        served.set(r.url(), {
          type: r.headers()['content-type'] ?? '',
          size: (await r.body().catch(() => Buffer.alloc(0))).byteLength,
        });
    });
    await page.goto('/gallery');
    const images = page.locator('.gallery-grid img');
    expect(await images.count()).toBeGreaterThan(0);
    const attributes = await images.evaluateAll((els) =>
      (els as HTMLImageElement[]).map((img) => ({
        src: img.getAttribute('src'),
        srcset: img.getAttribute('srcset'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        alt: img.alt,
      })),
    );
    for (const img of attributes) {
      expect(img.src).toMatch(/^\/\.netlify\/images\?url=/);
      expect(img.srcset).toMatch(/ 320w, .* 480w, .* 640w/);
      expect(Number(img.width)).toBeGreaterThan(0);
      expect(Number(img.height)).toBeGreaterThan(0);
      expect(img.alt).not.toBe('');
    }
    expect(attributes[0]!.loading).toBeNull();
    expect(attributes.slice(1).every((img) => img.loading === 'lazy')).toBe(true);
    // The first photo as the browser gets it: WebP (Netlify's pick for a browser that takes it), a few tens of kB.
    const shown = await page
      .locator('.gallery-grid img')
      .first()
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return img.currentSrc;
      });
    await expect.poll(() => served.get(shown)?.type).toBe('image/webp');
    expect(served.get(shown)!.size).toBeLessThan(120 * 1024);
    // No island: the site's own small script only.
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(await cls(page)).toBeLessThan(0.05);
    await context.close();
  });

  it('no layout shift while the lists load (slow API)', async () => {
    for (const [path, api, items] of [
      [
        '/vacancies',
        '**/v1/api/jobs',
        [
          {
            _id: 'j1',
            jobTitle: 'Clerk',
            jobDescription: 'Office work',
            keyResponsibilities: ['a'],
            qualificationsAndRequirements: ['b'],
            employmentType: 'Full-Time',
            createdAt: '2025-01-01T00:00:00Z',
            updatedAt: '2025-01-01T00:00:00Z',
          },
        ],
      ],
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
});
