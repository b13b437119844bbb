/**
 * Every public page has its Hindi text: the build renders an English page under /hi/ (with the
 * "not in Hindi yet" note) only for the pages in HINDI_PENDING, which other work is rebuilding; each
 * content page's starting text (starting-content/pages/) has every word it has in English in Hindi
 * too, its heading in Devanagari, and its text links to the same pages at their Hindi addresses.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hindiFallbackRoutes } from '../../scripts/hindi-fallback-routes.ts';
import { HINDI_PENDING } from '../e2e/content-routes.ts';
import { pathIn, twinPath } from '../../src/lib/language-paths.ts';
import { STARTING_PAGES } from '../../src/features/pages/starting-pages.ts';
import type { Bilingual } from '../../src/features/pictures/picture.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every pair of words in a page's content, by its path ('cards.2.title'). */
function pairs(value: unknown, path = ''): [string, Bilingual][] {
  if (!value || typeof value !== 'object') return [];
  if ('en' in value && 'hi' in value && typeof value.en === 'string') return [[path, value as Bilingual]];
  return Object.entries(value).flatMap(([key, child]) => pairs(child, path ? `${path}.${key}` : key));
}

/** The same-site links of a Markdown text. */
const links = (markdown: string) => [...markdown.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]!);

describe('Hindi pages', () => {
  it('the build shows an English page under /hi/ only for the pages other work is rebuilding', () => {
    const fallbacks = hindiFallbackRoutes(join(ROOT, 'src/pages')).map(([route]) => route);
    expect(fallbacks.filter((route) => !(route in HINDI_PENDING))).toEqual([]);
  });

  it.each([...STARTING_PAGES])(
    '%s has every word in Hindi too, and its links at their Hindi addresses',
    (_, content) => {
      const missing = pairs(content)
        .filter(([, words]) => words.en && !words.hi)
        .map(([path]) => path);
      expect(missing).toEqual([]);
      expect(content.title.hi).toMatch(/[\u0900-\u097F]/);
      expect(links(content.body.hi)).toEqual(links(content.body.en).map((href) => pathIn('hi', href)));
    },
  );
});

describe('the page in the other language (the language switch, hreflang)', () => {
  it('is the /hi/ twin, the other not-found page from a not-found page, and none in the staff area', () => {
    expect([
      twinPath('hi', '/admissions/'),
      twinPath('en', '/hi/admissions/'),
      twinPath('hi', '/'),
      twinPath('en', '/hi/'),
    ]).toEqual(['/hi/admissions/', '/admissions/', '/hi/', '/']);
    expect([twinPath('hi', '/404'), twinPath('en', '/hi/404/'), twinPath('en', '/404')]).toEqual([
      '/hi/404/',
      '/404.html',
      '/404.html',
    ]);
    for (const path of ['/login', '/logout/', '/admin', '/admin/enquiry/panel', '/admin/receipts/RMCP-R-1'])
      expect(twinPath('hi', path), path).toBeNull();
    // Pages whose names only begin like the staff's keep their twin.
    expect([twinPath('hi', '/administration'), twinPath('hi', '/login-help')]).toEqual([
      '/hi/administration',
      '/hi/login-help',
    ]);
  });
});
