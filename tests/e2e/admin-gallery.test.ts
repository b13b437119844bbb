/**
 * Chromium: create (including a 5.9 MB photo, resized in the browser so no request is over 4 MB),
 * edit and delete a gallery item, and see it on /gallery; the office (1280 px) removes a sample photo
 * and replaces another with a phone's 4000 x 3000 photo, and a visitor at 360 px in Hindi sees the
 * gallery without the one and with the other, served by the Image CDN, never as the stored file; the
 * office replaces a page's picture with a phone photo through its picture field (PictureField).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { PHONE, launchBrowser, loginThroughUi, newPage, screenshot, toast } from '../support/browser.ts';
import { staffClient } from '../support/api.ts';
import { cameraPhoto, exifTags } from '../support/camera-photo.ts';

const FOUR_MB = 4 * 1024 * 1024;
const SIX_MB = 6 * 1024 * 1024;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir = '';
const files = { small: '', replacement: '', big: '', tooBig: '', camera: '' };
const photoTitle = `Prize Day ${Date.now()}`;
interface Sample {
  name: string;
  src: string;
  alt: { en: string; hi: string };
}
let removed: Sample | undefined;
let replaced: Sample | undefined;
/** The stored path of the office's phone photo. */
let stored = '';
const title = `Annual Day ${Date.now()}`;
const bigTitle = `Sports Meet ${Date.now()}`;
let detailsUrl = '';
const bodySizes: { url: string; method: string; size: number }[] = [];

