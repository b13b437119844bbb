/**
 * A phone camera's photo of a card (4000 x 3000, about 4 MB, EXIF orientation and GPS) goes through
 * a real admission form in Chromium: it is made smaller in the browser, the field says by how much,
 * and the office reads back a portrait JPEG of at most 2000 px and 600 KB with no EXIF left. A PDF
 * is not redrawn: a 3.5 MB scan goes up in 1 MB pieces on slow data (Chromium's own throttling) from
 * the Hindi form at 360 px, through a dropped connection; one over 10 MB is refused, and so is a
 * damaged photo that cannot be made smaller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Locator } from 'playwright-core';
import { BANDS_DEF, bandFiles, fileLabel } from '../../src/features/admission/admission.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { formatBytes } from '../../src/lib/format.ts';
import { DESKTOP, PHONE, launchBrowser, hydrated } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { CAMERA, cameraPhoto, exifTags, jpegMarkers } from '../support/camera-photo.ts';
import { JPEG, PDF, closeDb, db, padded, sha256, unique } from '../http/forms-fixtures.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { fillApplicationText, label, officeFinds, shownReference } from '../support/admission-form.ts';

const KB = 1024;
const MB = 1024 * KB;
const ORIENTATION_TAG = 0x0112;
const GPS_TAG = 0x8825;
const APP1 = 0xe1; // EXIF and XMP live here

let browser: Browser;
let photo: Buffer;

/** A page axe-core can be injected into (despite the CSP), with room for a busy machine. */
async function open(viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  opened.context.setDefaultTimeout(60_000);
  return opened;
}
const filesIn = (input: Locator) => input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0);

/** The field's status, as read aloud (aria-hidden parts left out) and as shown (visually hidden parts left out). */
async function status(input: Locator): Promise<{ spoken: string; shown: string }> {
  const ids = (await input.getAttribute('aria-describedby'))!.split(' ');
  const id = ids.find((i) => i.endsWith('-status'));
  expect(id, 'the status is part of the field description').toBeTruthy();
  return input
    .page()
    .locator(`[id="${id}"]`)
    .evaluate((el) => {
      const without = (selector: string) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(selector).forEach((e) => e.remove());
        return copy.textContent!.replace(/\s+/g, ' ').trim();
      };
      return { spoken: without('[aria-hidden="true"]'), shown: without('.visually-hidden') };
    });
}

/** The mean colour of a `size` square of a decoded JPEG at (left, top). */
async function meanColour(jpeg: Buffer, left: number, top: number, size = 40): Promise<number[]> {
  const pixels = await sharp(jpeg).extract({ left, top, width: size, height: size }).removeAlpha().raw().toBuffer();
  const sums = [0, 0, 0];
  for (let i = 0; i < pixels.length; i++) sums[i % 3]! += pixels[i]!;
  return sums.map((sum) => Math.round(sum / (size * size)));
}

beforeAll(async () => {
  photo = await cameraPhoto(1);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await closeDb();
});

