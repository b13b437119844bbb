/**
 * GET /notices/feed.xml: the current notices as an Atom feed (built with `feed`), so a parent's
 * feed reader, or another site, follows them. Each entry links the notice's page and carries its
 * sanitised text in the notice's own language. Cached like the pages (PAGE_CDN_SECONDS on
 * Netlify's CDN, purged with the notices' tag).
 *
 * `feed` marks an entry's title, summary and content type="html" and puts them in CDATA as given,
 * so each is handed over as HTML: the title and the summary are plain text escaped (a title
 * "<script>" reads as those letters, and no text can close the CDATA, which needs a ">"), the
 * content is the page's own sanitised HTML. Characters XML cannot carry are dropped from all three
 * (the schema refuses them; this is the wall for text stored before it did).
 */
import { Feed } from 'feed';
import { PAGE_CDN_SECONDS } from '../../server/public-page.ts';
import { query } from '../../server/db.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { fill } from '../../lib/i18n/index.ts';
import { site } from '../../config/site.ts';
import { wordsFor, type Notice } from './notice.ts';
import { escapeHtml } from '../../server/escape-html.ts';
import { withoutControlCharacters } from '../../lib/visible-text.ts';
import { excerpt, noticeText, renderNotice } from './markdown.server.ts';
import { CURRENT, NOTICES_TAG, NOTICE_SELECT, PUBLIC_ORDER, noticeJson } from './notices.server.ts';
import { FEED_PATH, NOTICES_PATH } from './notice-pages.server.ts';

const absolute = (path: string) => new URL(path, site.url).toString();

/** Plain text as an Atom type="html" value. */
const textAsHtml = (text: string) => escapeHtml(withoutControlCharacters(text));

/** The Atom document of `notices` (the English site's; a notice in Hindi only is in Hindi). */
export function noticesFeed(notices: readonly Notice[]): string {
  const updated = notices.reduce((latest, n) => (n.updatedAt > latest ? n.updatedAt : latest), '1970-01-01T00:00:00.000Z');
  const feed = new Feed({
    title: fill('en', 'notices.feedTitle', { school: site.contact.shortName }),
    description: fill('en', 'notices.description'),
    id: absolute(NOTICES_PATH),
    link: absolute(NOTICES_PATH),
    language: 'en-IN',
    updated: new Date(updated),
    feedLinks: { atom: absolute(FEED_PATH) },
    copyright: site.contact.name,
    author: { name: site.contact.name, link: site.url },
  });
  for (const notice of notices) {
    const words = wordsFor(notice, 'en');
    feed.addItem({
      title: textAsHtml(words.title),
      id: absolute(notice.url),
      link: absolute(notice.url),
      description: textAsHtml(excerpt(noticeText(words.body), 200)),
      content: renderNotice(withoutControlCharacters(words.body, true)),
      date: new Date(notice.updatedAt),
      published: new Date(`${notice.publishOn}T00:00:00+05:30`),
    });
  }
  return feed.atom1();
}

export async function noticesFeedResponse(): Promise<Response> {
  const rows = await query(`${NOTICE_SELECT} WHERE ${CURRENT} ${PUBLIC_ORDER} LIMIT 50`, [dateInIndia()]);
  return new Response(noticesFeed(rows.map(noticeJson)), {
    headers: {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${PAGE_CDN_SECONDS}`,
      'Netlify-Cache-Tag': NOTICES_TAG,
    },
  });
}
