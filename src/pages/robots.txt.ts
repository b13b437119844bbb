/**
 * robots.txt, built with the site's own address so that another school's copy names its own sitemap.
 * The staff area is not closed to crawlers here: its pages say noindex themselves, which a crawler
 * can only read if it may fetch them.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap-index.xml', site).href}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
