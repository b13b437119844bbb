/**
 * In Chromium at 360 px on the Hindi early-years form: the file buttons are ours and in
 * Hindi (no "Choose File" anywhere); the documents a parent chose (a camera photo made smaller among
 * them) survive reloads with the draft, their uploads reused while the server holds them and one
 * cleaned from the server sent again from the copy on the phone, and show on the form's English
 * page too; the application then goes with
 * every document and nothing is left on the phone. "Clear this form" empties text and documents
 * after a keyboard-usable confirmation in Hindi. Where the browser refuses storage the form still
 * works, without keeping documents. A photo that a redraw would make bigger goes as chosen, and
 * an image too small to read is refused before it is uploaded (a gallery photo too, at 1280 px).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { BANDS_DEF, bandFiles, type FileField } from '../../src/features/admission/admission.ts';
import { HI, HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { fill as fillTexts } from '../../src/lib/i18n/index.ts';
import { formatBytes } from '../../src/lib/format.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { DESKTOP, PHONE, hydrated, launchBrowser, loginThroughUi, newPage, toast } from '../support/browser.ts';
import { cameraPhoto } from '../support/camera-photo.ts';
import { JPEG, PDF, closeDb, count, db, unique } from '../http/forms-fixtures.ts';
import { fillApplicationText, label, officeFinds, shownReference } from '../support/admission-form.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';

const DEF = BANDS_DEF['pre-primary'];
const HI_PATH = '/hi/admissions/apply/primary';
const DRAFT = 'admission-primary';
const A = HI_FORMS.admission.fields;
const SHOTS = process.env.SCREENSHOTS_DIR;

let browser: Browser;
let photo: Buffer;
beforeAll(async () => {
  photo = await cameraPhoto(24);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await closeDb();
});

const fileInput = (page: Page, field: FileField) => page.getByLabel(label(A[field].label));
const done = (page: Page) => page.locator('.ff-upload--done').count();

/** The documents kept on the phone for the early-years form: by field, the kept bytes' size and the upload's id once noted. */
function kept(page: Page): Promise<Record<string, { bytes: number; id?: string }>> {
  return page.evaluate(
    (draft) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('form-documents');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const out: Record<string, { bytes: number; id?: string }> = {};
          if (!idb.objectStoreNames.contains('documents')) {
            idb.close();
            resolve(out);
            return;
          }
          const cursor = idb.transaction('documents').objectStore('documents').openCursor();
          cursor.onerror = () => reject(cursor.error);
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              idb.close();
              resolve(out);
              return;
            }
            const [form, field] = at.key as [string, string];
            const value = at.value as { bytes?: ArrayBuffer; upload?: { id: string } } | undefined;
            if (form === draft && value) out[field] = { bytes: value.bytes?.byteLength ?? 0, id: value.upload?.id };
            at.continue();
          };
        };
      }),
    DRAFT,
  );
}

/** The POSTs the page makes to the uploads API, by path. */
function watchUploads(page: Page): { uploads: number; checks: number } {
  const seen = { uploads: 0, checks: 0 };
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    const path = new URL(r.url()).pathname;
    if (path === '/v1/api/uploads') seen.uploads++;
    if (path === '/v1/api/uploads/held') seen.checks++;
  });
  return seen;
}

