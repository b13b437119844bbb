/**
 * The Hindi addresses of the English pages that have no Hindi version yet: /hi/<path> renders the
 * English page module itself (Astro's injectRoute), so BaseLayout, seeing /hi/ in the URL, gives it
 * the Hindi navigation and footer and a note that the page is not in Hindi yet. Each route keeps its
 * own page's styles and scripts. A page that gets its own file under src/pages/hi/ leaves this list
 * by itself; the admin area, sign-in, 404 and privacy pages are never here.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AstroIntegration } from 'astro';

const NOT_PUBLIC = /^(admin|hi|privacy)(\/|$)|^(404|login|logout|privacy)$/;

/** Route of a page file relative to src/pages ('academy/about.astro' -> 'academy/about', 'index.astro' -> ''). */
const routeOf = (file: string) => file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '');

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro') && !file.includes('['))
    .map((file) => relative(dir, join(dir, file)).replaceAll('\\', '/'));
}

/** [Hindi route, English page file] for each English page without a Hindi one. */
export function hindiFallbackRoutes(pagesDir: string): [string, string][] {
  const hindi = new Set(pageFiles(join(pagesDir, 'hi')).map(routeOf));
  return pageFiles(pagesDir)
    .filter((file) => !NOT_PUBLIC.test(routeOf(file)) && !hindi.has(routeOf(file)))
    .map((file) => [`/hi/${routeOf(file)}`, join(pagesDir, file)]);
}

export function hindiFallbackPages(): AstroIntegration {
  return {
    name: 'hindi-fallback-pages',
    hooks: {
      'astro:config:setup': ({ config, injectRoute }) => {
        const pagesDir = join(new URL(config.srcDir).pathname, 'pages');
        for (const [pattern, entrypoint] of hindiFallbackRoutes(pagesDir)) injectRoute({ pattern, entrypoint });
      },
    },
  };
}
