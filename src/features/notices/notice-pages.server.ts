/**
 * The public notice pages, drawn on the server into the site's shell (src/server/public-page.ts),
 * so their words are in the HTML they are served with and they carry no framework script:
 *
 * - /notices and /hi/notices: the current notices, pinned first, then the months that had notices;
 * - /notices/archive/YYYY-MM: the notices published that month, expired ones included;
 * - /notices/<slug>: one notice, with Open Graph tags (og:type article, its text as description);
 * - /notices/feed.xml and /hi/notices/feed.xml: the Atom feed of each language (feed.server.ts), which
 *   every notice page's head names; /notices/sitemap.xml: the pages for search engines (sitemap.server.ts).
 *
 * A notice written in one language shows in that language on both sites, marked with its `lang`,
 * under a line in the page's language saying so. A notice is public from its publish date; after
 * its expiry date it leaves the current list and the home page but keeps its page and its month.
 * The renderers are pure (data in, HTML out); the handlers below read the database.
 */
import type { RouteContext } from '../../server/http.ts';
import { query } from '../../server/db.ts';
import { html, langAttribute, raw, type Html } from '../../server/public-page.ts';
import { publicPage } from '../site/public-page.server.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { formatBytes } from '../../lib/format.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';
import { navIn, navigation } from '../site/navigation.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { site } from '../../config/site.ts';
import { schoolInUse, schoolShortName, type SchoolProfile } from '../../lib/school-profile.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { isNoticeSlug, textsFor, type Notice } from './notice.ts';
import { excerpt, noticeText, renderNotice } from './markdown.server.ts';
import { CURRENT, NOTICES_TAG, NOTICE_SELECT, PUBLIC_ORDER, noticeJson } from './notices.server.ts';

export const NOTICES_PATH = '/notices';
export const FEED_PATH = '/notices/feed.xml';
export const archivePath = (month: string) => `/notices/archive/${month}`;

/** A month's notices: how many were published in it (YYYY-MM). */
export interface NoticeMonth {
  month: string;
  count: number;
}

// ---------------------------------------------------------------------------------------------
// Words and dates

const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) formats.set(key, (made = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'UTC' })));
  return made;
}

/** A calendar date as a parent reads it: "26 November 2026", "26 नवंबर 2026". */
export const longDate = (lang: Language, date: string) =>
  format(lang, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));

/** A month (YYYY-MM): "November 2026", "नवंबर 2026". */
export const monthName = (lang: Language, month: string) =>
  format(lang, { month: 'long', year: 'numeric' }).format(new Date(`${month}-01T00:00:00Z`));

const link = (lang: Language, path: string) => pathIn(lang, path);

// ---------------------------------------------------------------------------------------------
// Pieces

function crumbs(lang: Language, current?: string): Html {
  const start = navIn(lang, navigation[0]!);
  const home = html`<li><a href="${start.href}">${start.label}</a></li>`;
  const notices = current
    ? html`<li><a href="${link(lang, NOTICES_PATH)}">${fill(lang, 'notices.title')}</a></li><li><span aria-current="page">${current}</span></li>`
    : html`<li><span aria-current="page">${fill(lang, 'notices.title')}</span></li>`;
  return html`<nav class="breadcrumbs" aria-label="${fill(lang, 'site.breadcrumb')}"><ol>${home}${notices}</ol></nav>`;
}

function meta(lang: Language, notice: Notice, today: string): Html {
  const expired = notice.expiresOn !== null && notice.expiresOn < today;
  return html`<p class="notice-meta">${notice.pinned && !expired ? html`<span class="notice-badge">${fill(lang, 'notices.pinned')}</span> ` : ''}<time datetime="${notice.publishOn}">${fill(lang, 'notices.published', { date: longDate(lang, notice.publishOn) })}</time>${
    notice.expiresOn && !expired
      ? html` · ${fill(lang, 'notices.validUntil', { date: longDate(lang, notice.expiresOn) })}`
      : ''
  }</p>`;
}

/** One notice in a list: its title linking to its page, its date and the start of its text. */
function listItem(lang: Language, notice: Notice, today: string, heading: 'h2' | 'h3'): Html {
  const words = textsFor(notice, lang);
  const own = langAttribute(words.language, lang);
  const title = html`<a href="${link(lang, notice.url)}"${own}>${words.title}</a>`;
  return html`<li class="notice-item${notice.pinned ? ' notice-item--pinned' : ''}">${heading === 'h2' ? html`<h2>${title}</h2>` : html`<h3>${title}</h3>`}${meta(lang, notice, today)}<p class="notice-excerpt"${own}>${excerpt(noticeText(words.body), 200)}</p></li>`;
}

