/**
 * Writes dist/_headers: the security headers of src/server/security-headers.ts for every page,
 * with the SHA-256 of each inline script the build produced (Astro's island loader) in script-src,
 * so the CSP needs no 'unsafe-inline' for scripts; and the caching headers of the pages whose
 * answer depends on the nf_lang cookie. The status pages that offer Pay get Razorpay's hosts added.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGE_DEPENDENT_HEADERS, LANGUAGE_DEPENDENT_PAGES, PAY_CSP_ADDITIONS, PAY_PAGES, cspString, securityHeaders } from '../src/server/security-headers.ts';
import { inlineScriptHashes } from '../src/server/csp-hashes.ts';

const DIST = process.argv[2] ?? 'dist';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

const pages = await htmlFiles(DIST);
// A status page moved or renamed would silently lose its Pay button's checkout: stop the build instead.
for (const page of PAY_PAGES) {
  if (!pages.includes(join(DIST, page, 'index.html'))) throw new Error(`postbuild: ${page} (PAY_PAGES) is not a page of the build`);
}
const hashes = new Set<string>();
for (const file of pages) for (const h of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(h);

const scriptHashes = [...hashes].sort();
const lines = ['/*', ...Object.entries(securityHeaders(scriptHashes)).map(([k, v]) => `  ${k}: ${v}`)];
// The pages with the Pay button also let Razorpay's checkout in. A later rule's header replaces an
// earlier one's for the same path (Netlify's rule; @netlify/headers does the same locally).
for (const page of PAY_PAGES) lines.push('', page, `  Content-Security-Policy: ${cspString(scriptHashes, PAY_CSP_ADDITIONS)}`);
lines.push('', '/_astro/*', '  Cache-Control: public, max-age=31536000, immutable');
// The database pages' shells (src/server/public-page.ts) are read by their functions, not by people or search engines.
for (const shell of ['/page-shells/*', '/hi/page-shells/*']) lines.push('', shell, '  X-Robots-Tag: noindex');
for (const page of LANGUAGE_DEPENDENT_PAGES) lines.push('', page, ...Object.entries(LANGUAGE_DEPENDENT_HEADERS).map(([k, v]) => `  ${k}: ${v}`));
await writeFile(join(DIST, '_headers'), lines.join('\n') + '\n');
console.log(`postbuild: wrote ${DIST}/_headers (${hashes.size} inline script hashes)`);
