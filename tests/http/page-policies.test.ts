/**
 * Each built page's Content-Security-Policy, as dist/_headers gives it: the status pages with the
 * Pay button let Razorpay's checkout in, every other page keeps the strict policy. Checked twice:
 * as the local runtime serves them (a later matching rule replaces an earlier one's header), and as
 * a CDN that joins the values of every matching rule would (a browser enforces each policy given):
 * either way a page must end with exactly its own policy.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PAY_CSP_ADDITIONS, PAY_PAGES, cspString } from '../../src/server/security-headers.ts';
import { inlineScriptHashes } from '../../src/server/csp-hashes.ts';

/** The build the runtime serves (tests/support/runtime.ts): TEST_DIST_DIR, else dist/. */
const DIST = resolve(import.meta.dirname, '../..', process.env.TEST_DIST_DIR ?? 'dist');

interface Rule {
  path: string;
  headers: [string, string][];
}

/** dist/_headers as rules: a path line, then its indented `Name: value` lines. */
async function headerRules(): Promise<Rule[]> {
  const rules: Rule[] = [];
  for (const line of (await readFile(join(DIST, '_headers'), 'utf8')).split('\n')) {
    if (line.startsWith('/')) rules.push({ path: line.trim(), headers: [] });
    else if (line.trim()) {
      const at = line.indexOf(':');
      rules.at(-1)!.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

/** A path without its last slash ('/' stays '/'). */
const bare = (path: string) => path.replace(/(.)\/$/, '$1');

/** Whether a rule's path takes `path`: `/x/*` everything under /x, any other path itself, with or without the slash. */
const takes = (rule: string, path: string) =>
  rule.endsWith('/*') ? `${path}/`.startsWith(rule.slice(0, -1)) : bare(rule) === bare(path);

/** The built pages' addresses and the policy each should carry. */
async function pages(): Promise<{ path: string; policy: string }[]> {
  const files = (await readdir(DIST, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
  const hashes = new Set<string>();
  for (const file of files) for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
  const sorted = [...hashes].sort();
  const policyOf = (path: string) =>
    PAY_PAGES.includes(path) ? cspString(sorted, PAY_CSP_ADDITIONS) : cspString(sorted);
  const pathOf = (file: string) =>
    bare(
      `/${relative(DIST, file)
        .split(sep)
        .join('/')
        .replace(/(^|\/)index\.html$/, '')}`,
    );
  const built = files.map((file) => ({ path: pathOf(file), policy: policyOf(pathOf(file)) }));
  // A page a rewrite serves at other addresses (every /admin/enquiry/details/{id}): one of those, and the file itself.
  const redirects = (await readFile(join(DIST, '_redirects'), 'utf8'))
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  for (const [from, to, status] of redirects) {
    if (!from?.startsWith('/') || !to?.endsWith('.html') || status !== '200') continue;
    const policy = policyOf(pathOf(join(DIST, to)));
    built.push({ path: from.replace('*', '0b7d0c39-8f7e-4c59-9a3e-2f0f4f1c1a2b'), policy }, { path: to, policy });
  }
  return built;
}

describe("the pages' Content-Security-Policy", () => {
  it('as the file gives it, whether a CDN replaces or joins matching rules: each page ends with its own policy', async () => {
    const [rules, built] = await Promise.all([headerRules(), pages()]);
    expect(built.length).toBeGreaterThan(50);
    expect(built.map((p) => p.path)).toContain('/admin/enquiry/details/0b7d0c39-8f7e-4c59-9a3e-2f0f4f1c1a2b');
    for (const pay of PAY_PAGES) expect(built.map((p) => p.path)).toContain(pay);
    const payPolicy = built.find((p) => PAY_PAGES.includes(p.path))!.policy;
    for (const { path, policy } of built) {
      const given = rules
        .filter((r) => takes(r.path, path))
        .flatMap((r) => r.headers.filter(([name]) => name === 'Content-Security-Policy').map(([, value]) => value));
      // Replaced: the last rule's value.
      expect(given.at(-1), path).toBe(policy);
      // Joined: every value is the page's own or the Pay pages' (which allows all the page's own does), so the browser enforces the page's own.
      expect(
        given.every((value) => value === policy || value === payPolicy),
        path,
      ).toBe(true);
      if (PAY_PAGES.includes(path)) expect(new Set(given), path).toEqual(new Set([payPolicy]));
    }
  });

  it("as the local runtime serves them: the status pages with Razorpay's hosts, every other page strict, an unknown path a policy too", async () => {
    const built = await pages();
    const base = inject('baseURL');
    for (const { path, policy } of built) {
      const res = await fetch(new URL(path, base), { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toBe(policy);
      expect(policy.includes('razorpay'), path).toBe(PAY_PAGES.includes(path));
    }
    const unknown = await fetch(new URL('/no-such-page-here', base));
    expect(unknown.status).toBe(404);
    // The 404 page's own rule here; a CDN matching the address instead gives it the site-wide rule's.
    expect(unknown.headers.get('content-security-policy')).toMatch(
      /object-src 'none'; base-uri 'none'; form-action 'self'( https:\/\/api\.razorpay\.com)?; frame-ancestors 'none'$/,
    );
  });
});
