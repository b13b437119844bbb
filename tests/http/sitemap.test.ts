/**
 * The address crawlers try first, /sitemap.xml, answers with the built sitemap index (a rewrite of
 * dist/_redirects), which names the built pages' sitemap and the notices' sitemap drawn by their function
 * (what that one holds: tests/api/notices.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { parseSitemap } from '../support/sitemap.ts';

describe('/sitemap.xml', () => {
  it('answers the sitemap index, naming the pages and the notices', async () => {
    const index = await new ApiClient().request('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/xml/);
    const sitemaps = parseSitemap(await index.text());
    expect(sitemaps.kind).toBe('sitemapindex');
    expect(sitemaps.entries.map((e) => e.loc)).toEqual(
      expect.arrayContaining([
        'https://www.rmcpschool.in/sitemap-0.xml',
        'https://www.rmcpschool.in/notices/sitemap.xml',
      ]),
    );
  });
});
