/**
 * `npm run lighthouse`: Lighthouse (mobile preset: Moto G Power emulation, simulated slow 4G and
 * 4x CPU slowdown) with Debian's Chromium over every public route of the built site (the Hindi pages with
 * their own text and one English page at its Hindi address among them), served by the
 * real local runtime started here on a free port; prints the four category scores per route.
 * Build first (`npm run build`; TEST_DIST_DIR=folder serves another build). Exits 1 when a score
 * is under LIGHTHOUSE_MIN (default 0: report only). LIGHTHOUSE_RUNS=n measures each route n times and
 * reports the median run, as Lighthouse advises for scores that vary from run to run. LIGHTHOUSE_REPORTS=folder
 * keeps each route's reported JSON there (long tasks, script costs) for a closer look.
 *
 * LIGHTHOUSE_PHOTOS=1: before measuring, every content page among the routes shows phone photos (4000 x 3000,
 * redrawn to 2560 px as the admin page sends them) in place of its starting pictures (the seals aside), uploaded
 * and placed through the admin API as the office would: the pages as a school that replaced its pictures has them.
 *
 * The first row is a control: a page of a heading and two sentences, served by a bare node:http server, measured
 * the same way. It shows what the machine itself costs: Chromium's navigation commit (context creation under
 * DevTools) is one task that Lighthouse multiplies by 4 like any other, and on a slow or busy machine that alone
 * takes performance under 100 on a page with nothing in it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import sharp from 'sharp';
import { startTestRuntime } from '../tests/support/runtime.ts';
import { cameraPhoto } from '../tests/support/camera-photo.ts';
import { CONTENT_ROUTES, HINDI_PUBLIC_ROUTES, HINDI_ROUTES, OTHER_PUBLIC_ROUTES } from '../tests/e2e/content-routes.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const min = Number(process.env.LIGHTHOUSE_MIN ?? 0);
const only = process.argv.slice(2);
/** Runs per route (LIGHTHOUSE_RUNS, default 1); with more, the median run by performance score is reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** The public GET endpoints that pages call while loading (gallery, vacancies). */
const WARM_API_PATHS = ['/v1/api/gallery', '/v1/api/jobs'];

const CONTROL_ROUTE = '(control: minimal page)';
const CONTROL_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Control page</title><meta name="description" content="A page with nothing in it, to measure the machine."></head>
<body><main><h1>Control page</h1><p>A heading and two sentences, with no styles, images or scripts.</p><p>Its score is the floor of this machine.</p></main></body></html>`;
const control = createServer((req, res) =>
  req.url === '/'
    ? res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CONTROL_HTML)
    : res.writeHead(404).end(),
);
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}/`;

const PHOTOS = process.env.LIGHTHOUSE_PHOTOS === '1';
const STAFF = { email: 'lighthouse@school.test', password: 'phone photos on every page of the school' };
const runtime = await startTestRuntime(PHOTOS ? { ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password } : {});

