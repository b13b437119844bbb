/**
 * A father on a 360 px phone applies in Hindi, on the runtime with the limits as deployed:
 * everything he is handed after sending leads to Hindi pages (the acknowledgment's link, its
 * WhatsApp share, the PDF's QR code and link, the message the school queues for him), the PDF is
 * in Hindi (the school's Hindi name and address, the documents' Hindi names, no English one), and a
 * refusal by a limit says in Hindi in how many minutes to try again and the school's phone: on the
 * form (his mobile number has sent its 5 applications today) and on the status page.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { site } from '../../src/config/site.ts';
import { limits } from '../../src/config/limits.ts';
import { BANDS_DEF, bandFiles, fileLabel } from '../../src/features/admission/admission.ts';
import { HI, HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { PHONE, clickUntilShown, downloadedBytes, hydrated, launchBrowser, label } from '../support/browser.ts';
import { readPdf } from '../support/pdf.ts';
import type { TestRuntime } from '../support/runtime.ts';
import { deployedRuntime } from '../support/deployed-runtime.ts';
import { formFrom } from '../support/api.ts';
import { admissionForm, pdf, png } from '../http/admin-fixtures.ts';
import { aadhaar, birthDateFor } from '../unit/forms-cases.ts';
import { shownReference } from '../support/admission-form.ts';

const A = HI_FORMS.admission.fields;
const MOBILE = '9812347777';
const SHOTS = join(tmpdir(), 'rmcp-shots');

let runtime: TestRuntime;
let browser: Browser;
let db: pg.Pool;
beforeAll(async () => {
  [runtime, browser] = await Promise.all([deployedRuntime(), launchBrowser()]);
  db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 2 });
  await mkdir(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await db?.end();
  await browser?.close();
  await runtime?.stop();
});

/** Hindi text as pdf.js reads it back (the vowel sign ि before its consonant, a reph after its syllable): compared without them and the viramas. */
const asRead = (text: string) => text.replace(/\s+/g, ' ').replace(/र्/g, '').replace(/[ि्]/g, '');

/**
 * A screenshot as a phone shows the page: phones have a Devanagari font, this machine has none, so
 * the page gets Noto Sans Devanagari first (the pages themselves load no webfont).
 */
async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const files = join(import.meta.dirname, '../../node_modules/@fontsource/noto-sans-devanagari/files');
  const face = async (weight: number) =>
    `@font-face { font-family: 'Noto Sans Devanagari'; font-weight: ${weight}; src: url(data:font/woff2;base64,${(await readFile(join(files, `noto-sans-devanagari-devanagari-${weight}-normal.woff2`))).toString('base64')}) format('woff2'); unicode-range: U+0900-097F, U+200C-200D, U+25CC, U+A8E0-A8FF; }`;
  await page.addStyleTag({
    content: `${await face(400)} ${await face(700)} body { font-family: 'Noto Sans Devanagari', system-ui, sans-serif; }`,
  });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS, name), fullPage });
}

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: runtime.url,
    viewport: PHONE,
    acceptDownloads: true,
    bypassCSP: true,
  });
  context.setDefaultTimeout(60_000);
  return context.newPage();
}

