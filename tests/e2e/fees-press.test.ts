/**
 * Chromium, as the school uses it: the principal fills a session's whole fee structure at
 * /admin/fees (1280 px) and copies it to the next session, and a visitor reads it at once in Hindi
 * on a phone (360 px) on the fee page and the Mandatory Public Disclosure; the office adds a press
 * article with a cover at /admin/press (1280 px) and it appears on /press/coverage, and on
 * /hi/press/coverage at 360 px, where its English title and cover text are marked English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot, toast } from '../support/browser.ts';
import { site } from '../support/site.ts';
import { signInAs } from '../support/admin-screens.ts';
import { accessibilityFailures } from './content-browser.ts';
import { staffClient, type Staff } from '../support/api.ts';
import { fees } from '../../src/config/fees.ts';
import { sessionName, sessionOf } from '../../src/lib/sessions.ts';
import { db } from '../http/forms-fixtures.ts';

/**
 * The sessions the principal fills and copies; their structures are taken away at the end, so every
 * other file reads the pages as before. The structure leaves P.N.C out: tests/http/fees.test.ts
 * changes P.N.C's admission fee meanwhile, and a save writes the admission fee of each class it lists.
 */
const SESSION = sessionOf();
const NEXT = sessionName(Number(SESSION.slice(0, 4)) + 1);
let nextHadFees = false;
let browser: Browser;
let principal: Staff;
let office: Staff;
let dir = '';

