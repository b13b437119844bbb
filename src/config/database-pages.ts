/**
 * The public pages a function answers from the database (src/server/public-page.ts), by their
 * English path: they have no built file, so the sitemap is told of them here, in both languages.
 * The pages of one notice and of a month of notices are in the notices' own sitemap, which their
 * function draws from the database at NOTICES_SITEMAP_PATH (the sitemap index names it).
 */
export const DATABASE_PAGES: readonly string[] = [
  '/academy/mandatory-disclosure',
  '/notices',
  '/calendar',
  '/press/coverage',
  '/press/magazine',
  '/admissions/fees',
  '/gallery',
];

export const NOTICES_SITEMAP_PATH = '/notices/sitemap.xml';

/**
 * The content pages (about, the messages, academics, infrastructure, the section pages, the home
 * page) are drawn by a function too (src/features/pages/content-pages.server.ts), and a page the
 * office hides leaves the sitemap at once: their own sitemap, drawn from the database, is here.
 */
export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml';
