/**
 * Chromium: the principal, at 1280 px, sets the session's reporting date and time on the admission
 * letter's screen (the office reads it, and cannot change it); an admitted family, at 360 px in
 * Hindi, opens the status page, downloads its admission letter, and the PDF's text (poppler's
 * pdftotext) holds the admission number and the reporting date. axe finds nothing on the screens
 * passed through, and the status page does not scroll sideways.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, downloadedBytes, launchBrowser, screenshot } from '../support/browser.ts';
import { baseURL, staffClient, type Staff } from '../support/api.ts';
import { signInAs } from '../support/admin-screens.ts';
import { createAdmission, type CreatedAdmission } from '../http/admin-fixtures.ts';
import { runAxe } from './content-browser.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { sessionOf } from '../../src/lib/sessions.ts';

const run = promisify(execFile);
const hi = (code: Parameters<typeof fill>[1], values?: Record<string, string>) => fill('hi', code, values);
const SESSION = sessionOf();
const REPORTING_DATE = `${SESSION.slice(0, 4)}-04-06`;

let browser: Browser;
let office: Staff;
let admission: CreatedAdmission;
let dir: string;

beforeAll(async () => {
  [browser, office, admission, dir] = await Promise.all([
    launchBrowser(),
    staffClient('office', 'Sunita Clerk'),
    createAdmission({ language: 'hi' }),
    mkdtemp(join(tmpdir(), 'admission-letter-e2e-')),
  ]);
  // Taken through the desk to Admitted, its documents verified on the way.
  const call = async (path: string, json: unknown) => {
    const res = await office.client.request(path, { method: 'PATCH', json });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  await call(`/v1/api/admission/${admission._id}`, { status: 'under-review' });
  for (const field of Object.keys(admission.files))
    await call(`/v1/api/admission/${admission._id}/documents/${field}`, { state: 'verified' });
  await call(`/v1/api/admission/${admission._id}`, { status: 'documents-verified' });
  await call(`/v1/api/admission/${admission._id}`, { status: 'admitted' });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function open(
  viewport: { width: number; height: number },
  extra: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    bypassCSP: true,
    acceptDownloads: true,
    ...extra,
  });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

const axe = async (page: Page) => (await runAxe(page)).map((v) => `${v.id}: ${v.help}`);
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the admission letter', () => {
  it('the principal sets the reporting date; the office reads it; the family downloads the letter in Hindi at 360 px', async () => {
    // ---- the principal, at 1280 px ----
    const head = await open(DESKTOP);
    try {
      const { page } = head;
      await signInAs(page, { email: inject('adminEmail'), password: inject('adminPassword') });
      await page.goto(`/admin/admission-letter?session=${SESSION}`);
      await page.getByRole('heading', { name: 'Admission letter', level: 1 }).waitFor();
      await page.getByText('Not set').first().waitFor();
      await page.getByLabel('Reporting date').fill(REPORTING_DATE);
      await page.getByLabel('Reporting time').fill('09:30');
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'letter-settings-1280');
      await page.getByRole('button', { name: 'Save the admission letter' }).click();
      await page.locator('.Toastify').getByText(`Admission letter for ${SESSION} saved`).waitFor();
    } finally {
      await head.context.close();
    }

    // ---- the office reads it, with no way to change it ----
    const clerk = await open(PHONE);
    try {
      const { page } = clerk;
      await signInAs(page, office);
      await page.goto(`/admin/admission-letter?session=${SESSION}`);
      await page.getByText('Only the principal can change the admission letter.').waitFor();
      expect(await page.getByRole('button', { name: 'Save the admission letter' }).count()).toBe(0);
      expect(await page.locator('.details-list').innerText()).toContain('09:30');
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'letter-settings-office-360');
    } finally {
      await clerk.context.close();
    }

    const admissionNumber = (
      await (await office.client.request(`/v1/api/register?search=${encodeURIComponent(admission.names.last)}`)).json()
    ).data.find((p: { admissionId: string }) => p.admissionId === admission._id).admissionNumber as string;

    // ---- the family, at 360 px, in Hindi ----
    const family = await open(PHONE, { locale: 'hi-IN' });
    try {
      const { page } = family;
      await page.goto(`/hi/admissions/status?ref=${admission.referenceNumber}`);
      await page.waitForFunction(
        () => !!document.querySelector('astro-island') && !document.querySelector('astro-island[ssr]'),
      );
      await page.getByLabel(new RegExp(`^${hi('statusCheck.field.mobile')}`)).fill('99887 76655');
      await page.getByRole('button', { name: hi('statusCheck.submit') }).click();
      const result = page.locator('.sc-result');
      await result.waitFor();
      expect(await result.innerText()).toContain(hi('statusCheck.letter.intro'));
      const link = result.getByRole('link', { name: hi('statusCheck.letter.download') });
      expect(await noSideScroll(page)).toBe(true);
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'status-letter-hi-360');

      // The link is reached and followed from the keyboard.
      await link.focus();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toBe(`admission-letter-${admission.referenceNumber}.pdf`);
      const file = join(dir, 'letter-hi.pdf');
      await writeFile(file, await downloadedBytes(download));
      const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
      const reporting = new Intl.DateTimeFormat('hi-IN', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      }).format(new Date(`${REPORTING_DATE}T12:00:00+05:30`));
      for (const expected of [hi('letter.pdf.title'), admissionNumber, `${reporting}, समय प्रातः 9:30 बजे`])
        expect(text, expected).toContain(expected);
    } finally {
      await family.context.close();
    }
  }, 300_000);
});
