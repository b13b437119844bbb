/**
 * Writes dist/_headers: the security headers of src/server/security-headers.ts for every page,
 * with the SHA-256 of each inline script the build produced (Astro's island loader) in script-src,
 * so the CSP needs no 'unsafe-inline' for scripts; and the caching headers of the pages whose
 * answer depends on the nf_lang cookie. The status pages that offer Pay get Razorpay's hosts added.
 *
 * Each page's Content-Security-Policy is written by its own path, and the site-wide rule (`/*`,
 * which also covers unknown paths and files) carries the loosest policy any page needs, the Pay
 * pages'. A page thus gets its own policy whether the CDN lets the later rule replace the earlier
 * one (the local runtime does) or joins both values (a browser then enforces both, and a strict
 * page's policy within the Pay one leaves the strict one): the Pay pages never get the strict one.
 *
 * It also copies the starting content's files (starting-content/<part>/: pictures, sample photos,
 * sample PDFs; not the data files beside them) to dist/starting/<part>/, where the pages and the
 * Image CDN take them from.
 */
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  LANGUAGE_DEPENDENT_HEADERS,
  LANGUAGE_DEPENDENT_PAGES,
  PAY_CSP_ADDITIONS,
  PAY_PAGES,
  cspString,
  securityHeaders,
} from '../src/server/security-headers.ts';
import { inlineScriptHashes } from '../src/server/csp-hashes.ts';

const DIST = process.argv[2] ?? 'dist';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** The address a built page answers at: dist/academy/about/index.html is /academy/about (a rule's path matches it with or without the slash). */
const pagePath = (file: string) =>
  `/${relative(DIST, file)
    .split(sep)
    .join('/')
    .replace(/(^|\/)index\.html$/, '')}`.replace(/(.)\/$/, '$1');

/** The rewrites (status 200) of dist/_redirects to a built page: [from, to]. */
async function rewrites(): Promise<[string, string][]> {
  const lines = (await readFile(join(DIST, '_redirects'), 'utf8')).split('\n').map((line) => line.trim().split(/\s+/));
  return lines
    .filter(([from, to, status]) => from?.startsWith('/') && to?.endsWith('.html') && status === '200')
    .map(([from, to]) => [from!, to!]);
}

const STARTING = 'starting-content';
const SITE_PART = 'site';
/** The starting content's data (read by the build and the functions), not served as files. */
const DATA_FILE = /\.(json|ts|md)$/;
for (const part of await readdir(STARTING, { withFileTypes: true })) {
  if (!part.isDirectory()) continue;
  // The site's own files (the link preview's picture) live at its root, as crawlers ask for them.
  const target = part.name === SITE_PART ? DIST : join(DIST, 'starting', part.name);
  await mkdir(target, { recursive: true });
  for (const file of await readdir(join(STARTING, part.name), { withFileTypes: true })) {
    if (file.isFile() && !DATA_FILE.test(file.name))
      await copyFile(join(STARTING, part.name, file.name), join(target, file.name));
  }
}

const pages = (await htmlFiles(DIST)).sort();
// A status page moved or renamed would silently lose its Pay button's checkout: stop the build instead.
for (const page of PAY_PAGES) {
  if (!pages.includes(join(DIST, page, 'index.html')))
    throw new Error(`postbuild: ${page} (PAY_PAGES) is not a page of the build`);
}
const hashes = new Set<string>();
for (const file of pages) for (const h of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(h);

const scriptHashes = [...hashes].sort();
const payPolicy = cspString(scriptHashes, PAY_CSP_ADDITIONS);
const lines = [
  '/*',
  ...Object.entries(securityHeaders(scriptHashes, PAY_CSP_ADDITIONS)).map(([k, v]) => `  ${k}: ${v}`),
];
const policyOf = (path: string) => (PAY_PAGES.includes(path) ? payPolicy : cspString(scriptHashes));
for (const path of pages.map(pagePath)) lines.push('', path, `  Content-Security-Policy: ${policyOf(path)}`);
// A page that serves other addresses (a rewrite in _redirects, e.g. every /admin/enquiry/details/{id}):
// its policy for those addresses and for the file they are rewritten to, whichever one a CDN matches.
for (const [from, to] of await rewrites()) {
  const path = pagePath(join(DIST, to));
  for (const address of [from, to]) lines.push('', address, `  Content-Security-Policy: ${policyOf(path)}`);
}
lines.push('', '/_astro/*', '  Cache-Control: public, max-age=31536000, immutable');
// The database pages' shells (src/server/public-page.ts) are read by their functions, not by people or search engines.
for (const shell of ['/page-shells/*', '/hi/page-shells/*']) lines.push('', shell, '  X-Robots-Tag: noindex');
for (const page of LANGUAGE_DEPENDENT_PAGES)
  lines.push('', page, ...Object.entries(LANGUAGE_DEPENDENT_HEADERS).map(([k, v]) => `  ${k}: ${v}`));
await writeFile(join(DIST, '_headers'), lines.join('\n') + '\n');
console.log(`postbuild: wrote ${DIST}/_headers (${hashes.size} inline script hashes)`);
