/**
 * The site as an outside link checker walks it: linkinator, in one crawl from `/` and `/hi/` over the
 * running test runtime (the built pages and the pages functions draw from the database), checks every
 * link, image, script, stylesheet, canonical and hreflang address, Open Graph URL and JSON-LD address
 * of every page it reaches, the language switches and the calendar's months included.
 *
 * The pages name their own addresses on the production origin (canonical, hreflang, og:url, og:image,
 * JSON-LD): each must be an address the crawl found answering on this runtime, or answer when asked
 * here after it (not fetched twice: that doubled the crawl). Left unchecked are only what no crawl of
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
const production = new URL(site.url).origin;

const OPTIONS: Omit<CheckOptions, 'path'> = {
  // Two cores shared with the runtime and three other test files.
  concurrency: 4,
  timeout: 60_000,
  retryErrors: true,
  retryErrorsCount: 2,
  retryErrorsJitter: 500,
  // This runtime's addresses only; the production origin's are checked below against what the crawl found.
  linksToSkip: async (link) => new URL(link).origin !== origin,
};

const local = (url: string) => url.replace(origin, '');
/** An address as the crawl met it, for comparing: no query, fragment or final slash (a page answers with and without it). */
const address = (path: string) => path.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');

describe('linkinator over / and /hi/', () => {
  it('finds no broken link; what it leaves unchecked is only other hosts and tel:/mailto:', async () => {
    const started = performance.now();
    const crawl = await new LinkChecker().check({ ...OPTIONS, path: [`${origin}/`, `${origin}/hi/`], recurse: true });
    const broken = crawl.links.filter((l) => l.state === LinkState.BROKEN);
    // Checked again from their pages as they are now (a notice another file took down meanwhile is no longer linked).
    const parents = [...new Set(broken.map((l) => l.parent).filter((p): p is string => !!p))];
    const again: LinkResult[] = parents.length
      ? (await new LinkChecker().check({ ...OPTIONS, path: parents, recurse: false })).links
      : [];
    const stillBroken = again
      .filter((l) => l.state === LinkState.BROKEN && l.parent)
      .map((l) => `${l.status} ${local(l.url)} on ${local(l.parent!)}`);

    const pages = new Set(
      crawl.links.filter((l) => l.state === LinkState.OK && l.url.startsWith(origin)).map((l) => address(local(l.url))),
    );
    const months = [...pages].filter((p) => /^(\/hi)?\/calendar\/\d{4}-\d{2}$/.test(p));
    const skipped = [...new Set(crawl.links.filter((l) => l.state === LinkState.SKIPPED).map((l) => l.url))];
    // The pages' own addresses on the production origin (canonical, hreflang, og:url, og:image, JSON-LD): each is
    // an address the crawl found answering here, or is asked here now. Fetched twice they would double the crawl.
    const onProduction = skipped.filter((url) => url.startsWith(`${production}/`) || url === production);
    const asked: string[] = [];
    const productionBroken: string[] = [];
    for (const url of onProduction) {
      const path = url.slice(production.length) || '/';
      if (pages.has(address(path))) continue;
      asked.push(path);
      const res = await fetch(new URL(path, origin));
      await res.arrayBuffer();
      if (!res.ok) productionBroken.push(`${res.status} ${url}`);
    }
    const unchecked = skipped.filter((url) => !onProduction.includes(url));
    const count = (state: LinkState) => crawl.links.filter((l) => l.state === state).length;
    console.log(
      `linkinator: ${crawl.links.length} links: ${count(LinkState.OK)} OK, ${broken.length} broken (${stillBroken.length} still broken from their pages), ${count(LinkState.SKIPPED)} not crawled ` +
        `(${onProduction.length} distinct on the production origin: ${onProduction.length - asked.length} found by the crawl, ${asked.length} asked, ${productionBroken.length} broken; ` +
        `${unchecked.length} distinct left unchecked: other hosts, tel:, mailto:); ${pages.size} addresses of this runtime, ${months.length} of them calendar months; ` +
        `${Math.round((performance.now() - started) / 1000)} s`,
    );
    expect(stillBroken).toEqual([]);
    expect(productionBroken).toEqual([]);
    for (const url of unchecked) {
      const { protocol, origin: host } = new URL(url);
      expect(
        protocol === 'tel:' ||
          protocol === 'mailto:' ||
          ((protocol === 'https:' || protocol === 'http:') && host !== origin && host !== production),
        url,
      ).toBe(true);
    }
    // The crawl reached both languages, the pages functions draw and the staff's screens (the hidden admin menu).
    for (const path of [
      '/',
      '/hi',
      '/notices',
      '/hi/notices',
      '/calendar',
      '/hi/calendar',
      '/academy/mandatory-disclosure',
      '/hi/press/coverage',
      '/admin/enquiry/panel',
    ])
      expect(pages, path).toContain(path);
    // The calendar's months are the school's (the session and the months with events, a year either side), not 2000 to 2100.
    expect(months.length).toBeGreaterThanOrEqual(2 * 12);
    expect(months.length).toBeLessThan(400);
  }, 600_000);
});