/** A page at `viewport` that lets axe's script and the screenshots' Devanagari font past the pages' CSP (tested on its own elsewhere). */
async function newPage(_browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: site('baseURL'), viewport, bypassCSP: true });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  [browser, principal, office] = await Promise.all([launchBrowser(), staffClient('principal'), staffClient('office')]);
  dir = await mkdtemp(join(tmpdir(), 'press-e2e-'));
  nextHadFees = (await db().query(`SELECT 1 FROM admission_fees WHERE session = $1`, [NEXT])).rows.length > 0;
}, 60_000);
afterAll(async () => {
  await db().query(`DELETE FROM fee_structures WHERE session IN ($1, $2)`, [SESSION, NEXT]);
  if (!nextHadFees) await db().query(`DELETE FROM admission_fees WHERE session = $1`, [NEXT]);
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const row = (classes: string[], tuition: number) => ({
  classes,
  amounts: { admission: fees.admission[classes[0] as keyof typeof fees.admission], tuition, exam: 300 },
});
/** The school's first structure (no P.N.C row): admission, tuition by the month, an exam fee. */
const STARTING = {
  session: SESSION,
  heads: [
    { id: 'admission', kind: 'admission', period: 'once', name: { en: 'Admission fee', hi: 'प्रवेश शुल्क' } },
    { id: 'tuition', kind: 'tuition', period: 'month', name: { en: 'Tuition fee', hi: 'शिक्षण शुल्क' } },
    { id: 'exam', kind: 'other', period: 'year', name: { en: 'Exam fee', hi: 'परीक्षा शुल्क' } },
  ],
  rows: [
    row(['N.C'], 700),
    row(['K.G'], 800),
    row(['1', '2', '3', '4', '5'], 1000),
    row(['6', '7', '8'], 1200),
    row(['9', '10'], 1400),
    row(['11', '12'], 1600),
  ],
  transferCertificate: fees.transferCertificate,
};

/** The document is no wider than the screen: a wide table scrolls inside its own box. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('fees', () => {
  it("the principal fills the session's fee structure at /admin/fees (1280 px) and copies it to the next; a visitor reads it in Hindi at 360 px on the fee page and the disclosure", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, principal);
      await page.goto('/admin/fees');
      const title = page.getByRole('heading', { name: `Fee structure for ${SESSION}` });
      await title.waitFor();
      // The website's sample, marked so, until the principal saves the school's own.
      expect(await title.textContent()).toContain('Sample');
      await page.getByText('These figures are a sample that came with the website', { exact: false }).waitFor();
      const saved = await principal.client.request('/v1/api/fees/structure', { method: 'PUT', json: STARTING });
      expect(saved.status, await saved.clone().text()).toBe(200);
      await page.reload();
      await expect.poll(() => title.textContent()).toContain('Published');
      const tuition = page.getByLabel('Tuition fee, Class 1 to Class 5, in rupees', { exact: true });
      await tuition.fill('-5');
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await page.getByText('A fee cannot be less than zero.', { exact: true }).first().waitFor();
      expect(await tuition.getAttribute('aria-invalid')).toBe('true');
      await tuition.fill('1,350');
      // A transport slab of the school's own, the same for every class.
      await page.getByLabel('Kind of fee').selectOption({ label: 'Transport (a distance slab)' });
      await page.getByRole('button', { name: 'Add a fee' }).click();
      const slab = page.locator('.fee-head').last();
      await slab.getByLabel('Name in English').fill('Transport, 15 km and more');
      await slab.getByLabel('Name in Hindi').fill('वाहन शुल्क, 15 कि.मी. से अधिक');
      const boxes = page.getByLabel(/^Transport, 15 km and more, .+, in rupees$/);
      for (const box of await boxes.all()) await box.fill('1100');
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await toast(page, `Fee structure for ${SESSION} saved: the public fee page and the disclosure show it now.`);
      await expect.poll(() => title.textContent()).toContain('Published');
      // The toast slides in from beyond the right edge: measured once it stands still.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await accessibilityFailures(page, '/admin/fees at 1280 px')).toEqual([]);
      await screenshot(page, 'admin-fees-1280');

      // One step to the next session, which then has the same structure of its own.
      await page.getByRole('button', { name: `Copy to ${NEXT}` }).click();
      await toast(page, `Copied to ${NEXT}: it is published for ${NEXT}. Change what differs there and save.`);
      await page.getByRole('heading', { name: `Fee structure for ${NEXT}` }).waitFor();
      expect(await page.getByLabel('Tuition fee, Class 1 to Class 5, in rupees', { exact: true }).inputValue()).toBe(
        '1350',
      );
      // The same screen on the principal's phone: each row's boxes stack under it.
      await page.setViewportSize(PHONE);
      expect(await fitsTheScreen(page)).toBe(true);
      await screenshot(page, 'admin-fees-360');
    } finally {
      await context.close();
    }

    const { context: phone, page: parent } = await newPage(browser, PHONE);
    try {
      await parent.goto('/hi/admissions/fees');
      expect(await parent.locator('h1').textContent()).toBe('शुल्क विवरण');
      const byClass = parent.getByRole('table', { name: `कक्षावार शुल्क, सत्र ${SESSION}` });
      const row = byClass
        .getByRole('row')
        .filter({ has: parent.getByRole('rowheader', { name: 'कक्षा I–V', exact: true }) });
      expect(await row.textContent()).toContain('₹1,350');
      const same = parent.getByRole('table', { name: `सभी कक्षाओं के लिए एक समान शुल्क, सत्र ${SESSION}` });
      expect(
        await same.getByRole('row').filter({ hasText: 'वाहन शुल्क, 15 कि.मी. से अधिक' }).getByRole('cell').textContent(),
      ).toBe('₹1,100');
      expect(await fitsTheScreen(parent)).toBe(true);
      expect(await accessibilityFailures(parent, '/hi/admissions/fees at 360 px')).toEqual([]);
      await screenshot(parent, 'fees-hi-360');

      await parent.goto('/hi/academy/mandatory-disclosure');
      await parent.getByRole('heading', { name: `शुल्क विवरण, सत्र ${SESSION}` }).waitFor();
      const disclosed = parent.getByRole('table', { name: `कक्षावार शुल्क, सत्र ${SESSION}` });
      expect(
        await disclosed
          .getByRole('row')
          .filter({ has: parent.getByRole('rowheader', { name: 'कक्षा I–V', exact: true }) })
          .textContent(),
      ).toContain('₹1,350');
      expect(await fitsTheScreen(parent)).toBe(true);
      expect(await accessibilityFailures(parent, '/hi/academy/mandatory-disclosure at 360 px')).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 150_000);
});

describe('press', () => {
  it('the office adds an article with a cover at /admin/press; it is on /press/coverage, and on /hi/press/coverage at 360 px', async () => {
    const coverPath = join(dir, 'clipping.jpg');
    await writeFile(
      coverPath,
      await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#c9b38a' } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
    const title = `Village children win the district quiz ${Date.now()}`;
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, office);
      await page.goto('/admin/press');
      const articles = page.getByRole('region', { name: 'Press articles' });
      await articles.getByRole('button', { name: 'Add an article' }).click();
      const form = page.getByRole('form', { name: 'New article' });
      await form.getByLabel('Newspaper').fill('Amar Ujala');
      await form.getByLabel('Title in English').fill(title);
      await form.getByLabel('Summary in English').fill('Three pupils of Class VIII took the first prize.');
      await form.getByLabel('Date printed').fill('2026-10-02');
      await form
        .getByLabel('What the picture shows, in English')
        .fill('Newspaper clipping with the quiz winners holding their cup');
      await form.getByLabel('Cover picture').setInputFiles(coverPath);
      expect(await accessibilityFailures(page, '/admin/press with its form at 1280 px')).toEqual([]);
      await screenshot(page, 'admin-press-form-1280');
      await form.getByRole('button', { name: 'Add the article' }).click();
      await toast(page, 'Added: it is on the public page now.');
      await articles.getByRole('cell', { name: title, exact: true }).waitFor();
      await screenshot(page, 'admin-press-1280');
    } finally {
      await context.close();
    }

    const { context: visitor, page: publicPage } = await newPage(browser, DESKTOP);
    try {
      await publicPage.goto('/press/coverage');
      const card = publicPage.locator('.press-card', { hasText: title });
      const img = card.locator('img');
      expect(await img.getAttribute('alt')).toBe('Newspaper clipping with the quiz winners holding their cup');
      // Resized in the browser before it went up: 960 px on its long edge.
      expect(await img.getAttribute('width')).toBe('960');
      expect(await img.getAttribute('height')).toBe('600');
      await img.scrollIntoViewIfNeeded();
      await publicPage.waitForFunction((t) => {
        const card = [...document.querySelectorAll('.press-card')].find((c) => c.textContent?.includes(t));
        const image = card?.querySelector('img');
        return !!image && image.complete && image.naturalWidth === 960;
      }, title);
      expect(await card.locator('time').getAttribute('datetime')).toBe('2026-10-02');
    } finally {
      await visitor.close();
    }

    const { context: phone, page: parent } = await newPage(browser, PHONE);
    try {
      await parent.goto('/hi/press/coverage');
      const heading = parent.locator('.press-card h2', { hasText: title });
      expect(await heading.getAttribute('lang')).toBe('en-IN');
      // Its cover's alt text was written in English only: marked so too, for a screen reader's voice.
      expect(await parent.locator('.press-card', { hasText: title }).locator('img').getAttribute('lang')).toBe('en-IN');
      // The month in Hindi (ICU spells it अक्तूबर or अक्टूबर by its version).
      expect(await parent.locator('.press-card', { hasText: title }).locator('time').textContent()).toMatch(
        /^2 अक्[तट]ूबर 2026$/,
      );
      expect(await parent.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await accessibilityFailures(parent, '/hi/press/coverage at 360 px')).toEqual([]);
      await screenshot(parent, 'press-hi-360');
    } finally {
      await phone.close();
    }
  }, 120_000);
});
