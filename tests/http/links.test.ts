/**
 * The site as an outside link checker walks it: linkinator, in one crawl from `/` and `/hi/` over the
 * running test runtime (the built pages and the pages functions draw from the database), checks every
 * link, image, script, stylesheet, canonical and hreflang address, Open Graph URL and JSON-LD address
 * of every page it reaches, the language switches and the calendar's months included.
 *
 * The pages name their own addresses on the production origin (canonical, hreflang, og:url): those
 * are rewritten to this runtime and checked like the rest. Left unchecked are only what no crawl of
 * this runtime can check, and they are counted apart, never as passing: links to other hosts (the
 * school's social profiles, WhatsApp, OpenStreetMap) and tel:/mailto: links.
 *
 * Other files change notices and events while this runs; a link that fails is checked again from its
 * page as that page is now, and only a link a page still has that still fails counts.
 */
import { LinkChecker, LinkState, type CheckOptions, type LinkResult } from 'linkinator';
import { describe, expect, it } from 'vitest';
import { baseURL } from '../support/api.ts';
import { site } from '../../src/config/site.ts';

const origin = new URL(baseURL()).origin;
const checked = new Set([origin, new URL(site.url).origin]);

const OPTIONS: Omit<CheckOptions, 'path'> = {
  // Two cores shared with the runtime and three other test files.
  concurrency: 4,
  timeout: 60_000,
  retryErrors: true,
  retryErrorsCount: 2,
  retryErrorsJitter: 500,
  urlRewriteExpressions: [{ pattern: new RegExp(`^${new URL(site.url).origin.replace(/\./g, '\\.')}(?=/|$)`), replacement: origin }],
  // Seen before the rewrite: the production origin is this runtime's, checked, not skipped.
  linksToSkip: async (link) => !checked.has(new URL(link).origin),
};

const local = (url: string) => url.replace(origin, '');

describe('linkinator over / and /hi/', () => {
  it('finds no broken link; what it leaves unchecked is only other hosts and tel:/mailto:', async () => {
    const started = performance.now();
    const crawl = await new LinkChecker().check({ ...OPTIONS, path: [`${origin}/`, `${origin}/hi/`], recurse: true });
    const broken = crawl.links.filter((l) => l.state === LinkState.BROKEN);
    // Checked again from their pages as they are now (a notice another file took down meanwhile is no longer linked).
    const parents = [...new Set(broken.map((l) => l.parent).filter((p): p is string => !!p))];
    const again: LinkResult[] = parents.length ? (await new LinkChecker().check({ ...OPTIONS, path: parents, recurse: false })).links : [];
    const stillBroken = again.filter((l) => l.state === LinkState.BROKEN && l.parent).map((l) => `${l.status} ${local(l.url)} on ${local(l.parent!)}`);

    const skipped = [...new Set(crawl.links.filter((l) => l.state === LinkState.SKIPPED).map((l) => l.url))];
    const pages = new Set(crawl.links.filter((l) => l.state === LinkState.OK && l.url.startsWith(origin)).map((l) => local(l.url).replace(/[?#].*$/, '').replace(/\/$/, '')));
    const months = [...pages].filter((p) => /^(\/hi)?\/calendar\/\d{4}-\d{2}$/.test(p));
    const count = (state: LinkState) => crawl.links.filter((l) => l.state === state).length;
    console.log(
      `linkinator: ${crawl.links.length} links: ${count(LinkState.OK)} OK, ${broken.length} broken (${stillBroken.length} still broken from their pages), ${count(LinkState.SKIPPED)} unchecked ` +
        `(${skipped.length} distinct: other hosts, tel:, mailto:); ${pages.size} addresses of this runtime, ${months.length} of them calendar months; ` +
        `${crawl.links.filter((l) => l.url.startsWith(site.url)).length} on the production origin; ${Math.round((performance.now() - started) / 1000)} s`,
    );
    expect(stillBroken).toEqual([]);
    for (const url of skipped) {
      const { protocol, origin: host } = new URL(url);
      expect(protocol === 'tel:' || protocol === 'mailto:' || ((protocol === 'https:' || protocol === 'http:') && !checked.has(host)), url).toBe(true);
    }
    // The crawl reached both languages, the pages functions draw and the staff's screens (the hidden admin menu).
    for (const path of ['', '/hi', '/notices', '/hi/notices', '/calendar', '/hi/calendar', '/academy/mandatory-disclosure', '/hi/press/coverage', '/admin/enquiry/panel']) expect(pages, path).toContain(path);
    // The calendar's months are the school's (the session and the months with events, a year either side), not 2000 to 2100.
    expect(months.length).toBeGreaterThanOrEqual(2 * 12);
    expect(months.length).toBeLessThan(400);
  }, 600_000);
});
