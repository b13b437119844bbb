/**
 * Every public page has its Hindi text: the build renders an English page under /hi/ (with the
 * "not in Hindi yet" note) only for the pages in HINDI_PENDING, which other work is rebuilding; each
 * English page text in src/content/pages has a Hindi one under hi/ that shows the same pictures in
 * the same order and links to the same pages at their Hindi addresses.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hindiFallbackRoutes } from '../../scripts/hindi-fallback-routes.ts';
import { HINDI_PENDING } from '../e2e/content-routes.ts';
import { pathIn, twinPath } from '../../src/lib/language-paths.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CONTENT = join(ROOT, 'src/content/pages');

const pageTexts = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.replaceAll('\\', '/').replace(/\.md$/, ''));

/** The image files a page text names, resolved, in order. */
const images = (file: string) => [...readFileSync(file, 'utf8').matchAll(/"(\.\.\/[^"]+\.(?:jpe?g|png|webp))"/g)].map((m) => relative(ROOT, resolve(dirname(file), m[1]!)));
/** The same-site links of a page text (front matter and body). */
const links = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:"href": "|\]\()(\/[^")]*)/g)].map((m) => m[1]!);

describe('Hindi pages', () => {
  it('the build shows an English page under /hi/ only for the pages other work is rebuilding', () => {
    const fallbacks = hindiFallbackRoutes(join(ROOT, 'src/pages')).map(([route]) => route);
    expect(fallbacks.filter((route) => !(route in HINDI_PENDING))).toEqual([]);
  });

  const english = pageTexts(CONTENT).filter((id) => !id.startsWith('hi/') && !(pathIn('hi', `/${id}`) in HINDI_PENDING));

  it.each(english)('%s has a Hindi text with the same pictures and the same links in Hindi', (id) => {
    const hindiFile = join(CONTENT, 'hi', `${id}.md`);
    const englishFile = join(CONTENT, `${id}.md`);
    expect(pageTexts(join(CONTENT, 'hi'))).toContain(id);
    expect(images(hindiFile)).toEqual(images(englishFile));
    expect(links(hindiFile)).toEqual(links(englishFile).map((href) => pathIn('hi', href)));
    expect(readFileSync(hindiFile, 'utf8')).toMatch(/^heading: ".*[\u0900-\u097F].*"$/m);
  });
});

describe('the page in the other language (the language switch, hreflang)', () => {
  it('is the /hi/ twin, the other not-found page from a not-found page, and none in the staff area', () => {
    expect([twinPath('hi', '/admissions/'), twinPath('en', '/hi/admissions/'), twinPath('hi', '/'), twinPath('en', '/hi/')]).toEqual(['/hi/admissions/', '/admissions/', '/hi/', '/']);
    expect([twinPath('hi', '/404'), twinPath('en', '/hi/404/'), twinPath('en', '/404')]).toEqual(['/hi/404/', '/404.html', '/404.html']);
    for (const path of ['/login', '/logout/', '/admin', '/admin/enquiry/panel', '/admin/receipts/RMCP-R-1']) expect(twinPath('hi', path), path).toBeNull();
    // Pages whose names only begin like the staff's keep their twin.
    expect([twinPath('hi', '/administration'), twinPath('hi', '/login-help')]).toEqual(['/hi/administration', '/hi/login-help']);
  });
});