function feedLink(lang: Language): Html {
  return html`<p class="notice-feed"><a href="${link(lang, FEED_PATH)}" type="application/atom+xml" hreflang="${lang}">${fill(lang, 'notices.feed')}</a></p>`;
}

/** The `<link rel="alternate">` of the page's language's Atom feed, for every notice page's head, the school's short name in that language. */
export function feedHead(lang: Language, school: SchoolProfile = schoolInUse()): Html {
  return html`<link rel="alternate" type="application/atom+xml" hreflang="${lang}" title="${fill(lang, 'notices.feedTitle', { school: schoolShortName(school, lang) })}" href="${link(lang, FEED_PATH)}">`;
}

// ---------------------------------------------------------------------------------------------
// Pages (pure)

/** /notices: the current notices, then the months. */
export function noticesIndexBody(
  lang: Language,
  current: readonly Notice[],
  months: readonly NoticeMonth[],
  today: string,
): Html {
  const list = current.length
    ? html`<ul class="notice-list" role="list">${current.map((n) => listItem(lang, n, today, 'h3'))}</ul>`
    : html`<p class="notice-empty">${fill(lang, 'notices.none')}</p>`;
  const archive = months.length
    ? html`<section class="section" aria-labelledby="notices-archive"><h2 id="notices-archive">${fill(lang, 'notices.archive')}</h2><ul class="notice-months">${months.map(
        (m) =>
          html`<li><a href="${link(lang, archivePath(m.month))}">${monthName(lang, m.month)}</a> (${m.count})</li>`,
      )}</ul></section>`
    : '';
  return html`${crumbs(lang)}<h1>${fill(lang, 'notices.title')}</h1><section aria-labelledby="notices-current"><h2 id="notices-current">${fill(lang, 'notices.current')}</h2>${list}</section>${archive}${feedLink(lang)}`;
}

/** /notices/archive/YYYY-MM: the month's notices. */
export function noticeArchiveBody(lang: Language, month: string, notices: readonly Notice[], today: string): Html {
  const name = monthName(lang, month);
  const heading = fill(lang, 'notices.archiveMonth', { month: name });
  const list = notices.length
    ? html`<ul class="notice-list" role="list">${notices.map((n) => listItem(lang, n, today, 'h2'))}</ul>`
    : html`<p class="notice-empty">${fill(lang, 'notices.archiveNone', { month: name })}</p>`;
  return html`${crumbs(lang, name)}<h1>${heading}</h1>${list}<p><a href="${link(lang, NOTICES_PATH)}">${fill(lang, 'notices.all')}</a></p>`;
}

function attachmentHtml(lang: Language, notice: Notice): Html | '' {
  const file = notice.attachment;
  if (!file) return '';
  const size = formatBytes(file.size);
  if (file.type === 'pdf') {
    return html`<p class="notice-attachment"><a href="${file.url}" type="application/pdf">${fill(lang, 'notices.attachmentPdf', { size })}</a></p>`;
  }
  return html`<figure class="notice-picture"><img src="${file.url}" alt="" loading="lazy" decoding="async"><figcaption><a href="${file.url}">${fill(lang, 'notices.attachmentImage', { size })}</a></figcaption></figure>`;
}

/** The WhatsApp share of a notice: its title and its page in the page's language. */
function shareLink(lang: Language, title: string, notice: Notice): Html {
  const url = new URL(link(lang, notice.url), site.url).toString();
  const href = `https://wa.me/?text=${encodeURIComponent(`${title}\n${url}`)}`;
  return html`<a class="button button-light" href="${href}" rel="noopener">${fill(lang, 'notices.share')}</a>`;
}

/** /notices/<slug>: one notice in full. */
export function noticeBody(lang: Language, notice: Notice, today: string): Html {
  const words = textsFor(notice, lang);
  const own = langAttribute(words.language, lang);
  const other =
    words.language !== lang ? html`<p class="notice-note">${fill(lang, `notices.onlyIn.${words.language}`)}</p>` : '';
  const expired =
    notice.expiresOn !== null && notice.expiresOn < today
      ? html`<p class="notice-note">${fill(lang, 'notices.expired', { date: longDate(lang, notice.expiresOn) })}</p>`
      : '';
  return html`${crumbs(lang, words.title)}<article class="notice"><h1${own}>${words.title}</h1>${meta(lang, notice, today)}${other}${expired}<div class="notice-body prose"${own}>${raw(renderNotice(words.body))}</div>${attachmentHtml(lang, notice)}</article><p class="button-row">${shareLink(lang, words.title, notice)}<a class="button" href="${link(lang, NOTICES_PATH)}">${fill(lang, 'notices.all')}</a></p>`;
}

