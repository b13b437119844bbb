/**
 * Chromium: the office posts a notice at /admin/notices (1280 px, with a PDF attached) and a parent
 * finds it on the home page `/` and `/hi/`, and on its own page at 360 px in Hindi, whose served
 * HTML carries its words and Open Graph tags; then the office pins and deletes one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { staffClient, type Staff } from '../support/api.ts';
import { signInAs } from '../support/admin-screens.ts';
import { DESKTOP, PHONE, launchBrowser, screenshot, toast } from '../support/browser.ts';
import { accessibilityFailures } from './content-browser.ts';
import { pdf } from '../http/admin-fixtures.ts';
import { HI } from '../../src/lib/i18n/hi.ts';

let browser: Browser;
let office: Staff;
let dir = '';
const stamp = Date.now().toString(36);
const title = `Winter holidays ${stamp}`;
const hindiTitle = `शीतकालीन अवकाश ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  office = await staffClient('office');
  dir = await mkdtemp(join(tmpdir(), 'notices-e2e-'));
  await writeFile(join(dir, 'holiday-circular.pdf'), pdf());
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * A page in a context of its own. With `csp` the site's CSP stays on (the home page's notices must
 * load under it), unless screenshots are asked for: their Devanagari font comes as a data URL the
 * CSP refuses (as in home-javascript.test.ts). Without it axe-core can be injected.
 */
async function newPage(b: Browser, viewport: { width: number; height: number }, csp = false) {
  const context = await b.newContext({
    baseURL: inject('baseURL'),
    viewport,
    bypassCSP: !csp || !!process.env.SCREENSHOTS_DIR,
  });
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

/** The served page's <main>, where its own words are. */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

describe('a notice from the office to the parents', () => {
  let url = '';

  it('the office writes it in both languages with a PDF and publishes it (1280 px)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, office);
      await page.goto('/admin/notices');
      await page.getByRole('button', { name: 'New notice' }).click();
      const form = page.locator('form.notice-form');
      await form.getByRole('group', { name: 'In English' }).getByLabel('Title').fill(title);
      await form
        .getByRole('group', { name: 'In English' })
        .getByLabel('Text')
        .fill('The school stays **closed** from 25 December to 1 January.\n\n- Classes resume on 2 January.');
      // Publish first without the Hindi text: the form says what is missing, where.
      await form.getByLabel('शीर्षक (Title)').fill(hindiTitle);
      await form.getByRole('button', { name: 'Publish notice' }).click();
      await toast(page, 'This language has a title but no text: write the text, or clear the title.');
      expect(await form.getByLabel('सूचना का विवरण (Text)').getAttribute('aria-invalid')).toBe('true');
      await form.getByLabel('सूचना का विवरण (Text)').fill('विद्यालय 25 दिसंबर से 1 जनवरी तक **बंद** रहेगा।');
      // The preview draws the text as the site will: bold is bold, the stars are gone.
      await form.getByRole('button', { name: 'Preview the text' }).click();
      const preview = form.getByRole('region', { name: /^Preview/ });
      await preview.locator('strong', { hasText: 'बंद' }).waitFor();
      expect(await preview.locator('strong', { hasText: 'closed' }).count()).toBe(1);
      expect(await preview.textContent()).not.toContain('**');
      await form.getByLabel(/^Attachment/).setInputFiles(join(dir, 'holiday-circular.pdf'));
      await form.getByText('holiday-circular.pdf').waitFor();
      await screenshot(page, 'notices-admin-form-1280');
      const saved = page.waitForResponse((r) => r.url().endsWith('/v1/api/notices') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Publish notice' }).click();
      const answer = await saved;
      expect(answer.status()).toBe(201);
      url = (await answer.json()).url;
      await toast(page, 'Notice saved. It is on the website now.');
      const row = page.getByRole('row', { name: new RegExp(title) });
      await row.waitFor();
      expect(await row.textContent()).toContain('On the site');
      expect(await accessibilityFailures(page, '/admin/notices')).toEqual([]);
      await screenshot(page, 'notices-admin-list-1280');
    } finally {
      await context.close();
    }
  }, 120_000);

  it("it shows on `/` (1280 px) and `/hi/` (360 px) in the page's language", async () => {
    expect(url).toMatch(/^\/notices\//);
    for (const [path, viewport, shown] of [
      ['/', DESKTOP, title],
      ['/hi/', PHONE, hindiTitle],
    ] as const) {
      const { context, page } = await newPage(browser, viewport, true);
      try {
        await page.goto(path);
        const section = page.locator('[data-latest-notices]');
        const link = section.getByRole('link', { name: shown });
        await link.waitFor({ timeout: 30_000 });
        expect(await link.getAttribute('href')).toBe(path === '/' ? url : `/hi${url}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, `notices-home-${viewport.width}-${path === '/' ? 'en' : 'hi'}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it('a parent opens it in Hindi at 360 px: its words and Open Graph tags are in the served HTML, no framework script, the PDF opens', async () => {
    const served = await fetch(new URL(`/hi${url}`, inject('baseURL')));
    expect(served.status).toBe(200);
    const html = await served.text();
    expect(mainOf(html)).toContain(`<h1>${hindiTitle}</h1>`);
    expect(mainOf(html)).toContain('<strong>बंद</strong>');
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="${hindiTitle}[^"]*">`));
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:description" content="विद्यालय 25 दिसंबर से 1 जनवरी तक बंद रहेगा।">');

    const { context, page } = await newPage(browser, PHONE);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    try {
      await page.goto(`/hi${url}`);
      await page.getByRole('heading', { level: 1, name: hindiTitle }).waitFor();
      // The site's own small scripts (menu, language switch) and no framework: no island, no React.
      expect(html).not.toContain('<astro-island');
      expect(scripts.filter((s) => /react|\/client\.[\w-]+\.js/i.test(s))).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const pdfLink = page.getByRole('link', { name: /संलग्न PDF खोलें/ });
      const href = await pdfLink.getAttribute('href');
      const file = await fetch(new URL(href!, inject('baseURL')));
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(await accessibilityFailures(page, `/hi${url}`)).toEqual([]);
      await screenshot(page, 'notices-page-360-hi');
      await page.getByRole('link', { name: HI['notices.all'] }).first().click();
      await page.getByRole('heading', { level: 1, name: HI['notices.title'] }).waitFor();
      await page.getByRole('link', { name: hindiTitle }).waitFor();
      await screenshot(page, 'notices-index-360-hi');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the office pins it and then deletes it; it leaves the site', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, office);
      await page.goto('/admin/notices');
      await page.getByRole('button', { name: `Pin: ${title}` }).click();
      await toast(page, 'The notice is pinned at the top');
      await page.getByRole('button', { name: `Unpin: ${title}` }).waitFor();
      await page.getByRole('button', { name: `Delete: ${title}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Notice deleted');
      await page.getByRole('row', { name: new RegExp(title) }).waitFor({ state: 'detached' });
      expect((await fetch(new URL(url, inject('baseURL')))).status).toBe(404);
    } finally {
      await context.close();
    }
  }, 120_000);
});
