/**
 * Page weight bench: loads every public route (English, then Hindi) in Chromium at phone size (360 x 740,
 * what a visitor downloads before scrolling; lazy images below the fold are not fetched) and prints
 * per route the gzipped bytes of HTML, CSS and JS (gzip -6 of each body), the bytes of images (as
 * sent: AVIF/WebP do not shrink further) and the request count, with totals.
 *
 * `npm run bench` calls benchPages(url) on a runtime it starts; `npm exec -- node bench/pages.ts URL`
 * runs it against a runtime that is already up.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CONTENT_ROUTES, HINDI_PUBLIC_ROUTES, OTHER_PUBLIC_ROUTES } from '../tests/e2e/content-routes.ts';

interface Row {
  route: string;
  html: number;
  css: number;
  js: number;
  images: number;
  other: number;
  requests: number;
}

const KB = (n: number) => (n / 1024).toFixed(1);

export async function benchPages(baseURL: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const rows: Row[] = [];
  try {
    const routes = [...Object.keys(CONTENT_ROUTES), ...OTHER_PUBLIC_ROUTES, ...HINDI_PUBLIC_ROUTES];
    for (const route of routes) {
      const status = (await fetch(new URL(route, baseURL))).status;
      if (status !== 200) {
        console.log(`skipped ${route}: HTTP ${status}`);
        continue;
      }
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const row: Row = { route, html: 0, css: 0, js: 0, images: 0, other: 0, requests: 0 };
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        if (!response.url().startsWith(baseURL)) return;
        row.requests++;
        const type = response.request().resourceType();
        pending.push(
          response
            .body()
            .then((body) => {
              if (type === 'image') row.images += body.length;
              else {
                const size = gzipSync(body, { level: 6 }).length;
                if (type === 'document') row.html += size;
                else if (type === 'stylesheet') row.css += size;
                else if (type === 'script') row.js += size;
                else row.other += size;
              }
            })
            .catch(() => undefined),
        );
      });
      await page.goto(new URL(route, baseURL).toString(), { waitUntil: 'networkidle' });
      await Promise.all(pending);
      // Inline scripts and styles count towards JS and CSS too (they travel inside the HTML).
      const inline = await page.evaluate(() => ({
        js: [...document.querySelectorAll('script:not([src])')]
          .filter((s) => !(s as HTMLScriptElement).type.includes('json'))
          .map((s) => s.textContent ?? '')
          .join(''),
        css: [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join(''),
      }));
      row.js += inline.js ? gzipSync(inline.js).length : 0;
      row.css += inline.css ? gzipSync(inline.css).length : 0;
      rows.push(row);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const header = ['Route', 'HTML', 'CSS*', 'JS*', 'Images', 'Other', 'Requests'];
  const lines = rows.map((r) => [
    r.route,
    KB(r.html),
    KB(r.css),
    KB(r.js),
    KB(r.images),
    KB(r.other),
    String(r.requests),
  ]);
  const total = rows.reduce(
    (t, r) => ({
      ...t,
      html: t.html + r.html,
      css: t.css + r.css,
      js: t.js + r.js,
      images: t.images + r.images,
      other: t.other + r.other,
      requests: t.requests + r.requests,
    }),
    { route: 'Total', html: 0, css: 0, js: 0, images: 0, other: 0, requests: 0 },
  );
  lines.push([
    `Total (${rows.length} routes)`,
    KB(total.html),
    KB(total.css),
    KB(total.js),
    KB(total.images),
    KB(total.other),
    String(total.requests),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  console.log('\nPage weight at 360 x 740 (KB; HTML/CSS/JS gzipped, images as sent; before scrolling)');
  console.log('* CSS and JS include what is inlined in the HTML (also counted in HTML).');
  console.log(fmt(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const line of lines) console.log(fmt(line));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: node bench/pages.ts http://localhost:8888');
    process.exit(2);
  }
  await benchPages(url);
}
