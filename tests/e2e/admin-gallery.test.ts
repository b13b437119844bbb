/**
 * Chromium: create (including a 5.9 MB photo, resized in the browser so no request is over 4 MB),
 * edit and delete a gallery item, and see it (and its modal) on /gallery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { PHONE, launchBrowser, loginThroughUi, newPage, toast } from '../support/browser.ts';

const FOUR_MB = 4 * 1024 * 1024;
const SIX_MB = 6 * 1024 * 1024;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir = '';
const files = { small: '', replacement: '', big: '', tooBig: '' };
const title = `Annual Day ${Date.now()}`;
const bigTitle = `Sports Meet ${Date.now()}`;
let detailsUrl = '';
const bodySizes: { url: string; method: string; size: number }[] = [];

/** A PNG of random noise (barely compressible): about 3 bytes a pixel. */
const noisePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer();
const photoJpeg = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg({ quality: 80 }).toBuffer();


/**
 * Every fetch body's exact size, measured in the page (Chromium does not hand multipart file bodies
 * to the request event), plus what the request event sees.
 */
async function recordBodies(p: Page) {
  await p.addInitScript(() => {
    const w = window as unknown as { __bodies: { url: string; method: string; size: number }[] };
    w.__bodies = [];
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.body) w.__bodies.push({ url: request.url, method: request.method, size: (await request.clone().arrayBuffer()).byteLength });
      return original(input, init);
    };
  });
  p.on('request', (r: Request) => {
    const body = r.postDataBuffer();
    const declared = Number(r.headers()['content-length'] ?? 0);
    bodySizes.push({ url: r.url(), method: r.method(), size: Math.max(body?.length ?? 0, declared) });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gallery-e2e-'));
  files.small = join(dir, 'annual-day.jpg');
  files.replacement = join(dir, 'annual-day-2.jpg');
  files.big = join(dir, 'sports-meet.png');
  files.tooBig = join(dir, 'too-big.png');
  await writeFile(files.small, await photoJpeg(1200, 900, '#2a6f97'));
  await writeFile(files.replacement, await photoJpeg(900, 1200, '#c44536'));
  await writeFile(files.big, await noisePng(1440, 1420));
  await writeFile(files.tooBig, await noisePng(1500, 1450));
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await recordBodies(page);
  await loginThroughUi(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('gallery', () => {
  it('the generated photos have the sizes the test is about', async () => {
    const big = (await stat(files.big)).size;
    expect(big).toBeGreaterThan(5.7 * 1024 * 1024);
    expect(big).toBeLessThan(SIX_MB);
    expect((await stat(files.tooBig)).size).toBeGreaterThan(SIX_MB);
  });

  it('validates the form: missing fields, missing image, a file over 6 MB is refused and not sent', async () => {
    await page.goto('/admin/gallery/new-item');
    await page.getByRole('heading', { name: 'New Gallery Item', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Please fill in all required fields.');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Students on stage at the annual day function.');
    await page.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Please upload an image');

    const before = bodySizes.length;
    await page.getByLabel(/^Image/).setInputFiles(files.tooBig);
    await page.getByRole('alert').filter({ hasText: 'File size must be under 6MB' }).waitFor();
    expect(await page.getByLabel(/^Image/).evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
    await page.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Please upload an image');
    expect(bodySizes.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __bodies: unknown[] }).__bodies)).toEqual([]);
    expect(await page.getByLabel(/^Image/).getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/gif,image/avif');
  });

  it('creates an item with a preview, and the form clears', async () => {
    await page.getByLabel(/^Image/).setInputFiles(files.small);
    const preview = page.getByRole('img', { name: 'Preview of the chosen image' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    const posted = page.waitForResponse((r) => r.url().endsWith('/v1/api/gallery') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Upload' }).click();
    expect((await posted).status()).toBe(201);
    await toast(page, 'Gallery item created successfully!');
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByLabel('Description').inputValue()).toBe('');
    expect(await page.getByLabel(/^Image/).evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  });

  it('a 5.9 MB photo is resized in the browser: it is stored, and no request body is over 4 MB', async () => {
    await page.getByLabel('Title').fill(bigTitle);
    await page.getByLabel('Description').fill('The 100 m race at the annual sports meet.');
    await page.getByLabel(/^Image/).setInputFiles(files.big);
    await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    const before = bodySizes.length;
    const posted = page.waitForResponse((r) => r.url().endsWith('/v1/api/gallery') && r.request().method() === 'POST', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Upload' }).click();
    expect((await posted).status()).toBe(201);
    await toast(page, 'Gallery item created successfully!');
    const inPage = await page.evaluate(() => (window as unknown as { __bodies: { url: string; method: string; size: number }[] }).__bodies);
    bodySizes.push(...inPage);
    const uploads = [...bodySizes.slice(before), ...inPage].filter((r) => r.method === 'POST');
    expect(uploads.length).toBeGreaterThan(0);
    // The body was seen (a real image of a few hundred kB at least) and is under 4 MB.
    expect(Math.max(...uploads.map((u) => u.size))).toBeGreaterThan(100 * 1024);
    for (const u of bodySizes) expect(u.size, u.url).toBeLessThanOrEqual(FOUR_MB);
  });

  it('the panel shows both items; an item opens its edit page; Save with a new image reloads it', async () => {
    await page.goto('/admin/gallery/panel');
    const card = page.getByRole('link').filter({ hasText: title });
    await card.waitFor();
    expect(await page.getByRole('link').filter({ hasText: bigTitle }).count()).toBe(1);
    const natural = await page.getByRole('link').filter({ hasText: bigTitle }).locator('img').evaluate(async (img: HTMLImageElement) => {
      await img.decode().catch(() => undefined);
      return img.naturalWidth;
    });
    expect(natural).toBe(1440);
    await card.click();
    await page.waitForURL(/\/admin\/gallery\/details\/[^/]+$/);
    detailsUrl = page.url();
    await page.getByRole('heading', { name: 'Edit Gallery Item', level: 1 }).waitFor();
    await page.getByRole('img', { name: 'Current image' }).waitFor();
    const oldSrc = await page.getByRole('img', { name: 'Current image' }).getAttribute('src');
    expect(oldSrc).toMatch(/^\/v1\/uploads\/gallery\//);

    await page.getByLabel('Title').fill(`${title} (edited)`);
    await page.getByLabel('New image (optional)').setInputFiles(files.replacement);
    await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await toast(page, 'Gallery item updated successfully!');
    await page.getByRole('img', { name: 'Current image' }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Current image' }).getAttribute('src')).not.toBe(oldSrc);
    await page.reload();
    await page.getByLabel('Title').and(page.locator(`[value="${title} (edited)"]`)).waitFor();
  });

  it('/gallery shows server items first, then the 23 built-in photos, and a modal for an item', async () => {
    const { context: visitor, page: p } = await newPage(browser);
    await p.goto('/gallery');
    await p.locator('.gallery[aria-busy="false"]').waitFor();
    const tiles = p.locator('.gallery-grid > li');
    const count = await tiles.count();
    expect(count).toBeGreaterThanOrEqual(25);
    const titles = await tiles.locator('.gallery-tile__title').allInnerTexts();
    expect(titles.slice(-23)).toEqual(Array(23).fill('Academy Event'));
    expect(titles.slice(0, count - 23)).toEqual(expect.arrayContaining([`${title} (edited)`, bigTitle]));

    // Three columns on desktop.
    const xs = await tiles.evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().x)));
    expect(new Set(xs).size).toBe(3);

    const tile = p.getByRole('button', { name: `${title} (edited)` });
    const fetched = p.waitForResponse((r) => /\/v1\/api\/gallery\/[^/]+$/.test(r.url()));
    await tile.click();
    expect((await fetched).status()).toBe(200);
    const dialog = p.getByRole('dialog', { name: `${title} (edited)` });
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('Students on stage at the annual day function.');
    expect(text).toMatch(/Posted on \d{1,2} [A-Z][a-z]{2,} \d{4}/);
    expect(await dialog.getByRole('img').evaluate(async (img: HTMLImageElement) => {
      await img.decode().catch(() => undefined);
      return img.naturalWidth;
    })).toBeGreaterThan(0);
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await tile.evaluate((el) => el === document.activeElement)).toBe(true);

    // A built-in photo opens too.
    await p.getByRole('button', { name: /Academy event/i }).first().click();
    await p.getByRole('dialog', { name: 'Academy Event' }).waitFor();
    await p.keyboard.press('Escape');
    await visitor.close();
  });

  it('/gallery is one column at 360 px with no horizontal scroll', async () => {
    const { context: phone, page: p } = await newPage(browser, PHONE);
    await p.goto('/gallery');
    await p.locator('.gallery[aria-busy="false"]').waitFor();
    const xs = await p.locator('.gallery-grid > li').evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().x)));
    expect(new Set(xs).size).toBe(1);
    expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('deletes the items and returns to the panel', async () => {
    await page.goto(detailsUrl);
    await page.getByRole('heading', { name: 'Edit Gallery Item', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/gallery\/panel\/?$/);
    await toast(page, 'Gallery item deleted successfully!');
    await page.getByRole('link').filter({ hasText: bigTitle }).click();
    await page.waitForURL(/\/admin\/gallery\/details\/[^/]+$/);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/gallery\/panel\/?$/);
    await toast(page, 'Gallery item deleted successfully!');
    expect(await page.getByRole('link').filter({ hasText: title }).count()).toBe(0);

    await page.goto(detailsUrl);
    await page.waitForURL(/\/admin\/gallery\/panel\/?$/);
    await toast(page, 'An error occurred while fetching custGallery item details.');
  });
});
