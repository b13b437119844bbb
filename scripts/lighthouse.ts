/**
 * `npm run lighthouse`: Lighthouse (mobile preset: Moto G Power emulation, simulated slow 4G and
 * 4x CPU slowdown) with Debian's Chromium over every public route of the built site, served by the
 * real local runtime started here on a free port; prints the four category scores per route.
 * Build first (`npm run build`; TEST_DIST_DIR=folder serves another build). Exits 1 when a score
 * is under LIGHTHOUSE_MIN (default 0: report only). LIGHTHOUSE_REPORTS=folder keeps each route's
 * full JSON report there (long tasks, script costs) for a closer look.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startTestRuntime } from '../tests/support/runtime.ts';
import { CONTENT_ROUTES, OTHER_PUBLIC_ROUTES } from '../tests/e2e/content-routes.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const min = Number(process.env.LIGHTHOUSE_MIN ?? 0);
const only = process.argv.slice(2);

const runtime = await startTestRuntime({});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
});
const rows: { route: string; scores: number[]; notes: string[] }[] = [];
try {
  const routes = only.length ? only : [...Object.keys(CONTENT_ROUTES), ...OTHER_PUBLIC_ROUTES];
  for (const route of routes) {
    const url = new URL(route, runtime.url).toString();
    if ((await fetch(url)).status !== 200) {
      console.log(`skipped ${route}: not 200`);
      continue;
    }
    // A run that Chrome could not finish (e.g. NO_FCP on a starved machine) is retried, up to 3 tries.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      const error = result?.lhr.runtimeError;
      if (result && !error) break;
      console.log(`${route}: try ${attempt} failed${error ? ` (${error.code}: ${error.message})` : ''}`);
      if (attempt === 3) break;
    }
    if (!result) throw new Error(`no result for ${route}`);
    const { categories, audits } = result.lhr;
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${route.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(result.lhr));
    }
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    const notes = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    rows.push({ route, scores, notes });
    console.log(`${route}: ${scores.join(' / ')}${notes.length ? `  [${notes.join(', ')}]` : ''}`);
  }
} finally {
  chrome.kill();
  await runtime.stop();
}

const header = ['Route', 'Performance', 'Accessibility', 'Best practices', 'SEO'];
const lines = rows.map((r) => [r.route, ...r.scores.map(String)]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
const fmt = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
console.log('\nLighthouse (mobile preset)');
console.log(fmt(header));
console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
for (const line of lines) console.log(fmt(line));
const failing = rows.filter((r) => r.scores.some((s) => s < min));
if (failing.length) {
  console.error(`\n${failing.length} route(s) under ${min}: ${failing.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
