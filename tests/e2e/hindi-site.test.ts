/**
 * The Hindi site on the real local runtime: every public page's Hindi address answers in Hindi
 * (html lang, hreflang alternates, Hindi navigation and footer); every page has its own Hindi text
 * (title, description, headings, alt texts, tables, body) but for the few other work is rebuilding
 * (HINDI_PENDING), which show the English page marked lang="en-IN" under a Hindi note; the language switch
 * keeps the page, its query string and hash both ways, by mouse and keyboard, and the choice is
 * remembered (Hindi chosen: / lands on /hi/; English chosen again: / stays); Hindi content pages
 * ship no framework JS; axe finds nothing (every page at 360 px, one of each shape at 1280 px) and
 * nothing is wider than its window.
 */
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser } from '../support/browser.ts';
import { accessibilityFailures, openPage } from './content-browser.ts';
import {
  CONTENT_ROUTES,
  DESKTOP_SAMPLE,
  HINDI_FORMS,
  HINDI_PENDING,
  HINDI_PUBLIC_ROUTES,
  HINDI_ROUTES,
  h1s,
  brokenLinks,
  meta,
  title,
} from './content-routes.ts';
import { hindiFallbackRoutes } from '../../scripts/hindi-fallback-routes.ts';
import { site } from '../../src/config/site.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { pathIn, switchAddress } from '../../src/lib/language-paths.ts';

const FALLBACK = new Set(hindiFallbackRoutes(resolve(import.meta.dirname, '../../src/pages')).map(([route]) => route));
const NOTE = fill('hi', 'site.englishOnly');
/** The Hindi pages that are content (no form, no island): English content pages at their Hindi address, and the Hindi landings. */
const HINDI_CONTENT = [
  ...Object.keys(CONTENT_ROUTES)
    .filter((path) => path !== '/')
    .map((path) => pathIn('hi', path)),
  '/hi/admissions',
  '/hi/admissions/apply',
];

