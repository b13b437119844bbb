/**
 * On a runtime of its own (it changes a page's picture and takes a sample off the gallery, which the
 * shared runtime's gallery tests count): the office at 1280 px chooses a picture already uploaded
 * for a page through the picture field's dialog, by keyboard (focus goes into the dialog and comes
 * back to the button that opened it), saves, and the public page shows it; the dialog is usable at
 * 360 px. A visitor at 360 px in Hindi sees each sample photo of the gallery marked "नमूना" in
 * words, the school's own photo not marked, and a sample the office removes in the admin gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { staffClient, type Staff } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, screenshot, toast } from '../support/browser.ts';
import { signInAs } from '../support/admin-screens.ts';
import { startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/global-setup.ts';
import { fileOf } from '../http/admin-fixtures.ts';
import { accessibilityFailures } from './content-browser.ts';
import { startingGallery } from '../../src/features/pictures/starting.ts';

let runtime: TestRuntime;
let browser: Browser;
let office: Staff;
/** A photo of the school's already uploaded, and a photo of the school's in the gallery. */
let uploaded = '';
const galleryTitle = `Science fair ${Date.now()}`;

const photo = (background: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 20 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
const imageForm = async (bytes: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', fileOf(bytes, 'image/jpeg'), 'photo.jpg');
  return form;
};

beforeAll(async () => {
  runtime = await startIsolatedRuntime({ ADMIN_EMAIL, ADMIN_PASSWORD });
  office = await staffClient('office', 'Chooser Clerk', runtime.url);
  browser = await launchBrowser();
  const picture = await office.client.request('/v1/api/pictures', {
    method: 'POST',
    body: await imageForm(await photo('#2f6f4f', 1600, 1200)),
  });
  expect(picture.status).toBe(201);
  uploaded = (await picture.json()).id;
  const item = await office.client.request('/v1/api/gallery', {
    method: 'POST',
    body: await imageForm(await photo('#6f2f4f', 1200, 900), {
      title: galleryTitle,
      description: 'Models made by Class VIII.',
    }),
  });
  expect(item.status).toBe(201);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('choosing a picture already uploaded', () => {
  it('the office at 1280 px opens the dialog by keyboard, chooses the school’s photo, saves, and the public page shows it', async () => {
    const context = await browser.newContext({ baseURL: runtime.url, viewport: DESKTOP, bypassCSP: true });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    try {
      await signInAs(page, office);
      await page.goto('/admin/pages?edit=/infrastructure/library');
      const field = page.getByRole('group', { name: 'Picture at the top' });
      await field.waitFor();
      await expect.poll(() => field.locator('.picture-field__current .sample-badge').count()).toBe(1);
      const open = field.getByRole('button', { name: 'Choose one of the school’s pictures' });

      // Opened, then closed with Escape: focus goes back to the button.
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'The school’s pictures' });
      await dialog.waitFor();
      const mine = dialog.getByRole('button', { name: /^Photo uploaded .*, 1600 × 1200 pixels/ });
      await mine.waitFor();
      expect(await mine.innerText()).toContain('Not on any page yet');
      // The starting drawings offered are those still on a page, each marked Sample and saying where.
      const samples = dialog.getByRole('listitem').filter({ hasText: 'Sample' });
      expect(await samples.count()).toBeGreaterThan(0);
      for (const text of await samples.allInnerTexts()) expect(text).toMatch(/On: \//);
      expect(await dialog.locator('[aria-current="true"]').count()).toBe(1);
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
      expect(await accessibilityFailures(page, '/admin/pages (choosing a picture)')).toEqual([]);
      await screenshot(page, 'pictures-choose-1280');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await focusedText(page)).toBe('Choose one of the school’s pictures');

      // Again, and the school's photo chosen with the keyboard.
      await page.keyboard.press('Enter');
      await mine.waitFor();
      await mine.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await focusedText(page)).toBe('Choose one of the school’s pictures');
      await expect
        .poll(() => field.locator('img').first().getAttribute('src'))
        .toContain(encodeURIComponent(`/v1/pictures/${uploaded}`));
      expect(await field.locator('.picture-field__current .sample-badge').count()).toBe(0);
      await field
        .getByLabel('What the picture shows (English, for blind readers)')
        .fill('The reading room of the school library');
      await field.getByLabel('What the picture shows (Hindi, for blind readers)').fill('विद्यालय के पुस्तकालय का पठन कक्ष');
      await page.getByRole('button', { name: 'Save the page' }).click();
      await toast(page, 'Page saved. It is on the website now.');

      // Opened again on a phone: the saved choice is the one in use; the dialog fits the screen and lists the photos one under another.
      await page.setViewportSize(PHONE);
      await page.goto('/admin/pages?edit=/infrastructure/library');
      await expect
        .poll(() => field.locator('.picture-field__current img').getAttribute('src'))
        .toContain(encodeURIComponent(`/v1/pictures/${uploaded}`));
      await open.click();
      await mine.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await mine.evaluate((el) => el.closest('li')!.getBoundingClientRect().width)).toBeGreaterThan(250);
      expect(await dialog.locator('[aria-current="true"]').innerText()).toContain('In use here');
      await screenshot(page, 'pictures-choose-360');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }

    const visitor = await browser.newContext({ baseURL: runtime.url, viewport: DESKTOP });
    try {
      const page = await visitor.newPage();
      await page.goto('/infrastructure/library');
      const img = page.getByRole('img', { name: 'The reading room of the school library' });
      const shown = await img.evaluate(async (el: HTMLImageElement) => {
        await el.decode();
        return { url: el.currentSrc, width: el.getAttribute('width'), height: el.getAttribute('height') };
      });
      expect(shown).toMatchObject({ width: '1600', height: '1200' });
      expect(shown.url).toContain(`/.netlify/images?url=${encodeURIComponent(`/v1/pictures/${uploaded}`)}&w=`);
    } finally {
      await visitor.close();
    }
  }, 240_000);
});