/**
 * With SCREENSHOTS_DIR set, a screenshot to look at. This machine has no Devanagari font (phones
 * do), so the page gets the packaged Noto Sans Devanagari first, for the screenshot only.
 */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const files = join(import.meta.dirname, '../../node_modules/@fontsource/noto-sans-devanagari/files');
  const face = async (weight: number) => {
    const data = (await readFile(join(files, `noto-sans-devanagari-devanagari-${weight}-normal.woff2`))).toString(
      'base64',
    );
    return `@font-face { font-family: 'Deva'; font-weight: ${weight}; src: url(data:font/woff2;base64,${data}) format('woff2'); unicode-range: U+0900-097F; }`;
  };
  // A page under the site's CSP (not opened with openPage) may refuse the font: the shot is taken anyway.
  await page
    .addStyleTag({
      content: `${await face(400)} ${await face(700)} body, button, input, select, label, h1, h2, h3, legend { font-family: 'Deva', system-ui, sans-serif !important; }`,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('documents on the Hindi early-years form at 360 px', () => {
  it('have Hindi buttons of our own, survive reloads (re-sent when the server lost one), go with the application, and leave nothing behind', async () => {
    // A page axe-core can be injected into (despite the CSP).
    const { context, page } = await openPage(browser, PHONE);
    context.setDefaultTimeout(90_000);
    try {
      // The text typed on the English page comes back on the Hindi one: they share the draft.
      await page.goto(DEF.path);
      await hydrated(page);
      const name = `Kept${Date.now().toString(36).replace(/\d/g, '')}`;
      await fillApplicationText(page, 'pre-primary', name, {
        admissionClass: DEF.classOptions.at(-1)!.value,
        mobile: '9812300024',
      });
      await page.goto(HI_PATH);
      await hydrated(page);
      await page.getByText(HI['formText.admissionRestored']).waitFor();

      // Our own button, in Hindi; the browser's file input is never seen.
      const fields = bandFiles(DEF);
      const buttons = await page.locator('.ff-file-button').allTextContents();
      expect(buttons).toEqual(
        fields.map((f) => (f.endsWith('Photo') ? HI['formText.fileChoosePhoto'] : HI['formText.fileChoose'])),
      );
      expect(await page.locator('.ff-file-none').first().textContent()).toBe(HI['formText.fileNone']);
      for (const box of await page.locator('input[type="file"]').evaluateAll((inputs) =>
        inputs.map((i) => {
          const r = i.getBoundingClientRect();
          return { width: r.width, height: r.height, opacity: getComputedStyle(i).opacity };
        }),
      )) {
        expect(box.width).toBeLessThanOrEqual(1);
        expect(box.height).toBeLessThanOrEqual(1);
        expect(box.opacity).toBe('0');
      }
      await page.evaluate(() => document.querySelector('.ff-file')?.scrollIntoView({ block: 'start' }));
      // The keyboard reaches each input, and its button shows the focus.
      await fileInput(page, fields[0]!).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('file');
      const button = page.locator('.ff-file-input:focus-visible + .ff-file-button');
      expect(await button.textContent()).toBe(HI['formText.fileChoose']);
      expect(await button.evaluate((b) => getComputedStyle(b).outlineStyle)).not.toBe('none');
      await shot(page, 'hi-360-file-buttons');

      const seen = watchUploads(page);
      for (const [i, field] of fields.entries()) {
        const file =
          field === 'studentAadharFile'
            ? { name: 'IMG_20250114_101512.jpg', mimeType: 'image/jpeg', buffer: photo }
            : i % 2
              ? { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: unique(PDF) }
              : { name: `${field}.jpg`, mimeType: 'image/jpeg', buffer: unique(JPEG) };
        await fileInput(page, field).setInputFiles(file);
      }
      await expect.poll(() => done(page), { timeout: 90_000 }).toBe(fields.length);
      expect(seen.uploads).toBe(fields.length);
      // Each is kept on the phone, with its upload's id once it is made; the photo as its smaller copy.
      await expect.poll(async () => Object.values(await kept(page)).filter((d) => d.id).length).toBe(fields.length);
      const first1 = await kept(page);
      expect(first1.studentAadharFile!.bytes).toBeLessThan(600 * 1024);
      const photoStatus = (await page.locator('.ff-shrunk').first().textContent())!;
      expect(photoStatus).toContain(fillTexts('hi', 'formText.filePhoto', { size: formatBytes(photo.length) }));
      expect(await page.locator('.ff-file-button').first().textContent()).toBe(HI['formText.fileChooseAgain']);
      await page.evaluate(() => document.querySelector('.ff-upload--done')?.scrollIntoView({ block: 'center' }));
      await shot(page, 'hi-360-files-uploaded');

      // Reload: every document is back, each upload reused after one check, nothing sent again.
      seen.uploads = 0;
      seen.checks = 0;
      await page.reload();
      await hydrated(page);
      const hydratedAt = Date.now();
      await expect.poll(() => done(page), { timeout: 60_000, interval: 50 }).toBe(fields.length);
      const total = Object.values(first1).reduce((sum, d) => sum + d.bytes, 0);
      console.log(
        `kept on the phone: ${fields.length} documents, ${formatBytes(total)} (camera photo ${formatBytes(photo.length)} -> ${formatBytes(first1.studentAadharFile!.bytes)}); all back ${Date.now() - hydratedAt} ms after hydration`,
      );
      expect(seen).toEqual({ uploads: 0, checks: 1 });
      expect(await page.locator('.ff-shrunk').first().textContent()).toBe(photoStatus);
      expect(await page.getByLabel(label(A.studentFirstName.label)).inputValue()).toBe(name);
      expect(await kept(page)).toEqual(first1);

      // The server lost one upload meanwhile (the cleanup took it): it goes again from the kept copy.
      const lost = first1.studentPhoto!.id!;
      const { rows } = await db().query(`DELETE FROM uploads WHERE id = $1 RETURNING sha256`, [lost]);
      expect(rows).toHaveLength(1);
      seen.uploads = 0;
      seen.checks = 0;
      await page.reload();
      await hydrated(page);
      await expect.poll(() => done(page), { timeout: 60_000 }).toBe(fields.length);
      expect(seen).toEqual({ uploads: 1, checks: 1 });
      await expect.poll(async () => (await kept(page)).studentPhoto?.id).not.toBe(lost);
      const again = (await kept(page)).studentPhoto!.id!;
      const resent = await db().query(`SELECT sha256 FROM uploads WHERE id = $1`, [again]);
      expect(resent.rows[0].sha256).toBe(rows[0].sha256);
      expect(await accessibilityFailures(page, 'Hindi form at 360 px, documents restored')).toEqual([]);

      // The English page of the form shares them (as it shares the draft), its buttons in English.
      await page.goto(DEF.path);
      await hydrated(page);
      await expect.poll(() => done(page), { timeout: 60_000 }).toBe(fields.length);
      expect(await page.locator('.ff-file-button').first().textContent()).toBe('Choose another file');
      await page.goto(HI_PATH);
      await hydrated(page);
      await expect.poll(() => done(page), { timeout: 60_000 }).toBe(fields.length);

      // Sent with every document; nothing is left on the phone.
      await page.getByRole('button', { name: HI['formText.admissionSubmit'] }).click();
      await toast(page, HI['form.admissionSuccess']);
      const { id } = await officeFinds(name, await shownReference(page));
      expect(await count('uploads', 'admission_id = $1', [id])).toBe(fields.length);
      expect(
        await count('uploads', 'admission_id = $1 AND id = ANY($2::uuid[])', [
          id,
          [again, first1.studentAadharFile!.id],
        ]),
      ).toBe(2);
      await expect.poll(() => kept(page)).toEqual({});
      expect(await page.evaluate((k) => localStorage.getItem(`form-draft:${k}`), DRAFT)).toBeNull();
    } finally {
      await context.close();
    }
  }, 300_000);

  it('"Clear this form" asks first (in Hindi, by keyboard), then empties the text and the documents, here and on the phone', async () => {
    const { context, page } = await openPage(browser, PHONE);
    context.setDefaultTimeout(60_000);
    try {
      await page.goto(HI_PATH);
      await hydrated(page);
      await page.getByLabel(label(A.studentFirstName.label)).fill('मिटाना');
      await fileInput(page, 'studentPhoto').setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: unique(JPEG),
      });
      await fileInput(page, 'abcCard').setInputFiles({
        name: 'abc.pdf',
        mimeType: 'application/pdf',
        buffer: unique(PDF),
      });
      await expect.poll(() => done(page)).toBe(2);
      await expect.poll(async () => Object.values(await kept(page)).filter((d) => d.id).length).toBe(2);

      const clear = page.getByRole('button', { name: HI['formText.clearForm'] });
      await clear.scrollIntoViewIfNeeded();
      await shot(page, 'hi-360-clear-button');
      await clear.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: HI['formText.clearTitle'] });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(HI['formText.clearText']);
      // The safe choice has the focus; Esc keeps the form as it is.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(HI['formText.clearNo']);
      await shot(page, 'hi-360-clear-dialog');
      expect(await accessibilityFailures(page, 'clear this form: the confirmation')).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(HI['formText.clearForm']);
      expect(await page.getByLabel(label(A.studentFirstName.label)).inputValue()).toBe('मिटाना');
      expect(await done(page)).toBe(2);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(HI['formText.clearYes']);
      await page.keyboard.press('Enter');
      await toast(page, HI['formText.cleared']);
      expect(await page.getByLabel(label(A.studentFirstName.label)).inputValue()).toBe('');
      expect(await done(page)).toBe(0);
      expect(await page.locator('.ff-file-none').count()).toBe(bandFiles(DEF).length);
      await expect.poll(() => kept(page)).toEqual({});
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(`form-draft:${k}`), DRAFT)).toBeNull();

      await page.reload();
      await hydrated(page);
      expect(await page.getByLabel(label(A.studentFirstName.label)).inputValue()).toBe('');
      expect(await done(page)).toBe(0);
      expect(await page.getByText(HI['formText.admissionRestored']).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('drops a document kept for over a week instead of restoring it', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto(HI_PATH);
      await hydrated(page);
      await fileInput(page, 'abcCard').setInputFiles({
        name: 'abc.pdf',
        mimeType: 'application/pdf',
        buffer: unique(PDF),
      });
      await expect.poll(async () => (await kept(page)).abcCard?.id).toBeTruthy();
      // Chosen eight days ago.
      await page.evaluate(
        (draft) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('form-documents');
            open.onsuccess = () => {
              const store = open.result.transaction('documents', 'readwrite').objectStore('documents');
              const key = [draft, 'abcCard'];
              const read = store.get(key);
              read.onsuccess = () => {
                const write = store.put({ ...read.result, savedAt: Date.now() - 8 * 24 * 3600 * 1000 }, key);
                write.onsuccess = () => {
                  open.result.close();
                  resolve();
                };
                write.onerror = () => reject(write.error);
              };
            };
            open.onerror = () => reject(open.error);
          }),
        DRAFT,
      );
      await page.reload();
      await hydrated(page);
      await expect.poll(() => kept(page)).toEqual({});
      expect(await done(page)).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('still works where the browser refuses storage: documents upload, but are not kept', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await context.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        };
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(HI_PATH);
      await hydrated(page);
      await fileInput(page, 'abcCard').setInputFiles({
        name: 'abc.pdf',
        mimeType: 'application/pdf',
        buffer: unique(PDF),
      });
      await expect.poll(() => done(page)).toBe(1);
      await page.reload();
      await hydrated(page);
      await fileInput(page, 'abcCard').setInputFiles({
        name: 'abc.pdf',
        mimeType: 'application/pdf',
        buffer: unique(PDF),
      });
      await expect.poll(() => done(page)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a photo a redraw would make bigger goes as chosen, and the field says so; an image too small to read is refused before upload', async () => {
    const { context, page } = await openPage(browser, PHONE);
    context.setDefaultTimeout(60_000);
    try {
      // A 2400 x 1800 checkerboard: a 4 KB PNG, but about 1 MB as a redrawn JPEG.
      const w = 2400,
        h = 1800;
      const raw = Buffer.alloc(w * h * 3);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) raw.fill(((x >> 1) + (y >> 1)) % 2 ? 255 : 0, (y * w + x) * 3, (y * w + x) * 3 + 3);
      const board = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
        .png({ palette: true, colours: 2 })
        .toBuffer();
      const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#444' } })
        .png()
        .toBuffer();
      const seen = watchUploads(page);
      await page.goto(HI_PATH);
      await hydrated(page);

      const card = fileInput(page, 'abcCard');
      await card.setInputFiles({ name: 'abc-card.png', mimeType: 'image/png', buffer: tiny });
      await page.getByRole('alert').filter({ hasText: HI['form.imageTooSmall'] }).waitFor();
      expect(seen.uploads).toBe(0);
      await card.evaluate((el) => el.closest('.ff-field')!.scrollIntoView({ block: 'start' }));
      await shot(page, 'hi-360-too-small');

      await card.setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: board });
      await expect.poll(() => done(page)).toBe(1);
      const status = (await page.locator('.ff-upload--done').textContent())!;
      expect(status).toBe(
        `✓ ${fillTexts('hi', 'formText.fileUploaded', { name: 'board.png' })} (${fillTexts('hi', 'formText.filePhotoAsIs', { size: formatBytes(board.length) })})`,
      );
      expect(seen.uploads).toBe(1);
      await expect.poll(async () => (await kept(page)).abcCard?.bytes).toBe(board.length);
      await card.evaluate((el) => el.closest('.ff-field')!.scrollIntoView({ block: 'start' }));
      await shot(page, 'hi-360-sent-as-chosen');
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('"Clear this form" on the other public forms that keep a draft', () => {
  it('the Hindi TC request form empties after the confirmation, and its draft is gone', async () => {
    const TC = HI_FORMS.tcRequest;
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/hi/admissions/tc-request');
      await hydrated(page);
      await page.getByLabel(label(TC.studentName.label)).fill('राहुल वर्मा');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('form-draft:tc-request'))).not.toBeNull();
      await page.getByRole('button', { name: HI['formText.clearForm'] }).click();
      await page
        .getByRole('alertdialog', { name: HI['formText.clearTitle'] })
        .getByRole('button', { name: HI['formText.clearYes'] })
        .click();
      expect(await page.getByLabel(label(TC.studentName.label)).inputValue()).toBe('');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('form-draft:tc-request'))).toBeNull();
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('"Clear this form" in the Hindi enquiry pop-up at 360 px', () => {
  it("opens its confirmation over the pop-up; Esc closes only the confirmation; Yes empties the pop-up's form", async () => {
    const E = HI_FORMS.enquiry;
    const { context, page } = await openPage(browser, PHONE);
    context.setDefaultTimeout(60_000);
    try {
      await page.goto('/hi/');
      const popup = page.getByRole('dialog', { name: HI['formText.enquiryTitle'] });
      await popup.waitFor({ state: 'visible', timeout: 15_000 });
      await popup.getByLabel(label(E.studentName.label)).fill('अनन्या');
      await popup.getByRole('button', { name: HI['formText.clearForm'] }).click();
      const confirm = page.getByRole('alertdialog', { name: HI['formText.clearTitle'] });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(HI['formText.clearTextTyped']);
      await shot(page, 'hi-360-enquiry-clear');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(await popup.isVisible()).toBe(true);
      expect(await popup.getByLabel(label(E.studentName.label)).inputValue()).toBe('अनन्या');
      await popup.getByRole('button', { name: HI['formText.clearForm'] }).click();
      await confirm.getByRole('button', { name: HI['formText.clearYes'] }).click();
      expect(await popup.getByLabel(label(E.studentName.label)).inputValue()).toBe('');
      expect(await popup.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('a gallery photo too small to show, at 1280 px', () => {
  it("is refused in the office's browser with the clear message, and nothing is sent", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await loginThroughUi(page);
      const posted: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/v1/api/gallery')) posted.push(r.url());
      });
      await page.goto('/admin/gallery/new-item');
      await page.getByRole('heading', { name: 'New Gallery Item', level: 1 }).waitFor();
      await page.getByLabel('Title').fill('Sports day');
      await page.getByLabel('Description').fill('Races on the ground.');
      const tiny = await sharp({ create: { width: 150, height: 900, channels: 3, background: '#2a6f97' } })
        .jpeg()
        .toBuffer();
      await page.getByLabel(/^Image/).setInputFiles({ name: 'strip.jpg', mimeType: 'image/jpeg', buffer: tiny });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('alert').filter({ hasText: FORM_TEXTS.imageTooSmall }).waitFor();
      expect(posted).toEqual([]);
      await shot(page, 'en-1280-gallery-too-small');
    } finally {
      await context.close();
    }
  }, 60_000);
});