const DEVANAGARI = /[\u0900-\u097F]/;
/** The main landmark of a page, without its scripts and styles. */
const mainOf = (html: string) =>
  (/<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
/**
 * `html` without what the office wrote in English only, which a Hindi page shows marked so
 * (lang="en-IN": a press article added with no Hindi title, its cover's English alt text).
 */
const withoutMarkedEnglish = (html: string) =>
  html.replace(/<(\w+)\b[^>]*\blang="en-IN"[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<img\b[^>]*\blang="en-IN"[^>]*>/g, '');
/** The text of some HTML, tags (whose quoted attributes may hold a '>', as an island's props do) and entities dropped. */
const visibleText = (html: string) => html.replace(/<(?:"[^"]*"|'[^']*'|[^'">])*>/g, ' ').replace(/&[#\w]+;/g, ' ');
/** The English words of a text (three or more Latin letters, at least one lower-case: not P.N.C, PDF or XII). */
const englishTexts = (text: string) =>
  visibleText(text)
    .match(/\b[A-Za-z]*[a-z][A-Za-z]*\b/g)
    ?.filter((word) => word.length >= 3) ?? [];

const pages = new Map<string, string>();
const get = (path: string) => fetch(new URL(path, baseURL()), { redirect: 'manual' });
/** The absolute URL a page's alternate link for `hreflang` names. */
const alternate = (html: string, hreflang: string) =>
  new RegExp(`<link rel="alternate" hreflang="${hreflang}" href="([^"]+)"`).exec(html)?.[1];
const onSite = (path: string) => new URL(path, site.url).toString();
const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

beforeAll(async () => {
  await Promise.all(
    HINDI_PUBLIC_ROUTES.map(async (path) => {
      const res = await get(path);
      pages.set(path, res.status === 200 ? await res.text() : `STATUS ${res.status}`);
    }),
  );
});

describe('Hindi pages (HTML)', () => {
  it('every public page has a Hindi address; the forms and landings are among them', () => {
    expect(HINDI_PUBLIC_ROUTES.length).toBeGreaterThanOrEqual(40);
    for (const path of [
      '/hi/',
      '/hi/admissions',
      '/hi/admissions/apply',
      '/hi/admissions/status',
      '/hi/admissions/tc-request/status',
      '/hi/academy/about',
      '/hi/gallery',
      '/hi/admissions/apply/primary',
    ]) {
      expect(HINDI_PUBLIC_ROUTES, path).toContain(path);
    }
    expect(FALLBACK.has('/hi/login') || FALLBACK.has('/hi/admin') || FALLBACK.has('/hi/404')).toBe(false);
  });

  it.each(HINDI_PUBLIC_ROUTES)(
    '%s answers 200 in Hindi: html lang, hreflang alternates, Hindi navigation, switch and footer',
    (path) => {
      const html = pages.get(path)!;
      expect(html).not.toMatch(/^STATUS/);
      expect(html).toMatch(/<html lang="hi-IN">/);
      const english = pathIn('en', path);
      expect(alternate(html, 'hi-IN')).toBe(onSite(withSlash(path)));
      expect(alternate(html, 'en-IN')).toBe(onSite(withSlash(english)));
      expect(alternate(html, 'x-default')).toBe(onSite(withSlash(english)));
      expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(onSite(withSlash(path)));
      expect(html).toContain(`<a class="skip-link" href="#main">${fill('hi', 'site.skip')}</a>`);
      expect(html).toContain(`<nav class="site-nav" aria-label="${fill('hi', 'site.mainNav')}">`);
      for (const [href, label] of [
        ['/hi/', 'मुख्य पृष्ठ'],
        ['/hi/academy', 'विद्यालय'],
        ['/hi/admissions', 'प्रवेश'],
        ['/hi/admissions/status', 'आवेदन की स्थिति'],
        ['/hi/gallery', 'फ़ोटो गैलरी'],
      ]) {
        expect(html, `${path}: ${label}`).toMatch(new RegExp(`<a class="menu-link" href="${href}"[^>]*>${label}</a>`));
      }
      expect(html).toMatch(
        new RegExp(
          `<a class="language-switch" href="${switchAddress(withSlash(english)).replace('?', '\\?')}" hreflang="en-IN" lang="en-IN" data-language-switch="en">English</a>`,
        ),
      );
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)![0];
      for (const text of [
        site.contact.hindiName,
        site.contact.hindiAddress,
        fill('hi', 'site.quickLinks'),
        fill('hi', 'site.findUs'),
        fill('hi', 'site.loadMap'),
        fill('hi', 'site.rights'),
      ]) {
        expect(footer, `${path}: ${text}`).toContain(text);
      }
      expect(footer).toContain('href="/hi/academy/mandatory-disclosure">अनिवार्य सार्वजनिक प्रकटीकरण</a>');
      expect(footer).toContain('href="/hi/press/magazine">ई-पत्रिका</a>');
      expect(h1s(html)).toHaveLength(1);
    },
  );

  it.each(Object.entries(HINDI_ROUTES))(
    '%s has its own Hindi text: h1 %s, no note, nothing marked English',
    (path, heading) => {
      const html = pages.get(path)!;
      expect(h1s(html)).toEqual([heading]);
      expect(html).not.toContain(NOTE);
      expect(html).toMatch(/<main id="main" tabindex="-1">/);
      expect(FALLBACK.has(path)).toBe(false);
    },
  );

  it('every public Hindi page has its own Hindi text and no note, but for the pages other work is rebuilding', () => {
    const unaccounted = HINDI_PUBLIC_ROUTES.filter(
      (path) => !(path in HINDI_ROUTES) && !HINDI_FORMS.includes(path) && !(path in HINDI_PENDING),
    );
    expect(unaccounted).toEqual([]);
    const withNote = HINDI_PUBLIC_ROUTES.filter(
      (path) =>
        !(path in HINDI_PENDING) && (pages.get(path)!.includes(NOTE) || /class="language-note"/.test(pages.get(path)!)),
    );
    expect(withNote).toEqual([]);
    // The build renders no other English page under /hi/.
    expect([...FALLBACK].filter((path) => !(path in HINDI_PENDING))).toEqual([]);
  });

  it('a page still pending shows the Hindi note, then the English page marked lang="en-IN", with Hindi breadcrumbs', () => {
    for (const path of Object.keys(HINDI_PENDING).filter((p) => FALLBACK.has(p))) {
      const html = pages.get(path)!;
      expect(html, path).toMatch(
        new RegExp(
          `<main id="main" tabindex="-1" lang="en-IN"><p class="language-note" role="note" lang="hi-IN">${NOTE}</p>`,
        ),
      );
      const english = CONTENT_ROUTES[pathIn('en', path)];
      if (english) expect(h1s(html), path).toEqual([english]);
      expect(html, path).toMatch(
        /<nav class="breadcrumbs" aria-label="आप यहाँ हैं" lang="hi-IN"><ol><li><a href="\/hi\/">मुख्य पृष्ठ<\/a><\/li>/,
      );
    }
    const about = pages.get('/hi/academy/about')!;
    expect(about).toMatch(
      /<nav class="breadcrumbs" aria-label="आप यहाँ हैं" lang="hi-IN"><ol><li><a href="\/hi\/">मुख्य पृष्ठ<\/a><\/li><li><a href="\/hi\/academy">विद्यालय<\/a><\/li><li><span aria-current="page">परिचय<\/span>/,
    );
    expect(h1s(about)).toEqual([HINDI_ROUTES['/hi/academy/about']]);
  });

  it.each(Object.keys(HINDI_ROUTES))(
    '%s speaks Hindi: title, description, Open Graph, alt texts, tables and the text of the page',
    (path) => {
      const html = pages.get(path)!;
      const pageTitle = title(html)!;
      const description = meta(html, 'name', 'description')!;
      expect(pageTitle).toMatch(DEVANAGARI);
      expect(description).toMatch(DEVANAGARI);
      expect(meta(html, 'property', 'og:title')).toBe(pageTitle);
      expect(meta(html, 'property', 'og:description')).toBe(description);
      expect(meta(html, 'property', 'og:locale')).toBe('hi_IN');
      const main = withoutMarkedEnglish(mainOf(html));
      for (const [, alt = ''] of main.matchAll(/<img\b[^>]*\balt="([^"]*)"/g))
        expect(alt === '' || DEVANAGARI.test(alt), `${path}: alt "${alt}"`).toBe(true);
      for (const [, cell = ''] of main.matchAll(/<(?:caption|th)\b[^>]*>([\s\S]*?)<\/(?:caption|th)>/g))
        expect(englishTexts(cell), `${path}: "${cell}"`).toEqual([]);
      // The words a parent reads: mostly Hindi (a few names stay in Latin letters, as an office writes them: PDF, EVS, Resume/CV).
      const text = visibleText(main);
      const hindi = text.split(/\s+/).filter((word) => DEVANAGARI.test(word)).length;
      expect(hindi, path).toBeGreaterThan(0);
      expect(englishTexts(text).length, `${path}: ${englishTexts(text).join(' ')}`).toBeLessThanOrEqual(
        Math.max(3, hindi / 20),
      );
    },
  );

  it('the Hindi pages have unique titles and descriptions', () => {
    const hindi = Object.keys(HINDI_ROUTES).map((path) => pages.get(path)!);
    expect(new Set(hindi.map(title)).size).toBe(hindi.length);
    expect(new Set(hindi.map((html) => meta(html, 'name', 'description'))).size).toBe(hindi.length);
  });

  it('the Hindi home has the Hindi hero, figures and cards linking to Hindi addresses, and the enquiry pop-up drawn in Hindi', () => {
    const html = pages.get('/hi/')!;
    expect(html).toMatch(
      /<a class="button button-accent" href="\/hi\/admissions\/apply\/primary">प्रवेश हेतु आवेदन करें<\/a>/,
    );
    expect(html).toMatch(/<a class="button button-light" href="\/hi\/infrastructure\/overview">परिसर देखें<\/a>/);
    for (const href of [
      '/hi/infrastructure/learning-centre',
      '/hi/infrastructure/auditorium',
      '/hi/academics/technology',
      '/hi/academics/holistic-development',
      '/hi/academy/accreditation',
    ])
      expect(html).toContain(`class="card-link" href="${href}"`);
    expect(html).toContain('वर्षों का अनुभव');
    expect(html).not.toMatch(/<astro-island/);
    expect(html).toContain('<h2 id="_enquiryR_0_-title">प्रवेश हेतु पूछताछ</h2>');
    expect(html).toMatch(
      /<label for="_enquiryR_[^"]*">विद्यार्थी का नाम<span class="ff-required" aria-hidden="true"> \*<\/span><\/label>/,
    );
  });

  it('the Hindi landings list their pages in Hindi at Hindi addresses', () => {
    const admissions = pages.get('/hi/admissions')!;
    expect(admissions).toContain('<h2 id="in-this-section">इस भाग में</h2>');
    for (const [href, label] of [
      ['/hi/admissions/apply', 'प्रवेश आवेदन'],
      ['/hi/admissions/tc-request', 'टी.सी. हेतु आवेदन'],
      ['/hi/admissions/status', 'आवेदन की स्थिति'],
    ]) {
      expect(admissions).toContain(`<a class="card-link" href="${href}">${label}</a>`);
    }
    expect(admissions).toContain('href="/hi/admissions/status">आवेदन की स्थिति देख सकते हैं</a>');
    const apply = pages.get('/hi/admissions/apply')!;
    expect(apply).toContain('<a class="card-link" href="/hi/admissions/apply/middle">मध्य (कक्षा I-V)</a>');
    expect(apply).toContain('<dt>फ़ाइल का अधिकतम आकार</dt><dd>हर फ़ाइल 10 MB</dd>');
  });

  it('every link on the Hindi pages resolves', async () => {
    expect(await brokenLinks(pages.values(), get)).toEqual([]);
  });

  it('Hindi content pages load no framework JS, only the navigation script (<= 3 KB gzipped)', async () => {
    for (const path of HINDI_CONTENT) {
      const html = pages.get(path)!;
      expect(html, path).not.toMatch(/<astro-island|react|client:/i);
      const external = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
      const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      let bytes = 0;
      for (const src of external) bytes += gzipSync(Buffer.from(await (await get(src)).arrayBuffer())).length;
      for (const code of inline) bytes += gzipSync(code).length;
      expect(bytes, path).toBeGreaterThan(0);
      expect(bytes, path).toBeLessThanOrEqual(3 * 1024);
    }
  });

  it('the sitemap lists the Hindi pages, each with its English alternate', async () => {
    // The built pages' sitemap and the content pages' (drawn by their function).
    const sitemap = (await (await get('/sitemap-0.xml')).text()) + (await (await get('/sitemap-pages.xml')).text());
    for (const path of HINDI_PUBLIC_ROUTES) expect(sitemap, path).toContain(`<loc>${onSite(withSlash(path))}</loc>`);
    expect(sitemap).toMatch(
      new RegExp(`<xhtml:link rel="alternate" hreflang="hi-IN" href="${onSite('/hi/admissions/')}" ?/>`),
    );
    expect(sitemap).toMatch(
      new RegExp(`<xhtml:link rel="alternate" hreflang="en-IN" href="${onSite('/admissions/')}" ?/>`),
    );
  });

  it('/ sends a visitor whose nf_lang is hi to /hi/ (query kept), and no one else', async () => {
    const home = (cookie?: string) =>
      fetch(new URL('/?ref=qr', baseURL()), { redirect: 'manual', headers: cookie ? { cookie } : {} });
    const hindi = await home('nf_lang=hi');
    expect(hindi.status).toBe(302);
    expect(
      new URL(hindi.headers.get('location')!, baseURL()).pathname +
        new URL(hindi.headers.get('location')!, baseURL()).search,
    ).toBe('/hi/?ref=qr');
    expect((await home('nf_lang=en')).status).toBe(200);
    expect((await home()).status).toBe(200);
    // The Hindi home's switch says the choice itself (/?lang=en): a tap before the page's script has
    // set the cookie is not sent back to /hi/.
    const english = await fetch(new URL('/?lang=en&ref=qr', baseURL()), {
      redirect: 'manual',
      headers: { cookie: 'nf_lang=hi' },
    });
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/?ref=qr');
    expect(english.headers.get('set-cookie')).toMatch(/^nf_lang=en; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(english.headers.get('cache-control')).toBe('private, no-store');
    // Only the home: any other English page stays where the link points.
    expect(
      (await fetch(new URL('/academy/about', baseURL()), { redirect: 'manual', headers: { cookie: 'nf_lang=hi' } }))
        .status,
    ).toBe(200);
  });
});

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The sessionStorage key that keeps the home page's enquiry pop-up closed for the visit (EnquiryPopup.tsx). */
const POPUP_CLOSED_KEY = 'rmcp-enquiry-closed';

/** A visitor's context: the home page's enquiry pop-up kept closed, so it covers nothing. */
async function visitor(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, viewport);
  context.setDefaultTimeout(60_000);
  await context.addInitScript((key) => sessionStorage.setItem(key, '1'), POPUP_CLOSED_KEY);
  return { context, page };
}

