/**
 * GET /notices/feed.xml and /hi/notices/feed.xml: the current notices as an Atom feed in each
 * language, so a parent's feed reader, or another site, follows them. Each entry links the notice's
 * page in the feed's language and carries its words in that language where the notice has them
 * (else in the one it was written in), marked with xml:lang as the feed itself is; a notice's
 * attachment is the entry's enclosure (address, type and size). Cached like the pages
 * (PAGE_CDN_SECONDS on Netlify's CDN, purged with the notices' tag).
 *
 * Written with xmlbuilder2 (xml.server.ts), which escapes every text and attribute: the title and
 * the summary are plain text (type="text": a title "<script>" reads as those letters), the content is
 * the page's own sanitised HTML as escaped text (type="html"). Characters XML cannot carry are
 * dropped from every text staff typed (the schema refuses them; this is the wall for text stored
 * before it did).
 */
import { xmlDocument, type XmlElement } from '../../server/xml.ts';
import { PAGE_CDN_SECONDS } from '../../server/public-page.ts';
import { query } from '../../server/db.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { LANGUAGE_TAGS, fill, type Language } from '../../lib/i18n/index.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { STAFF_FILE_MIME } from '../../lib/staff-files.ts';
import { site } from '../../config/site.ts';
import { schoolInUse, schoolName, schoolShortName, type SchoolProfile } from '../../lib/school-profile.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { textsFor, type Notice } from './notice.ts';
import { withoutControlCharacters } from '../../lib/visible-text.ts';
import { excerpt, noticeText, renderNotice } from './markdown.server.ts';
import { CURRENT, NOTICES_TAG, NOTICE_SELECT, PUBLIC_ORDER, noticeJson } from './notices.server.ts';
import { FEED_PATH, NOTICES_PATH } from './notice-pages.server.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
/** How many notices a feed carries: the newest (pinned first), as a reader shows them. */
const FEED_ENTRIES = 50;

const absolute = (path: string) => new URL(path, site.url).toString();

/** A plain text element (type="text") of words staff may have typed. */
const text = (parent: XmlElement, name: string, value: string) =>
  parent.add(name, { type: 'text' }, withoutControlCharacters(value));

/** The Atom document of `notices` in `lang`: the feed's words in it, each notice's own where it has them; the school named as its profile has it. */
export function noticesFeed(notices: readonly Notice[], lang: Language, school: SchoolProfile = schoolInUse()): string {
  const updated = notices.reduce(
    (latest, n) => (n.updatedAt > latest ? n.updatedAt : latest),
    '1970-01-01T00:00:00.000Z',
  );
  const page = absolute(pathIn(lang, NOTICES_PATH));
  const doc = xmlDocument(ATOM, 'feed');
  const feed = doc.root.lang(LANGUAGE_TAGS[lang]);
  feed.add('id', {}, page);
  text(feed, 'title', fill(lang, 'notices.feedTitle', { school: schoolShortName(school, lang) }));
  text(feed, 'subtitle', fill(lang, 'notices.description'));
  feed.add('updated', {}, new Date(updated).toISOString());
  feed.add('link', { rel: 'alternate', type: 'text/html', href: page });
  feed.add('link', { rel: 'self', type: 'application/atom+xml', href: absolute(pathIn(lang, FEED_PATH)) });
  const author = feed.add('author');
  author.add('name', {}, schoolName(school, lang));
  author.add('uri', {}, site.url);
  feed.add('rights', {}, schoolName(school, lang));
  for (const notice of notices) {
    const words = textsFor(notice, lang);
    const address = absolute(pathIn(lang, notice.url));
    const entry = feed.add('entry').lang(LANGUAGE_TAGS[words.language]);
    entry.add('id', {}, address);
    text(entry, 'title', words.title);
    entry.add('link', { rel: 'alternate', type: 'text/html', href: address });
    const file = notice.attachment;
    if (file)
      entry.add('link', {
        rel: 'enclosure',
        href: absolute(file.url),
        type: STAFF_FILE_MIME[file.type],
        length: String(file.size),
        title: withoutControlCharacters(file.name),
      });
    entry.add('published', {}, new Date(`${notice.publishOn}T00:00:00+05:30`).toISOString());
    entry.add('updated', {}, new Date(notice.updatedAt).toISOString());
    text(entry, 'summary', excerpt(noticeText(words.body), 200));
    entry.add('content', { type: 'html' }, renderNotice(withoutControlCharacters(words.body, true)));
  }
  return doc.end();
}

/** The feed of the notices current today, in the language of the address asked (/hi/notices/feed.xml: Hindi). */
export async function noticesFeedResponse(req: Request): Promise<Response> {
  const lang: Language = new URL(req.url).pathname.startsWith('/hi/') ? 'hi' : 'en';
  const [rows, school] = await Promise.all([
    query(`${NOTICE_SELECT} WHERE ${CURRENT} ${PUBLIC_ORDER} LIMIT ${FEED_ENTRIES}`, [dateInIndia()]),
    schoolProfile(),
  ]);
  return new Response(noticesFeed(rows.map(noticeJson), lang, school), {
    headers: {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${PAGE_CDN_SECONDS}`,
      'Netlify-Cache-Tag': NOTICES_TAG,
    },
  });
}
