// Astro: static site, React islands, sitemap; the canonical origin comes from the site config.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import netlify from '@netlify/vite-plugin';
import { site } from './src/config/site.ts';
import { loadDotEnv, loadLocalSecrets } from './scripts/local-secrets.ts';
import { installDevServerPatches } from './scripts/local-runtime/patches.ts';
import { holdRuntimeFolderOrExit } from './scripts/local-runtime/folder-lock.ts';
import { hindiFallbackPages } from './scripts/hindi-fallback-routes.ts';
import { startingFiles } from './scripts/starting-files.ts';
import { DATABASE_PAGES, NOTICES_SITEMAP_PATH, PAGES_SITEMAP_PATH } from './src/config/database-pages.ts';

// `astro dev` (npm run dev) emulates Netlify like `npm start`: functions, Blobs, the local database.
const dev = process.argv.includes('dev');
if (dev) {
  // One runtime per folder (its database is one process's): refused while npm start or another dev server runs here.
  holdRuntimeFolderOrExit(process.cwd(), 'npm run dev');
  loadDotEnv(process.cwd());
  loadLocalSecrets(process.cwd());
  installDevServerPatches();
  // Netlify's URL, the address the admin API's Origin check compares with: Astro's dev server's.
  const port = process.argv[process.argv.indexOf('--port') + 1];
  process.env.URL ||= `http://localhost:${process.argv.includes('--port') && port ? port : 4321}`;
}

export default defineConfig({
  site: site.url,
  output: 'static',
  trailingSlash: 'ignore',
  build: {
    // 'directory' (default): /academy/about is served from academy/about/index.html; public/_redirects relies on it.
    format: 'directory',
    // One small stylesheet for the whole site: inlined, so the first paint needs no extra round trip.
    inlineStylesheets: 'always',
  },
  image: {
    // sharp (bundled) does the AVIF/WebP work at build time; nothing is fetched at run time.
    // A low AVIF effort keeps a cold build (CI, first `npm start`) fast on two cores; the files
    // stay small because the pictures are flat illustrations.
    service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 1 }, webp: { effort: 3 } } },
    responsiveStyles: false,
  },
  vite: {
    plugins: dev
      ? [
          netlify({
            edgeFunctions: { enabled: false },
            images: { enabled: true },
            geolocation: { enabled: false },
            aiGateway: { enabled: false },
          }),
        ]
      : [],
  },
  integrations: [
    react(),
    hindiFallbackPages(),
    startingFiles(),
    sitemap({
      // The pages answered from the database have no built file to find.
      customPages: DATABASE_PAGES.flatMap((path) => [`${site.url}${path}/`, `${site.url}/hi${path}/`]),
      // The admin area, the sign-in page, the database pages' shells and the not-found pages are not for search engines.
      filter: (page) => !/^\/(hi\/)?(admin|login|logout|page-shells|404)(\/|$)/.test(new URL(page).pathname),
      // The notices' own pages and months (src/features/notices/sitemap.server.ts) and the content
      // pages that are not hidden (src/features/pages/content-pages.server.ts), drawn from the
      // database by their functions, listed in the index beside the built pages' sitemap.
      customSitemaps: [`${site.url}${NOTICES_SITEMAP_PATH}`, `${site.url}${PAGES_SITEMAP_PATH}`],
      // Each page's entry names its other-language address (/x and /hi/x), as the pages' hreflang links do.
      i18n: { defaultLocale: 'en', locales: { en: 'en-IN', hi: 'hi-IN' } },
    }),
  ],
});