/** Uploads phone photos as the admin page sends them and places them on the content pages of `routes`. */
async function placePhotos(routes: readonly string[]): Promise<void> {
  // Signed in as the office's browser is: the session cookie, and the XSRF cookie echoed as a header.
  const cookies = new Map<string, string>();
  const office = {
    async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
      const headers = new Headers(init.headers);
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      if (init.method && init.method !== 'GET') headers.set('X-XSRF-TOKEN', cookies.get('XSRF-TOKEN') ?? '');
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      const res = await fetch(new URL(path, runtime.url), {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      return res;
    },
  };
  const signedIn = await office.request('/v1/api/auth/login', {
    method: 'POST',
    json: { email: STAFF.email, password: STAFF.password },
  });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status}`);
  const ids: string[] = [];
  for (let seed = 1; seed <= 4; seed++) {
    const redrawn = await sharp(await cameraPhoto(seed))
      .rotate()
      .resize(2560, 2560, { fit: 'inside' })
      .jpeg({ quality: 86 })
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(redrawn)], { type: 'image/jpeg' }), `IMG_000${seed}.jpg`);
    const res = await office.request('/v1/api/pictures', { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  let next = 0;
  type Placed = { picture: string; alt: { en: string; hi: string } } | null;
  const photo = (placed: Placed): Placed => (placed ? { ...placed, picture: ids[next++ % ids.length]! } : placed);
  for (const path of new Set(routes.map((route) => route.replace(/^\/hi(?=\/|$)/, '') || '/'))) {
    const res = await office.request(`/v1/api/pages?path=${encodeURIComponent(path)}`);
    if (res.status !== 200) continue;
    const { content } = (await res.json()) as {
      content: {
        picture: Placed;
        cards: { picture: Placed }[];
        photos: { picture: Placed }[];
        person: { photo: Placed } | null;
      };
    };
    const changed = {
      picture: photo(content.picture),
      cards: content.cards.map((card) => ({ ...card, picture: photo(card.picture) })),
      photos: content.photos.map((p) => ({ ...p, picture: photo(p.picture) })),
      person: content.person && { ...content.person, photo: photo(content.person.photo) },
    };
    const saved = await office.request('/v1/api/pages', { method: 'PUT', json: { path, ...changed } });
    if (saved.status !== 200) throw new Error(`placing photos on ${path}: ${saved.status} ${await saved.text()}`);
  }
  console.log(
    `Placed ${ids.length} phone photos (4000 x 3000, sent at 2560 px) on the measured content pages, ${next} places.`,
  );
}
/**
 * The local runtime starts a function's worker on its first call, and again after a minute idle (about 0.4-1 s);
 * Lighthouse's simulation would count that start against the page, as if every visitor met it. So the endpoints
 * are called before every run: a full run reaches /gallery some 20 minutes after it starts.
 */
async function warmFunctions(): Promise<void> {
  for (const path of WARM_API_PATHS) await (await fetch(new URL(path, runtime.url))).arrayBuffer();
}

/**
 * Netlify's Image CDN transforms a picture once and keeps the copy; the local runtime keeps its copies too
 * (scripts/local-runtime/image-cdn.ts). Each copy a page names is asked for once before the page is measured, so
 * the measure is a visitor's after the first, not the first encoding (up to a second of a core for a photo).
 */
async function warmImages(url: string): Promise<void> {
  const page = await (await fetch(url)).text();
  const addresses = new Set(
    [...page.matchAll(/\/\.netlify\/images\?[^"\s,]+/g)].map((m) => m[0].replaceAll('&amp;', '&')),
  );
  for (const address of addresses)
    await (
      await fetch(new URL(address, runtime.url), {
        headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
      })
    ).arrayBuffer();
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ],
});
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
const performanceScore = (result: LighthouseResult) => result.lhr.categories.performance?.score ?? 0;

/** One Lighthouse run; a run that Chrome could not finish (e.g. NO_FCP on a starved machine) is retried, up to 3 tries. */
async function measure(route: string, url: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const error = result?.lhr.runtimeError;
    if (result && !error) return result;
    console.log(`${route}: try ${attempt} failed${error ? ` (${error.code}: ${error.message})` : ''}`);
    if (attempt === 3) throw new Error(`no result for ${route}`);
  }
}

const rows: { route: string; scores: number[]; notes: string[] }[] = [];
try {
  // The Hindi pages with their own text, and one English page at its Hindi address (they all share that shell).
  const hindi = [...Object.keys(HINDI_ROUTES), HINDI_PUBLIC_ROUTES.find((route) => !(route in HINDI_ROUTES))!];
  const routes = only.length ? only : [CONTROL_ROUTE, ...Object.keys(CONTENT_ROUTES), ...OTHER_PUBLIC_ROUTES, ...hindi];
  if (PHOTOS) await placePhotos(routes.filter((route) => route !== CONTROL_ROUTE));
  for (const route of routes) {
    const url = route === CONTROL_ROUTE ? controlUrl : new URL(route, runtime.url).toString();
    if ((await fetch(url)).status !== 200) {
      console.log(`skipped ${route}: not 200`);
      continue;
    }
    const runs: LighthouseResult[] = [];
    if (route !== CONTROL_ROUTE) await warmImages(url);
    for (let run = 0; run < RUNS; run++) {
      await warmFunctions();
      runs.push(await measure(route, url));
    }
    // The run with the median performance score stands for the route (Lighthouse's advice for noisy machines).
    runs.sort((a, b) => performanceScore(a) - performanceScore(b));
    const result = runs[Math.floor(runs.length / 2)]!;
    const { categories, audits } = result.lhr;
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(
        join(process.env.LIGHTHOUSE_REPORTS, `${route.replace(/\W+/g, '_') || 'home'}.json`),
        JSON.stringify(result.lhr),
      );
    }
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    const notes = Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    rows.push({ route, scores, notes });
    // Lighthouse's own CPU benchmark of the machine at each run (higher is faster): shows when the machine was busy.
    const benchmark = runs.map((r) => Math.round(r.lhr.environment.benchmarkIndex)).join(', ');
    const spread =
      runs.length > 1
        ? `  (performance over ${runs.length} runs: ${runs.map((r) => Math.round(performanceScore(r) * 100)).join(', ')}; benchmarkIndex ${benchmark})`
        : `  (benchmarkIndex ${benchmark})`;
    console.log(`${route}: ${scores.join(' / ')}${spread}${notes.length ? `  [${notes.join(', ')}]` : ''}`);
  }
} finally {
  chrome.kill();
  control.close();
  await runtime.stop();
}

const header = ['Route', 'Performance', 'Accessibility', 'Best practices', 'SEO'];
const lines = rows.map((r) => [r.route, ...r.scores.map(String)]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
const fmt = (cells: string[]) =>
  '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
console.log('\nLighthouse (mobile preset)');
console.log(fmt(header));
console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
for (const line of lines) console.log(fmt(line));
const failing = rows.filter((r) => r.route !== CONTROL_ROUTE && r.scores.some((s) => s < min));
if (failing.length) {
  console.error(`\n${failing.length} route(s) under ${min}: ${failing.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
