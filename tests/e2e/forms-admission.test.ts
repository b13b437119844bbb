/**
 * Chromium fills each of the three admission forms through the UI with real documents (PDF, JPEG,
 * PNG; one near 2 MB, sent as it is, in pieces), watches the per-file uploads, submits, and finds the
 * stored record through the admin API. No request the UI sends may be over 2.5 MB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page, Request } from 'playwright-core';
import { BANDS } from '../../src/lib/classes.ts';
import { wingTexts } from '../../src/features/admission/wings.ts';
import { BANDS_DEF, bandFiles, fileLabel } from '../../src/features/admission/admission.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { PHONE, launchBrowser, newPage, toast } from '../support/browser.ts';
import { JPEG, PDF } from '../http/forms-fixtures.ts';
import { fillApplicationText, label, officeFinds, shownReference } from '../support/admission-form.ts';

const LIMIT = 2.5 * 1024 * 1024;
let browser: Browser;
let nearLimitPng: Buffer;
/** A PDF just over 10 MB: only photos are made smaller, so it is refused. */
const overLimitPdf = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, '%')]);

/** A PNG of random noise (barely compressible): about 3 bytes a pixel. */
const noisePng = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

beforeAll(async () => {
  browser = await launchBrowser();
  nearLimitPng = await noisePng(810, 810); // ~1.97 MB
  expect(nearLimitPng.length).toBeLessThanOrEqual(2 * 1024 * 1024);
  expect(overLimitPdf.length).toBeGreaterThan(10 * 1024 * 1024);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Every request the page sends. Chromium does not report the size of a body built from a file
 * (FormData with a Blob), so the page's XMLHttpRequest.send and fetch are wrapped to measure each
 * body as it is serialised (multipart framing included); Chromium's own count is taken too.
 */
async function watchRequests(page: Page): Promise<Request[]> {
  await page.addInitScript(() => {
    const w = window as unknown as { __bodies: { url: string; size: number }[] };
    w.__bodies = [];
    const measure = (url: string, body: unknown) => {
      if (body === undefined || body === null) return;
      void new Response(body as BodyInit).arrayBuffer().then((b) => w.__bodies.push({ url, size: b.byteLength }));
    };
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, ...args: unknown[]) {
      this.__url = String(args[1]);
      return (open as (...a: unknown[]) => void).apply(this, args);
    } as typeof XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (
      this: XMLHttpRequest & { __url?: string },
      body?: Document | XMLHttpRequestBodyInit | null,
    ) {
      measure(this.__url ?? '', body);
      return send.call(this, body);
    };
    const originalFetch = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      measure(String(input instanceof Request ? input.url : input), init?.body);
      return originalFetch(input, init);
    };
  });
  const requests: Request[] = [];
  page.on('request', (r: Request) => requests.push(r));
  return requests;
}
async function bodySizes(page: Page, requests: Request[]): Promise<{ url: string; size: number }[]> {
  const chromium = await Promise.all(
    requests.map(async (r) => {
      const sizes = await r.sizes().catch(() => ({ requestBodySize: 0 }));
      return { url: r.url(), size: Math.max(sizes.requestBodySize, r.postDataBuffer()?.length ?? 0) };
    }),
  );
  const measured = await page.evaluate(
    () => (window as unknown as { __bodies: { url: string; size: number }[] }).__bodies,
  );
  return [...chromium, ...measured];
}

