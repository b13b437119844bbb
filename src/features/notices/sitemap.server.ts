/**
 * GET /notices/sitemap.xml: the pages of the notices for search engines, drawn from the database
 * (they have no built file for the site's own sitemap to find): each published notice's page and
 * each month that had notices, in both languages, with their hreflang alternates as the built
 * pages' sitemap writes them. The site's sitemap index (astro.config.mjs, also at /sitemap.xml)
 * names this one. A scheduled notice is left out until its publish date, as its page is.
 */
import { query } from '../../server/db.ts';
import { xmlDocument } from '../../server/xml.ts';
import { PAGE_CDN_SECONDS } from '../../server/public-page.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { LANGUAGES, LANGUAGE_TAGS, type Language } from '../../lib/i18n/index.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { site } from '../../config/site.ts';
import { noticePath } from './notice.ts';
import { NOTICES_TAG } from './notices.server.ts';
import { archivePath, noticeMonths } from './notice-pages.server.ts';

const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
/**
 * A sitemap holds at most 50,000 addresses: each notice takes two (English and Hindi), and the
 * months fewer than a thousand in a school's lifetime. The newest notices are kept past that.
 */
const MAX_NOTICES = 24_000;

/** A page of the sitemap: its English path and when it last changed (YYYY-MM-DD), if known. */
export interface SitemapPage {
  path: string;
  lastmod?: string;
}

/** The urlset of `pages`, each in both languages with the alternates of both. */
export function sitemapXml(pages: readonly SitemapPage[]): string {
  const doc = xmlDocument(SITEMAP, 'urlset', { xhtml: XHTML });
  for (const page of pages) {
    const address = (language: Language) => new URL(`${pathIn(language, page.path)}/`, site.url).toString();
    for (const language of LANGUAGES) {
      const url = doc.root.add('url');
      url.add('loc', {}, address(language));
      if (page.lastmod) url.add('lastmod', {}, page.lastmod);
      for (const other of LANGUAGES)
        url.add(
          'xhtml:link',
          { rel: 'alternate', hreflang: LANGUAGE_TAGS[other], href: address(other) },
          undefined,
          XHTML,
        );
    }
  }
  return doc.end();
}

export async function noticesSitemapResponse(): Promise<Response> {
  const today = dateInIndia();
  const [notices, months] = await Promise.all([
    query(
      `SELECT slug, to_char(publish_on, 'YYYY-MM-DD') AS publish_on, updated_at FROM notices WHERE publish_on <= $1 ORDER BY publish_on DESC, created_at DESC LIMIT ${MAX_NOTICES}`,
      [today],
    ),
    noticeMonths(today),
  ]);
  // A notice changed before its publish date is new on the site on that date.
  const lastmod = (publishOn: string, updatedAt: Date) => [publishOn, dateInIndia(updatedAt)].sort().at(-1)!;
  const pages: SitemapPage[] = [
    ...notices.map((n) => ({
      path: noticePath(String(n.slug)),
      lastmod: lastmod(String(n.publish_on), new Date(n.updated_at as string | Date)),
    })),
    ...months.map((m) => ({ path: archivePath(m.month) })),
  ];
  return new Response(sitemapXml(pages), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${PAGE_CDN_SECONDS}`,
      'Netlify-Cache-Tag': NOTICES_TAG,
    },
  });
}