/** The Hindi early-years form filled in as a parent would, every document chosen and uploaded. */
async function fillHindiApplication(page: Page, name: string): Promise<void> {
  await page.goto('/hi/admissions/apply/primary');
  await hydrated(page);
  await page.getByLabel(label(A.studentFirstName.label)).fill(name);
  await page.getByLabel(label(A.studentMiddleName.label)).fill('कुमारी');
  await page.getByLabel(label(A.studentLastName.label)).fill('शर्मा');
  await page.getByLabel(label(A.studentAadharNo.label)).fill(aadhaar('45678901234'));
  await page.getByLabel(label(A.admissionClass.label)).selectOption('3');
  await page.getByLabel(label(A.dateOfBirth.label)).fill(birthDateFor('K.G'));
  await page.getByLabel(label(A.gender.label)).selectOption('Female');
  await page.getByLabel(label(A.address.label)).fill('वार्ड 4, स्टेशन रोड, सिकंदराबाद, बुलंदशहर 203205');
  for (const who of ['father', 'mother'] as const) {
    await page.getByLabel(label(A[`${who}FirstName`].label)).fill(who === 'father' ? 'रमेश' : 'सुनीता');
    await page.getByLabel(label(A[`${who}MiddleName`].label)).fill('चंद');
    await page.getByLabel(label(A[`${who}LastName`].label)).fill('शर्मा');
  }
  await page.getByLabel(label(A.abcId.label)).fill('998877665544');
  await page.getByLabel(label(A.contactNo.label)).fill(MOBILE);
  const files = bandFiles(BANDS_DEF['pre-primary']);
  for (const field of files) {
    const file = field.endsWith('Photo')
      ? { name: `${field}.png`, mimeType: 'image/png', buffer: png() }
      : { name: `${field}.pdf`, mimeType: 'application/pdf', buffer: pdf() };
    await page.getByLabel(label(A[field].label)).setInputFiles(file);
  }
  await expect.poll(() => page.locator('.ff-upload--done').count(), { timeout: 60_000 }).toBe(files.length);
  await page.getByRole('checkbox', { name: HI['formText.consentAgree'] }).check();
}