for (const band of BANDS) {
  describe(`admission form: ${band}`, () => {
    it('fills the form with real documents, submits, and the office finds the record', async () => {
      const def = BANDS_DEF[band];
      const { context, page } = await newPage(browser, band === 'middle' ? PHONE : undefined);
      const requests = await watchRequests(page);
      try {
        await page.goto(def.path);
        await page.getByRole('heading', { level: 1, name: wingTexts('en', band).heading }).waitFor();
        await page.locator('form[class="ff-form"]').waitFor();
        // Hydrated: the island's submit handler is attached once React has rendered the form.
        await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));

        // Submitting empty shows rule 1's message.
        await page.getByRole('button', { name: 'Submit application' }).click();
        await toast(page, FORM_TEXTS.required);

        const name = `Etoe${band.replace(/[^a-z]/g, '')}${Date.now().toString(36).replace(/\d/g, '')}`;
        await fillApplicationText(page, band, name);
        if (def.academic) await page.getByLabel(label('Government scholarship')).selectOption('yes');

        // A PDF over 10 MB is refused in the browser and not kept (never sent).
        const photo = page.getByLabel(label(fileLabel('studentPhoto')));
        await photo.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: overLimitPdf });
        await expect.poll(() => page.getByText(FORM_TEXTS.fileTooLarge).count()).toBeGreaterThan(0);
        expect(await photo.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);

        const fields = bandFiles(def);
        let i = 0;
        for (const field of fields) {
          const input = page.getByLabel(label(fileLabel(field)));
          const file =
            field === 'studentPhoto'
              ? { name: 'photo.png', mimeType: 'image/png', buffer: nearLimitPng }
              : i++ % 2
                ? { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: PDF }
                : { name: `${field}.jpg`, mimeType: 'image/jpeg', buffer: JPEG };
          await input.setInputFiles(file);
        }
        // The error cleared when a valid file was chosen; every document shows as uploaded.
        await expect.poll(() => page.locator('.ff-upload--done').count(), { timeout: 60_000 }).toBe(fields.length);
        expect(await page.getByText(FORM_TEXTS.fileTooLarge).count()).toBe(0);

        await page.getByRole('button', { name: 'Submit application' }).click();
        await toast(page, FORM_TEXTS.admissionSuccess);
        const reference = await shownReference(page);
        expect(reference).toMatch(/^RMCP-\d{4}-\d{6}$/);

        // The acknowledgment takes the form's place; back to the form, only the early-years form has cleared its fields.
        await page.getByRole('button', { name: 'Fill in another form' }).click();
        const firstName = await page.getByLabel(label('Student first name')).inputValue();
        expect(firstName).toBe(def.clearAfterSuccess ? '' : name);

        const sizes = await bodySizes(page, requests);
        const uploads = sizes.filter((s) => s.url.includes('/v1/api/uploads'));
        // One request starts each document; the photo near 2 MB goes on in 1 MB pieces.
        const isPiece = (url: string) => /\/v1\/api\/uploads\/pieces\/[^/]+\/\d+$/.test(url);
        expect(
          requests.filter((r) => r.method() === 'POST' && /\/v1\/api\/uploads(\/pieces)?$/.test(r.url())).length,
        ).toBe(fields.length);
        expect(Math.max(...sizes.map((s) => s.size))).toBeLessThan(LIMIT);
        expect(Math.max(...uploads.filter((u) => isPiece(u.url)).map((s) => s.size))).toBe(1024 * 1024);

        // The office finds it.
        const { admin, id, detail } = await officeFinds(name, reference);
        expect(detail).toMatchObject({
          band,
          admissionClass: def.classOptions.at(-1)!.label,
          studentFirstName: name,
          paymentStatus: 'pending',
          governmentScholarship: def.academic ? 'yes' : 'no',
        });
        for (const field of fields) expect(detail[field]).toBe(`/v1/api/admission/${id}/files/${field}`);
        const photoBack = await admin.request(String(detail.studentPhoto));
        expect(Buffer.from(await photoBack.arrayBuffer()).equals(nearLimitPng)).toBe(true);

        if (band === 'middle') {
          // Usable at 360 px: nothing wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        }
      } finally {
        await context.close();
      }
    }, 240_000);
  });
}

describe('admission form: drafts', () => {
  it('keeps the typed text after a reload (documents too: forms-documents-kept.test.ts), and the error messages are tied to their fields', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/admissions/apply/senior');
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      await page.getByLabel(label('Student first name')).fill('Draftname');
      await page.getByLabel(label('Contact number')).fill('98');
      await page.waitForTimeout(600);
      await page.reload();
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      await expect.poll(() => page.getByLabel(label('Student first name')).inputValue()).toBe('Draftname');
      expect(await page.getByLabel(label('Contact number')).inputValue()).toBe('98');

      await page.getByRole('button', { name: 'Submit application' }).click();
      // The last name: middle names are optional.
      const last = page.getByLabel(label('Student last name'));
      await expect.poll(() => last.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await last.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toBe(FORM_TEXTS.required);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('stores no draft and shows no "restored" note for a form left at its defaults (no layout shift on a second visit)', async () => {
    const { context, page } = await newPage(browser);
    try {
      for (const visit of [1, 2]) {
        await page.goto('/admissions/apply/middle');
        await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
        await page.waitForTimeout(600); // past the draft's 300 ms save delay
        expect(
          await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('form-draft:'))),
          `visit ${visit}`,
        ).toEqual([]);
        expect(
          await page.getByText('We restored what you filled in earlier', { exact: false }).count(),
          `visit ${visit}`,
        ).toBe(0);
      }
      // Back to the defaults after typing: the draft goes away again.
      await page.getByLabel(label('Student first name')).fill('A');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('form-draft:admission-middle')))
        .toContain('"studentFirstName":"A"');
      await page.getByLabel(label('Student first name')).fill('');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('form-draft:admission-middle'))).toBeNull();
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('admission form: a failed upload', () => {
  it('is retried by itself, then offers Retry, and goes through once the network is back', async () => {
    const { context, page } = await newPage(browser);
    try {
      let failures = 0;
      await page.route('**/v1/api/uploads', (route) => {
        failures++;
        return route.abort('internetdisconnected');
      });
      await page.goto('/admissions/apply/primary');
      await page.waitForFunction(() => !!document.querySelector('astro-island:not([ssr])'));
      await page
        .getByLabel(label(fileLabel('abcCard')))
        .setInputFiles({ name: 'abc.pdf', mimeType: 'application/pdf', buffer: PDF });
      const retry = page.getByRole('button', { name: 'Retry upload' });
      await retry.waitFor({ timeout: 30_000 });
      expect(failures).toBe(3); // the first try and two automatic retries
      expect(await page.getByText(FORM_TEXTS.uploadFailed).count()).toBe(1);
      await page.unroute('**/v1/api/uploads');
      await retry.click();
      await page.locator('.ff-upload--done').waitFor({ timeout: 30_000 });
      expect(await page.getByText(FORM_TEXTS.uploadFailed).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 90_000);
});