describe('a phone photo in an admission document field', () => {
  it("the generated photo is like a camera's: 4000 x 3000, about 4 MB, orientation 6 and a GPS position", async () => {
    const meta = await sharp(photo).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([CAMERA.width, CAMERA.height, CAMERA.orientation]);
    expect(photo.length).toBeGreaterThan(3.5 * MB);
    expect(photo.length).toBeLessThan(5 * MB);
    expect(exifTags(photo)).toEqual(expect.arrayContaining([ORIENTATION_TAG, GPS_TAG]));
    // The marker is at the stored image's top left.
    const [r, g] = await meanColour(photo, 20, 20);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
  });

  it('is made smaller in the browser, says so, and the office reads back an upright JPEG of at most 2000 px and 600 KB without EXIF', async () => {
    const def = BANDS_DEF['pre-primary'];
    const { context, page } = await open();
    try {
      await page.goto(def.path);
      await hydrated(page);
      const name = `Photo${Date.now().toString(36).replace(/\d/g, '')}`;
      await fillApplicationText(page, 'pre-primary', name, { admissionClass: def.classOptions[0]!.value });

      const card = page.getByLabel(label(fileLabel('studentAadharFile')));
      await card.setInputFiles({ name: 'IMG_20250114_101512.jpg', mimeType: 'image/jpeg', buffer: photo });
      const others = bandFiles(def).filter((f) => f !== 'studentAadharFile');
      for (const [i, field] of others.entries()) {
        const file =
          i % 2
            ? { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: PDF }
            : { name: `${field}.jpg`, mimeType: 'image/jpeg', buffer: JPEG };
        await page.getByLabel(label(fileLabel(field))).setInputFiles(file);
      }
      await expect.poll(() => page.locator('.ff-upload--done').count(), { timeout: 60_000 }).toBe(others.length + 1);
      const shownStatus = await status(card);
      expect(await accessibilityFailures(page, 'uploaded, one photo made smaller')).toEqual([]);

      await page.getByRole('button', { name: 'Submit application' }).click();
      await page
        .locator('.Toastify')
        .getByText(FORM_TEXTS.admissionSuccess, { exact: true })
        .first()
        .waitFor({ timeout: 30_000 });
      const { admin, id } = await officeFinds(name, await shownReference(page));
      const res = await admin.request(`/v1/api/admission/${id}/files/studentAadharFile`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const stored = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(stored).metadata();
      console.log(
        `stored photo: ${stored.length} bytes (${formatBytes(stored.length)}), ${meta.width} x ${meta.height}, from ${photo.length} bytes`,
      );

      // What the field said is what was sent.
      expect(shownStatus.shown).toBe(
        `✓ Uploaded IMG_20250114_101512.jpg (${formatBytes(photo.length)} photo → ${formatBytes(stored.length)})`,
      );
      expect(shownStatus.spoken).toBe(
        `Uploaded IMG_20250114_101512.jpg (${formatBytes(photo.length)} photo made smaller to ${formatBytes(stored.length)})`,
      );

      expect(stored.length).toBeLessThanOrEqual(600 * KB);
      expect(meta.format).toBe('jpeg');
      // Stored landscape with orientation 6, so upright it is portrait: 1500 x 2000.
      expect([meta.width, meta.height]).toEqual([1500, 2000]);
      // The marker from the stored top left is at the top right once upright.
      const [r, g] = await meanColour(stored, meta.width! - 60, 20);
      expect(r).toBeGreaterThan(200);
      expect(g).toBeLessThan(60);
      expect((await meanColour(stored, 20, 20))[0]).toBeLessThan(200);
      // Nothing of the camera's metadata is left: no orientation to apply twice, no GPS position.
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(exifTags(stored)).toEqual([]);
      expect(jpegMarkers(stored)).not.toContain(APP1);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('a photo within 2 MB but over 2000 px is made smaller too (at phone width)', async () => {
    const { context, page } = await open(PHONE);
    try {
      await page.goto(BANDS_DEF['pre-primary'].path);
      await hydrated(page);
      const wide = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer();
      expect(wide.length).toBeLessThan(2 * MB);
      const input = page.getByLabel(label(fileLabel('abcCard')));
      await input.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: wide });
      await page.locator('.ff-upload--done').waitFor();
      expect((await status(input)).shown).toMatch(
        new RegExp(`^✓ Uploaded screenshot\\.jpg \\(${formatBytes(wide.length)} photo → \\d+ KB\\)$`),
      );
      expect(await accessibilityFailures(page, 'at 360 px, a photo made smaller')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a 3.5 MB scanned PDF goes up in pieces on slow data from the Hindi form at 360 px, and resumes after the connection drops', async () => {
    const scan = unique(padded(PDF, 3.5 * MB - 16, 11));
    const { context, page } = await open(PHONE);
    const pieces: { method: string; url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/v1/api/uploads'))
        pieces.push({ method: r.request().method(), url: new URL(r.url()).pathname, status: r.status() });
    });
    const dropped: string[] = [];
    page.on('requestfailed', (r) => {
      if (r.url().includes('/v1/api/uploads')) dropped.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const sentPiece = (n: number) =>
      pieces.some((p) => p.method === 'PUT' && p.url.endsWith(`/${n}`) && p.status === 200);
    try {
      await page.goto('/hi/admissions/apply/primary');
      await hydrated(page);
      // A phone on slow data: 1.5 Mbit/s up, 300 ms each way.
      const cdp = await context.newCDPSession(page);
      const slow = { offline: false, latency: 300, downloadThroughput: 400_000 / 8, uploadThroughput: 1_500_000 / 8 };
      await cdp.send('Network.emulateNetworkConditions', slow);
      const input = page.locator('input[data-field="domicileCertificate"]');
      const started = Date.now();
      await input.setInputFiles({ name: 'निवास प्रमाण पत्र.pdf', mimeType: 'application/pdf', buffer: scan });
      await page.getByText(/निवास प्रमाण पत्र\.pdf अपलोड हो रही है: \d+%/).waitFor();
      // The connection drops once two pieces are in, for 4 seconds.
      await expect.poll(() => sentPiece(1), { timeout: 60_000, interval: 100 }).toBe(true);
      await cdp.send('Network.emulateNetworkConditions', { ...slow, offline: true });
      await page.waitForTimeout(4000);
      await cdp.send('Network.emulateNetworkConditions', slow);
      const done = page.locator('.ff-upload--done');
      await done.waitFor({ timeout: 120_000 });
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `3.5 MB PDF on slow data: ${seconds.toFixed(1)} s, answers: ${pieces.map((p) => `${p.method} ${p.url.replace(/^.*uploads/, '')} ${p.status}`).join(', ')}; cut off: ${dropped.join(', ')}`,
      );
      // Three pieces at 1.5 Mbit/s take over 15 s: the throttling held.
      expect(seconds).toBeGreaterThan(15);
      expect(await done.textContent()).toContain(HI['formText.fileUploaded'].replace('{name}', 'निवास प्रमाण पत्र.pdf'));

      // A request was cut off by the drop; the upload was started once, asked what was held after it, and pieces 0 and 1 were never sent again.
      expect(dropped.length).toBeGreaterThan(0);
      expect(pieces.filter((p) => p.method === 'POST' && p.url === '/v1/api/uploads/pieces')).toHaveLength(1);
      expect(pieces.some((p) => p.method === 'GET' && p.status === 200)).toBe(true);
      for (const n of [0, 1])
        expect(pieces.filter((p) => p.method === 'PUT' && p.url.endsWith(`/${n}`))).toHaveLength(1);
      expect(pieces.filter((p) => p.method === 'PUT' && p.status === 201)).toHaveLength(1);
      // The school holds one file: the scan, byte for byte.
      const { rows } = await db().query('SELECT size, content_type, admission_id FROM uploads WHERE sha256 = $1', [
        sha256(scan),
      ]);
      expect(rows).toEqual([{ size: scan.length, content_type: 'application/pdf', admission_id: null }]);
      expect(await accessibilityFailures(page, 'Hindi, 360 px, a PDF sent in pieces')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('a PDF over 10 MB is refused, and a damaged photo over 2 MB shows a clear message; neither is kept or sent', async () => {
    const { context, page } = await open();
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/api/uploads')) uploads.push(r.url());
    });
    try {
      await page.goto(BANDS_DEF['pre-primary'].path);
      await hydrated(page);
      const input = page.getByLabel(label(fileLabel('domicileCertificate')));

      await input.setInputFiles({
        name: 'domicile.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([PDF, Buffer.alloc(10 * MB, '%')]),
      });
      await page.getByRole('alert').filter({ hasText: FORM_TEXTS.fileTooLarge }).waitFor();
      expect(await filesIn(input)).toBe(0);

      const damaged = Buffer.concat([photo.subarray(0, 2048), Buffer.alloc(2.5 * MB, 0x5a)]);
      await input.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: damaged });
      await page.getByRole('alert').filter({ hasText: FORM_TEXTS.photoUnreadable }).waitFor();
      expect(await filesIn(input)).toBe(0);
      expect(await page.getByText(FORM_TEXTS.fileTooLarge).count()).toBe(0);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(uploads).toEqual([]);
      expect(await accessibilityFailures(page, 'a damaged photo refused')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
