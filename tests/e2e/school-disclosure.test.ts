/**
 * Chromium: the principal at 1280 px sets the school's affiliation number and principal on
 * /admin/school, uploads a disclosure document (a PDF with its dates) on /admin/disclosure, sees
 * the dashboard warn that it lapses within 30 days, and a parent at 360 px reads it on the public
 * page in Hindi and in English. Screenshots of each step go to the run's folder.
 *
 * The profile and the disclosure are shared by the run's files: this one uses a document no other
 * file touches (water, health and sanitation) and puts the profile and the document back at the end.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, loginThroughUi, toast } from '../support/browser.ts';
import { ApiClient, adminClient } from '../support/api.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import { pdf } from '../http/admin-fixtures.ts';
import { addDays, dateInIndia, dayMonthYear } from '../../src/lib/dates.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? tmpdir();
const KEY = 'water-health-sanitation';
const LABEL = 'Water, health and sanitation certificates';
const AFFILIATION = '2130789';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let principal: ApiClient;
let original: Record<string, unknown>;
let dir = '';
const issuedOn = addDays(dateInIndia(), -300);
const validUntil = addDays(dateInIndia(), 20);

beforeAll(async () => {
  principal = await adminClient();
  const { updatedAt: _, ...profile } = await (await principal.request('/v1/api/school')).json();
  original = profile;
  dir = await mkdtemp(join(tmpdir(), 'disclosure-e2e-'));
  await writeFile(join(dir, 'water-certificate.pdf'), pdf());
  browser = await launchBrowser();
  // A context that lets axe in despite the CSP (the pages' own checks stay on).
  ({ context, page } = await openPage(browser, DESKTOP));
  context.setDefaultTimeout(60_000);
  await loginThroughUi(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await principal?.request(`/v1/api/disclosure/documents/${KEY}`, { method: 'DELETE' });
  if (original) await principal.request('/v1/api/school', { method: 'PUT', json: original });
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the principal keeps the school profile and the disclosure', () => {
  it('sets the affiliation number and the principal on /admin/school (1280 px, labelled boxes, both languages)', async () => {
    await page.goto('/admin/school');
    await page.getByRole('heading', { name: 'School profile', level: 1 }).waitFor();
    for (const name of [
      'School name (English)',
      'School name (Hindi)',
      'Address (English)',
      'Address (Hindi)',
      'Office phone',
      'E-mail',
      'Latitude',
    ]) {
      await page.getByLabel(name, { exact: false }).first().waitFor();
    }
    await page.getByLabel('CBSE affiliation number').fill('21XXXXX');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast(
      page,
      'The affiliation number is written in digits only (CBSE gives it, e.g. 2130123). Leave it empty until you have it.',
    );
    expect(await page.getByLabel('CBSE affiliation number').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('CBSE affiliation number').fill(AFFILIATION);
    await page.getByLabel("Principal's name").fill('Dr. Asha Verma');
    await page.getByLabel("Principal's qualification").fill('M.Sc., B.Ed.');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'School profile saved');
    await page.screenshot({ path: join(SHOTS, 'admin-school-1280.png'), fullPage: true });
    expect(await accessibilityFailures(page, 'school profile (1280 px)')).toEqual([]);
    const saved = await (await principal.request('/v1/api/school')).json();
    expect(saved).toMatchObject({
      affiliationNumber: AFFILIATION,
      principalName: 'Dr. Asha Verma',
      principalQualification: 'M.Sc., B.Ed.',
    });
  });

  it('uploads a document with its dates, refusing a valid-until date before the issue date', async () => {
    await page.goto('/admin/disclosure');
    await page.getByRole('heading', { name: 'Mandatory disclosure', level: 1 }).waitFor();
    const row = page.locator('li.disclosure-doc-admin').filter({ has: page.getByRole('heading', { name: LABEL }) });
    await row.getByText('Not yet published').waitFor();
    await row.getByLabel('PDF file').setInputFiles(join(dir, 'water-certificate.pdf'));
    await row.getByLabel('Issued on').fill(issuedOn);
    await row.getByLabel('Valid until (if it expires)').fill(addDays(issuedOn, -1));
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The valid-until date is a date (YYYY-MM-DD) on or after the issue date, or empty.');

    await row.getByLabel('Valid until (if it expires)').fill(validUntil);
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(page, `${LABEL} saved`);
    await row.getByRole('link', { name: 'water-certificate.pdf' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'admin-disclosure-1280.png'), fullPage: true });
    expect(await accessibilityFailures(page, 'disclosure (1280 px)')).toEqual([]);
  });

  it('is warned on the dashboard that the certificate lapses within 30 days', async () => {
    await page.goto('/admin');
    const warnings = page.getByRole('region', { name: 'Mandatory disclosure needs attention' });
    await warnings.waitFor();
    expect(await warnings.innerText()).toContain(`${LABEL}: valid until`);
    await page.screenshot({ path: join(SHOTS, 'admin-home-disclosure-1280.png') });
  });
});

describe('a parent reads the disclosure (360 px)', () => {
  let phone: Page;
  let phoneContext: BrowserContext;
  beforeAll(async () => {
    ({ context: phoneContext, page: phone } = await openPage(browser, PHONE));
    phoneContext.setDefaultTimeout(60_000);
  });
  afterAll(async () => {
    await phoneContext?.close();
  });

  it.each([
    ['/hi/academy/mandatory-disclosure', 'अनिवार्य सार्वजनिक प्रकटीकरण', 'देखें', 'अभी प्रकाशित नहीं', 'hi'],
    ['/academy/mandatory-disclosure', 'Mandatory Public Disclosure', 'View', 'Not yet published', 'en'],
  ])(
    '%s shows the document, its dates and the affiliation number, and "not yet published" for the rest',
    async (path, heading, view, notYet, lang) => {
      await phone.goto(path);
      await phone.getByRole('heading', { name: heading, level: 1 }).waitFor();
      const row = phone.locator(`#doc-${KEY}`);
      const text = await row.innerText();
      expect(text).toContain(dayMonthYear(issuedOn));
      expect(text).toContain(dayMonthYear(validUntil));
      const link = row.getByRole('link', { name: new RegExp(`^${view}`) });
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/v1\/files\/[0-9a-f-]{36}$/);
      const file = await phone.request.get(href!);
      expect(file.headers()['content-type']).toBe('application/pdf');
      const body = await phone.locator('main').innerText();
      expect(body).toContain(AFFILIATION);
      expect(body).toContain('Dr. Asha Verma');
      expect(body).toContain(notYet);
      expect(body).not.toMatch(/Placeholder|21XXXXX/);
      // Text in the served HTML, and no framework script on the page.
      expect(await phone.locator('astro-island').count()).toBe(0);
      await phone.screenshot({ path: join(SHOTS, `disclosure-${lang}-360.png`), fullPage: true });
      expect(await accessibilityFailures(phone, `disclosure ${lang} (360 px)`)).toEqual([]);
    },
  );
});