describe('a parent who applied in Hindi (360 px)', () => {
  it('is handed Hindi pages only: acknowledgment link, WhatsApp share, the Hindi PDF with its QR code, the queued message', async () => {
    const page = await phonePage();
    try {
      await fillHindiApplication(page, `आशा${Date.now().toString(36).replace(/\d/g, '')}`);
      await page.getByRole('button', { name: HI['formText.admissionSubmit'] }).click();
      await page.getByRole('heading', { name: HI['ack.heading'] }).waitFor();
      const reference = await shownReference(page);
      const hindiStatus = `/hi/admissions/status?ref=${reference}`;

      expect(await page.getByRole('link', { name: HI['ack.statusPage'] }).getAttribute('href')).toBe(hindiStatus);
      const share = new URL((await page.getByRole('link', { name: HI['ack.whatsapp'] }).getAttribute('href'))!);
      expect(share.searchParams.get('text')).toContain(`${site.url}${hindiStatus}`);
      expect(share.searchParams.get('text')).toContain(site.contact.hindiName);
      await screenshot(page, 'c-ack-hi-360.png');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: HI['ack.download'] }).click(),
      ]);
      const read = await readPdf(await downloadedBytes(download));
      expect(read.qr).toBe(`${site.url}${hindiStatus}`);
      expect(read.links).toEqual([`${site.url}${hindiStatus}`]);
      for (const expected of [
        site.contact.hindiName,
        site.contact.hindiAddress,
        ...bandFiles(BANDS_DEF['pre-primary']).map((f) => A[f].label),
      ]) {
        expect(asRead(read.text)).toContain(asRead(expected));
      }
      for (const field of bandFiles(BANDS_DEF['pre-primary'])) expect(read.text).not.toContain(fileLabel(field));
      expect(read.text).not.toContain(site.contact.address);

      // The WhatsApp message the office will send him: Hindi, with the Hindi status page.
      const { rows } = await db.query(
        `SELECT m.language, m.body FROM messages m JOIN admissions a ON a.id = m.record_id WHERE a.reference_number = $1`,
        [reference],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].language).toBe('hi');
      expect(rows[0].body).toContain(`${site.url}${hindiStatus}`);
      expect(rows[0].body).toContain(site.contact.hindiName);
    } finally {
      await page.context().close();
    }
  }, 240_000);

  it('whose mobile number sent its 5 applications today is told in Hindi in how many minutes to try again, and the phone', async () => {
    // Four more with the same mobile number (the first came from the browser above).
    for (let i = 0; i < limits.admissionsPerMobile.max - 1; i++) {
      const { form } = await admissionForm({ contactNo: MOBILE, language: 'hi' }, { base: runtime.url });
      expect((await formFrom(runtime.url, '127.0.0.51', '/v1/api/admission', form)).status).toBe(201);
    }
    const page = await phonePage();
    try {
      await fillHindiApplication(page, 'दूसरा');
      await page.getByRole('button', { name: HI['formText.admissionSubmit'] }).click();
      const said = HI['request.mobileLimit'].split('{minutes}')[0]!;
      const shown = page.locator('.ff-error, [role="alert"]').filter({ hasText: said }).first();
      await shown.waitFor();
      const text = (await shown.textContent())!;
      expect(text).toMatch(/कृपया \d+ मिनट बाद फिर से प्रयास करें/);
      // No phone saved yet: the words name none, and none built in.
      expect(text).toContain('या विद्यालय कार्यालय को फ़ोन करें।');
      expect(Number(/(\d+) मिनट/.exec(text)![1])).toBeGreaterThan(23 * 60);
      expect(await page.getByRole('heading', { name: HI['ack.heading'] }).count()).toBe(0);
      await shown.scrollIntoViewIfNeeded();
      await screenshot(page, 'c-mobile-limit-hi-360.png', false);
    } finally {
      await page.context().close();
    }
  }, 240_000);

  it('is told in Hindi on the status page, with the minutes and the phone, when the wrong tries with the mobile number are used up', async () => {
    const page = await phonePage();
    try {
      const ghost = 'RMCP-2026-987654';
      await page.goto(`/hi/admissions/status?ref=${ghost}`);
      await hydrated(page);
      await page.getByLabel(label(HI['statusCheck.field.mobile'])).fill(MOBILE);
      const problem = page
        .locator('.sc-problem, [role="alert"]')
        .filter({ hasText: /मिनट बाद/ })
        .first();
      // Each lookup of a number that does not exist is a wrong try; the mobile number's (10 a day) run out first.
      await clickUntilShown(page.getByRole('button', { name: HI['statusCheck.submit'] }), problem);
      const text = (await problem.textContent())!;
      expect(text).toMatch(/कृपया नंबर जाँचकर \d+ मिनट बाद फिर से प्रयास करें, या विद्यालय कार्यालय को फ़ोन करें।/);
      // No phone saved yet: the words name none, and none built in.
      expect(text).toContain('या विद्यालय कार्यालय को फ़ोन करें।');
      await screenshot(page, 'c-status-429-hi-360.png');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('is told in Hindi beside a document, with the minutes and the phone, when the uploads of the hour from the connection are used up', async () => {
    // Every upload request from an address counts, a bad one too: use up the hour's with empty ones (nothing is
    // stored; the documents of the tests above came from this address too, so the last ones are already refused).
    const statuses = new Set<number>();
    for (let sent = 0; sent < limits.uploadsPerAddress.max; sent += 25) {
      const batch = Array.from({ length: Math.min(25, limits.uploadsPerAddress.max - sent) }, () =>
        formFrom(runtime.url, '127.0.0.1', '/v1/api/uploads', new FormData()),
      );
      for (const answer of await Promise.all(batch)) statuses.add(answer.status);
    }
    expect([...statuses].every((status) => status === 400 || status === 429)).toBe(true);
    const page = await phonePage();
    try {
      await page.goto('/hi/admissions/apply/primary');
      await hydrated(page);
      await page
        .getByLabel(label(A.studentAadharFile.label))
        .setInputFiles({ name: 'aadhaar.pdf', mimeType: 'application/pdf', buffer: pdf() });
      // Refused 429, tried twice more by itself, then said in the page's words.
      const shown = page
        .locator('.ff-error')
        .filter({ hasText: /मिनट बाद/ })
        .first();
      await shown.waitFor({ timeout: 30_000 });
      const text = (await shown.textContent())!;
      expect(text).toMatch(/कृपया \d+ मिनट बाद फिर से प्रयास करें, या विद्यालय कार्यालय को फ़ोन करें।/);
      // No phone saved yet: the words name none, and none built in.
      expect(text).toContain('या विद्यालय कार्यालय को फ़ोन करें।');
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