/** A notice that is not there (or not yet published). */
export function noticeMissingBody(lang: Language): Html {
  return html`${crumbs(lang, fill(lang, 'notices.notFoundTitle'))}<h1>${fill(lang, 'notices.notFoundTitle')}</h1><p>${fill(lang, 'notices.notFound')}</p><p><a class="button" href="${link(lang, NOTICES_PATH)}">${fill(lang, 'notices.all')}</a></p>`;
}

/** A notice's page title and description (og:title, og:description) in the notice's own words. */
export function noticeHead(notice: Notice, lang: Language): { title: string; description: string } {
  const words = textsFor(notice, lang);
  return { title: words.title, description: excerpt(noticeText(words.body), 200) || words.title };
}

// ---------------------------------------------------------------------------------------------
// Handlers

const languageOf = (req: Request): Language => (new URL(req.url).pathname.startsWith('/hi/') ? 'hi' : 'en');

const page = async (
  req: Request,
  lang: Language,
  fields: {
    path: string;
    title: string;
    description: string;
    body: Html;
    status?: number;
    ogType?: 'article';
    noindex?: boolean;
  },
) => publicPage(req, { lang, tags: [NOTICES_TAG], head: feedHead(lang, await schoolProfile()), ...fields });

/** The months that had published notices, newest first. */
export async function noticeMonths(today: string): Promise<NoticeMonth[]> {
  const rows = await query<{ month: string; count: string | number }>(
    `SELECT to_char(publish_on, 'YYYY-MM') AS month, count(*) AS count FROM notices WHERE publish_on <= $1 GROUP BY 1 ORDER BY 1 DESC`,
    [today],
  );
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

export async function noticesPage(req: Request): Promise<Response> {
  const lang = languageOf(req);
  const today = dateInIndia();
  const [rows, monthList] = await Promise.all([
    query(`${NOTICE_SELECT} WHERE ${CURRENT} ${PUBLIC_ORDER}`, [today]),
    noticeMonths(today),
  ]);
  return page(req, lang, {
    path: NOTICES_PATH,
    title: fill(lang, 'notices.title'),
    description: fill(lang, 'notices.description'),
    body: noticesIndexBody(lang, rows.map(noticeJson), monthList, today),
  });
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export async function noticeArchivePage(req: Request, ctx: RouteContext): Promise<Response> {
  const lang = languageOf(req);
  const month = ctx.params.month ?? '';
  if (!MONTH.test(month)) return missing(req, lang);
  const today = dateInIndia();
  const rows = await query(
    `${NOTICE_SELECT} WHERE n.publish_on <= $1 AND to_char(n.publish_on, 'YYYY-MM') = $2 ORDER BY n.publish_on DESC, n.created_at DESC, n.id DESC`,
    [today, month],
  );
  const name = monthName(lang, month);
  return page(req, lang, {
    path: archivePath(month),
    title: fill(lang, 'notices.archiveMonth', { month: name }),
    description: fill(lang, 'notices.archiveDescription', { month: name }),
    body: noticeArchiveBody(lang, month, rows.map(noticeJson), today),
    // A month without notices is a real page for a visitor who types it, but nothing for search engines (nothing links it).
    noindex: rows.length === 0,
  });
}

/**
 * A notice or month that is not there: a 404 page whose addresses (canonical, alternates, the
 * language switch) are the notices' list in each language, never the address typed, which has no
 * page in the other language either.
 */
function missing(req: Request, lang: Language): Promise<Response> {
  return page(req, lang, {
    path: NOTICES_PATH,
    title: fill(lang, 'notices.notFoundTitle'),
    description: fill(lang, 'notices.notFound'),
    body: noticeMissingBody(lang),
    status: 404,
  });
}

export async function noticePage(req: Request, ctx: RouteContext): Promise<Response> {
  const lang = languageOf(req);
  const slug = ctx.params.slug ?? '';
  if (!isNoticeSlug(slug)) return missing(req, lang);
  const today = dateInIndia();
  const rows = await query(`${NOTICE_SELECT} WHERE n.slug = $1 AND n.publish_on <= $2`, [slug, today]);
  if (!rows[0]) return missing(req, lang);
  const notice = noticeJson(rows[0]);
  return page(req, lang, {
    path: notice.url,
    ...noticeHead(notice, lang),
    ogType: 'article',
    body: noticeBody(lang, notice, today),
  });
}
