/**
 * Runs as Astro renders each page (at build time for this static site, and in `astro dev`).
 *
 * Astro writes its islands' one rule (`astro-island{display:contents}`) as a <style> right before
 * a page's first island, somewhere in <body>; HTML wants a <style> in the body to be its parent's
 * first child, and the Nu Html Checker refuses it elsewhere. Astro has no setting for where it goes,
 * so the rule is moved to the end of <head>: the same rule, applied before the islands are drawn.
 */
import { defineMiddleware } from 'astro:middleware';

const ISLAND_STYLE = /<style>astro-island,[^<]*<\/style>/;

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const page = await response.text();
  const style = ISLAND_STYLE.exec(page)?.[0];
  const head = page.indexOf('</head>');
  if (!style || head < 0 || page.indexOf(style) < head) return new Response(page, response);
  const moved = page.replace(style, '').replace('</head>', () => `${style}</head>`);
  return new Response(moved, response);
});