/** A PNG of random noise (barely compressible): about 3 bytes a pixel. */
const noisePng = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
const photoJpeg = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();

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
      if (request.body)
        w.__bodies.push({
          url: request.url,
          method: request.method,
          size: (await request.clone().arrayBuffer()).byteLength,
        });
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
  files.camera = join(dir, 'IMG_20260301_101500.jpg');
  await writeFile(files.camera, await cameraPhoto(7));
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
    expect(await page.getByLabel(/^Image/).getAttribute('accept')).toBe(
      'image/jpeg,image/png,image/webp,image/gif,image/avif',
    );
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
    const posted = page.waitForResponse((r) => r.url().endsWith('/v1/api/gallery') && r.request().method() === 'POST', {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    expect((await posted).status()).toBe(201);
    await toast(page, 'Gallery item created successfully!');
    const inPage = await page.evaluate(
      () => (window as unknown as { __bodies: { url: string; method: string; size: number }[] }).__bodies,
    );
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
    const natural = await page
      .getByRole('link')
      .filter({ hasText: bigTitle })
      .locator('img')
      .evaluate(async (img: HTMLImageElement) => {
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
    await page
      .getByLabel('Title')
      .and(page.locator(`[value="${title} (edited)"]`))
      .waitFor();
  });

  it('/gallery shows the school’s items first, then the sample photos; a tile opens a larger copy through the Image CDN', async () => {
    const { context: visitor, page: p } = await newPage(browser);
    const samples = (await (await p.request.get('/v1/api/gallery/samples')).json()) as unknown[];
    await p.goto('/gallery');
    const tiles = p.locator('.gallery-grid > li');
    const count = await tiles.count();
    expect(count).toBeGreaterThanOrEqual(2 + samples.length);
    const titles = await tiles.locator('.gallery-tile__title').allInnerTexts();
    expect(titles.slice(count - samples.length)).toEqual(Array(samples.length).fill('Academy Event'));
    expect(titles.slice(0, count - samples.length)).toEqual(expect.arrayContaining([`${title} (edited)`, bigTitle]));
    const edited = tiles.filter({ hasText: `${title} (edited)` });
    expect(await edited.innerText()).toContain('Students on stage at the annual day function.');

    // Three columns on desktop.
    const xs = await tiles.evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().x)));
    expect(new Set(xs).size).toBe(3);

    const link = edited.getByRole('link', { name: `${title} (edited)` });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/\.netlify\/images\?url=%2Fv1%2Fuploads%2Fgallery%2F[0-9a-f]{32}\.jpg&w=\d+$/);
    const large = await p.request.get(href, { headers: { accept: 'image/avif,image/webp,image/*' } });
    expect(large.status()).toBe(200);
    // Netlify picks WebP when the browser takes it (the local runtime does as Netlify does).
    expect(large.headers()['content-type']).toBe('image/webp');
    await visitor.close();
  });

  it('/gallery is one column at 360 px with no horizontal scroll', async () => {
    const { context: phone, page: p } = await newPage(browser, PHONE);
    await p.goto('/gallery');
    const xs = await p
      .locator('.gallery-grid > li')
      .evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().x)));
    expect(new Set(xs).size).toBe(1);
    expect(
      await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('the office at 1280 px sees every photo of the public gallery, removes a sample and replaces another with a 4000 x 3000 phone photo', async () => {
    const staff = await staffClient('office', 'Gallery Clerk');
    const { context: officeContext, page: o } = await newPage(browser);
    try {
      await loginThroughUi(o, staff.email, staff.password);
      const shown = (await (await o.request.get('/v1/api/gallery/samples')).json()) as Sample[];
      await o.goto('/admin/gallery/panel');
      await o.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor();
      const sampleCards = o.locator('.admin-gallery__sample');
      await expect.poll(() => sampleCards.count()).toBe(shown.length);
      expect(await sampleCards.locator('.sample-badge').count()).toBe(shown.length);
      expect(await o.getByRole('link').filter({ hasText: bigTitle }).count()).toBe(1);

      removed = shown[0]!;
      replaced = shown[1]!;
      await o.getByRole('button', { name: `Remove the sample ${removed.name}` }).click();
      const confirm = o.getByRole('alertdialog');
      await confirm.getByText(removed.alt.en).waitFor();
      const deleted = o.waitForResponse((r) => r.request().method() === 'DELETE');
      await confirm.getByRole('button', { name: 'Remove' }).click();
      expect((await deleted).status()).toBe(200);
      await toast(o, 'Sample photo removed from the gallery.');
      await expect.poll(() => sampleCards.count()).toBe(shown.length - 1);

      await o.getByRole('link', { name: `Replace the sample ${replaced.name} with a photo` }).click();
      await o.getByRole('heading', { name: 'Replace a Sample Photo', level: 1 }).waitFor();
      await o.getByLabel('Title').fill(photoTitle);
      await o.getByLabel('Description').fill('Toppers of Class X with their prizes.');
      await o.getByLabel(/^Image/).setInputFiles(files.camera);
      const posted = o.waitForResponse((r) => r.url().endsWith('/v1/api/gallery') && r.request().method() === 'POST', {
        timeout: 60_000,
      });
      await o.getByRole('button', { name: 'Upload' }).click();
      expect((await posted).status()).toBe(201);
      await o.waitForURL(/\/admin\/gallery\/panel\/?$/);
      await toast(o, 'The sample photo is replaced by your photo.');
      await o.getByRole('link').filter({ hasText: photoTitle }).waitFor();
      await expect.poll(() => sampleCards.count()).toBe(shown.length - 2);
      await screenshot(o, 'en-1280-gallery-samples');

      // Stored as the page redrew it: upright, 2560 px on the long side, without the camera's EXIF and GPS.
      const items = (await (await o.request.get('/v1/api/gallery')).json()) as { title: string; image: string }[];
      stored = items.find((item) => item.title === photoTitle)!.image;
      const bytes = Buffer.from(await (await o.request.get(`/v1${stored}`)).body());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 });
      expect(exifTags(bytes)).toEqual([]);
    } finally {
      await officeContext.close();
    }
  });

  it('a visitor at 360 px in Hindi sees the gallery without the removed sample, the school’s photo first as a small Image CDN copy, never the stored file', async () => {
    const { context: phone, page: p } = await newPage(browser, PHONE);
    try {
      const fetched: string[] = [];
      const images = new Map<string, { type: string; size: number }>();
      p.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      p.on('response', async (r) => {
        if (new URL(r.url()).pathname === '/.netlify/images')
          images.set(r.url(), {
            type: r.headers()['content-type'] ?? '',
            size: (await r.body().catch(() => Buffer.alloc(0))).byteLength,
          });
      });
      await p.goto('/hi/gallery');
      await p.getByRole('heading', { name: 'फ़ोटो गैलरी', level: 1 }).waitFor();
      const first = p.locator('.gallery-grid > li').first();
      expect(await first.locator('.gallery-tile__title').innerText()).toBe(photoTitle);
      const sources = await p
        .locator('.gallery-grid img')
        .evaluateAll((els) => (els as HTMLImageElement[]).map((img) => decodeURIComponent(img.srcset)));
      expect(sources.filter((srcset) => srcset.includes('/starting/gallery/')).length).toBeGreaterThan(0);
      for (const gone of [removed!, replaced!])
        expect(sources.filter((srcset) => srcset.includes(gone.src))).toEqual([]);
      const shown = await first.locator('img').evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return { url: img.currentSrc };
      });
      // The tile is about 328 px wide on a 360 px phone: the 480 px copy, not the 1920 px photo.
      expect(shown.url).toMatch(/\/\.netlify\/images\?url=%2Fv1%2Fuploads%2Fgallery%2F[0-9a-f]{32}\.jpg&w=480$/);
      await expect.poll(() => images.get(shown.url)?.type).toBe('image/webp');
      const served = images.get(shown.url)!;
      const storedSize = Number((await p.request.head(`/v1${stored}`)).headers()['content-length']);
      expect(served.size).toBeLessThan(storedSize / 10);
      expect(fetched.filter((path) => path.startsWith('/v1/uploads/') || path.startsWith('/starting/'))).toEqual([]);
      expect(
        await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(p, 'hi-360-gallery');
    } finally {
      await phone.close();
    }
  });

  it('the office replaces a page’s picture with a 4000 x 3000 phone photo through its picture field; a visitor at 360 px in Hindi gets it as a small WebP copy', async () => {
    const staff = await staffClient('office', 'Pages Clerk');
    const { context: officeContext, page: o } = await newPage(browser);
    let id: string;
    try {
      await loginThroughUi(o, staff.email, staff.password);
      await o.goto('/admin/pages?edit=/infrastructure/library');
      const field = o.getByRole('group', { name: 'Picture at the top' });
      await field.waitFor();
      expect(await field.locator('.sample-badge').innerText()).toBe('Sample');
      const uploaded = o.waitForResponse(
        (r) => r.url().endsWith('/v1/api/pictures') && r.request().method() === 'POST',
        { timeout: 60_000 },
      );
      await field.getByLabel('Replace with a photo').setInputFiles(files.camera);
      const answer = await uploaded;
      expect(answer.status()).toBe(201);
      const picture = (await answer.json()) as { id: string; width: number; height: number; sample: boolean };
      // Redrawn in the browser: upright, 2560 px on the long side; the camera's file never went.
      expect(picture).toMatchObject({ width: 1920, height: 2560, sample: false });
      id = picture.id;
      await expect
        .poll(() => field.locator('img').getAttribute('src'))
        .toContain(encodeURIComponent(`/v1/pictures/${id}`));
      expect(await field.locator('.sample-badge').count()).toBe(0);
      await field
        .getByLabel('What the picture shows (English, for blind readers)')
        .fill('Students reading in the school library');
      await field
        .getByLabel('What the picture shows (Hindi, for blind readers)')
        .fill('विद्यालय के पुस्तकालय में पढ़ते विद्यार्थी');
      await o.getByRole('button', { name: 'Save the page' }).click();
      await toast(o, 'Page saved. It is on the website now.');
      const bytes = Buffer.from(await (await o.request.get(`/v1/pictures/${id}`)).body());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 });
      expect(exifTags(bytes)).toEqual([]);
    } finally {
      await officeContext.close();
    }

    const { context: phone, page: p } = await newPage(browser, PHONE);
    try {
      const served = new Map<string, { type: string; size: number }>();
      p.on('response', async (r) => {
        if (new URL(r.url()).pathname === '/.netlify/images')
          served.set(r.url(), {
            type: r.headers()['content-type'] ?? '',
            size: (await r.body().catch(() => Buffer.alloc(0))).byteLength,
          });
      });
      await p.goto('/hi/infrastructure/library');
      const img = p.getByRole('img', { name: 'विद्यालय के पुस्तकालय में पढ़ते विद्यार्थी' });
      const shown = await img.evaluate(async (el: HTMLImageElement) => {
        await el.decode();
        return { url: el.currentSrc, width: el.getAttribute('width'), height: el.getAttribute('height') };
      });
      expect(shown).toMatchObject({ width: '1920', height: '2560' });
      expect(shown.url).toContain(`/.netlify/images?url=${encodeURIComponent(`/v1/pictures/${id}`)}&w=`);
      await expect.poll(() => served.get(shown.url)?.type).toBe('image/webp');
      expect(served.get(shown.url)!.size).toBeLessThan(80 * 1024);
    } finally {
      await phone.close();
    }
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