const nfLang = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'nf_lang')?.value;
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname.replace(/(.)\/$/, '$1')}${url.search}${url.hash}`;
};

describe('language switch in Chromium', () => {
  it.each([
    ['1280 px', DESKTOP],
    ['360 px', PHONE],
  ])(
    'at %s it keeps the page with its query string both ways, by click and by keyboard, with a visible focus',
    async (_label, viewport) => {
      const { context, page } = await visitor(viewport);
      try {
        await page.goto('/admissions/status?ref=RMCP-2026-000123');
        const toHindi = page.locator('[data-language-switch]');
        expect(await toHindi.textContent()).toBe('हिन्दी');
        expect(await toHindi.isVisible()).toBe(true);
        const box = (await toHindi.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.height).toBeGreaterThanOrEqual(viewport === PHONE ? 44 : 24);
        await toHindi.click();
        await page.waitForURL((url) => url.pathname.startsWith('/hi/'));
        expect(where(page)).toBe('/hi/admissions/status?ref=RMCP-2026-000123');
        expect(await page.locator('h1').textContent()).toBe(HINDI_ROUTES['/hi/admissions/status']);
        // The Hindi island reads the same ?ref= as the English one.
        await expect
          .poll(() => page.getByLabel(/^आवेदन क्रमांक/).inputValue(), { timeout: 20_000 })
          .toBe('RMCP-2026-000123');
        expect(await nfLang(context)).toBe('hi');

        // Back by keyboard: Tab reaches the switch (after the menu), its focus ring shows, Enter follows it.
        const toEnglish = page.locator('[data-language-switch]');
        let guard = 0;
        while (!(await toEnglish.evaluate((el) => el === document.activeElement)) && guard++ < 60)
          await page.keyboard.press('Tab');
        expect(await toEnglish.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(
          true,
        );
        expect(await toEnglish.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => !url.pathname.startsWith('/hi/'));
        expect(where(page)).toBe('/admissions/status?ref=RMCP-2026-000123');
        expect(await nfLang(context)).toBe('en');
      } finally {
        await context.close();
      }
    },
  );

  it('keeps the hash too, and the page stays itself (a content page)', async () => {
    const { context, page } = await visitor(DESKTOP);
    try {
      await page.goto('/academy/about#main');
      await page.locator('[data-language-switch]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/hi/'));
      expect(where(page)).toBe('/hi/academy/about#main');
      expect(await page.locator('h1').textContent()).toBe(HINDI_ROUTES['/hi/academy/about']);
      expect(await page.locator('.language-note').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('remembers the choice: Hindi chosen, / lands on /hi/; English chosen again, / stays English', async () => {
    const { context, page } = await visitor(PHONE);
    try {
      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/');
      await page.goto('/press');
      await page.locator('[data-language-switch]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/hi/press'));

      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/hi/');
      expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
      expect(await page.locator('h1').textContent()).toBe(HINDI_ROUTES['/hi/']);

      await page.locator('[data-language-switch]').click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await nfLang(context)).toBe('en');
    } finally {
      await context.close();
    }
    // Six page loads on a phone-sized window with both cores busy: more than the default minute.
  }, 120_000);
});

describe('Hindi pages in Chromium', () => {
  it('the Hindi footer map loads with a Hindi button and frame title', async () => {
    const { context, page } = await visitor(PHONE);
    try {
      await page.route('https://www.openstreetmap.org/**', (route) => route.abort());
      await page.goto('/hi/admissions');
      await page.getByRole('button', { name: fill('hi', 'site.loadMap') }).click();
      const frame = page.locator('[data-map] iframe');
      await expect.poll(() => frame.count(), { timeout: 10_000 }).toBe(1);
      expect(await frame.getAttribute('title')).toBe(fill('hi', 'site.mapTitle'));
    } finally {
      await context.close();
    }
  });

  it('every Hindi page at 360 px: zero axe violations and no horizontal scroll', async () => {
    const { context, page } = await visitor(PHONE);
    const failures: string[] = [];
    try {
      for (const path of HINDI_PUBLIC_ROUTES) {
        await page.goto(path, { waitUntil: 'load' });
        failures.push(...(await accessibilityFailures(page, path)));
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('the Hindi pages with their own text at 1280 px: the header on one line and no horizontal scroll on each, zero axe violations on one of each shape', async () => {
    const { context, page } = await visitor(DESKTOP);
    const failures: string[] = [];
    const sample = DESKTOP_SAMPLE.map((path) => pathIn('hi', path));
    try {
      for (const path of Object.keys(HINDI_ROUTES)) {
        await page.goto(path, { waitUntil: 'load' });
        if (sample.includes(path)) failures.push(...(await accessibilityFailures(page, path)));
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) failures.push(`${path}: horizontal scroll of ${overflow}px`);
        const header = await page.locator('.header-bar').boundingBox();
        if (header!.height > 80) failures.push(`${path}: the header wraps (${header!.height}px)`);
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
