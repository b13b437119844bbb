import type { Config } from '@netlify/functions';
import type { Routes } from '../../src/server/http.ts';
import { router } from '../../src/features/router.ts';
import { contentPage, pagesSitemapResponse } from '../../src/features/pages/content-pages.server.ts';

/**
 * The content pages (src/features/pages/), in both languages: the home page and the section
 * pages by their addresses, and every page under a section by its pattern; an address under a
 * section that is no page answers the not-found page of its language. The Mandatory Public
 * Disclosure, under /academy, is its own function's.
 */
const PAGES = [
  '/',
  '/academy',
  '/academy/:page',
  '/academics',
  '/academics/:page',
  '/academics/methodology/:page',
  '/infrastructure',
  '/infrastructure/:page',
  '/infrastructure/facilities/:page',
  '/admissions',
  '/admissions/apply',
  '/press',
] as const;

export const config: Config = {
  path: [
    '/',
    '/academy',
    '/academy/:page',
    '/academics',
    '/academics/:page',
    '/academics/methodology/:page',
    '/infrastructure',
    '/infrastructure/:page',
    '/infrastructure/facilities/:page',
    '/admissions',
    '/admissions/apply',
    '/press',
    '/hi',
    '/hi/academy',
    '/hi/academy/:page',
    '/hi/academics',
    '/hi/academics/:page',
    '/hi/academics/methodology/:page',
    '/hi/infrastructure',
    '/hi/infrastructure/:page',
    '/hi/infrastructure/facilities/:page',
    '/hi/admissions',
    '/hi/admissions/apply',
    '/hi/press',
    '/sitemap-pages.xml',
  ],
  excludedPath: ['/academy/mandatory-disclosure', '/hi/academy/mandatory-disclosure'],
};

const routes: Routes = { '/sitemap-pages.xml': { GET: pagesSitemapResponse } };
for (const path of PAGES) {
  routes[path] = { GET: contentPage };
  routes[path === '/' ? '/hi' : `/hi${path}`] = { GET: contentPage };
}

export default router(routes);