describe('the public gallery’s sample photos', () => {
  it('a visitor at 360 px in Hindi sees each sample marked नमूना, the school’s photo not; a sample the office removes is gone', async () => {
    const sample = startingGallery[2]!;
    const phone = await browser.newContext({ baseURL: runtime.url, viewport: PHONE, bypassCSP: true });
    phone.setDefaultTimeout(60_000);
    const p = await phone.newPage();
    // Several samples share words: the tile is found by its file.
    const sampleTile = () =>
      p.locator('.gallery-grid > li').filter({ has: p.locator(`img[srcset*="${encodeURIComponent(sample.src)}&"]`) });
    try {
      await p.goto('/hi/gallery');
      await p.getByRole('heading', { name: 'फ़ोटो गैलरी', level: 1 }).waitFor();
      expect(await p.getByRole('note').innerText()).toContain('“नमूना” लिखी फ़ोटो');
      expect(await sampleTile().count()).toBe(1);
      expect(await sampleTile().locator('figcaption').innerText()).toMatch(/^नमूना\s+विद्यालय का कार्यक्रम$/);
      // Every sample says so in words; the school's own photo does not.
      const tiles = p.locator('.gallery-grid > li');
      expect(await tiles.count()).toBe(startingGallery.length + 1);
      expect(await p.locator('.gallery-tile__sample').allInnerTexts()).toEqual(
        Array(startingGallery.length).fill('नमूना'),
      );
      const own = tiles.filter({ hasText: galleryTitle });
      expect(await own.innerText()).not.toContain('नमूना');
      expect(await own.locator('.gallery-tile__sample').count()).toBe(0);
      expect(await accessibilityFailures(p, '/hi/gallery')).toEqual([]);
      await screenshot(p, 'gallery-samples-hi-360');

      const officeContext = await browser.newContext({ baseURL: runtime.url, viewport: DESKTOP });
      officeContext.setDefaultTimeout(60_000);
      try {
        const o = await officeContext.newPage();
        await signInAs(o, office);
        await o.goto('/admin/gallery/panel');
        await o.getByRole('button', { name: `Remove the sample ${sample.name}` }).click();
        const confirm = o.getByRole('alertdialog');
        await confirm.getByText(sample.alt.en).waitFor();
        await confirm.getByRole('button', { name: 'Remove' }).click();
        await toast(o, 'Sample photo removed from the gallery.');
      } finally {
        await officeContext.close();
      }

      await p.reload();
      await p.getByRole('heading', { name: 'फ़ोटो गैलरी', level: 1 }).waitFor();
      expect(await sampleTile().count()).toBe(0);
      expect(await p.locator('.gallery-tile__sample').count()).toBe(startingGallery.length - 1);
      expect(await tiles.filter({ hasText: galleryTitle }).locator('.gallery-tile__sample').count()).toBe(0);
    } finally {
      await phone.close();
    }
  }, 180_000);
});
