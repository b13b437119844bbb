/**
 * The content pages, drawn from the pages' store (pages.server.ts) into the site's shell
 * (src/server/public-page.ts): the words are in the HTML they are served with, the pictures go
 * through the Image CDN (src/features/pictures/pictures.server.ts), and the page carries no more
 * script than the shell's own. Each answer is kept by Netlify's CDN under PAGES_TAG and its page's
 * own tag, purged when the office saves (pages.server.ts).
 *
 * - an information page: heading, lead, picture, facts, text, cards, photos; a section's first
 *   page lists the pages under it (the menu's tree), leaving out the hidden ones; a message page
 *   ends with its signature (the person's name over the role) and shows the person's photo;
 * - the home page (its own shell, with the enquiry pop-up): hero, figures, the latest notices,
 *   about, mission, accreditation; it sends a visitor who chose Hindi (the nf_lang cookie, else the
 *   browser's language) to /hi/, as Netlify's Language redirect did for the static home, since a
 *   function's path is answered before Netlify's redirects;
 * - a hidden page, or an address under a section that is no page: the site's not-found page of
 *   the address's language, status 404;
 * - /sitemap-pages.xml: the pages that are not hidden, both languages, for search engines.
 */
import { html, raw, cachedOnCdn, type Html } from '../../server/public-page.ts';
import { publicPage } from '../site/public-page.server.ts';
import { breadcrumbs } from '../site/breadcrumbs.ts';
import { inlineScriptHashes } from '../../server/csp-hashes.ts';
import { LANGUAGE_DEPENDENT_HEADERS, securityHeaders } from '../../server/security-headers.ts';
import { readCookie } from '../../server/auth.ts';
import { navIn, findNav, type NavLink } from '../site/navigation.ts';
import { LANGUAGES, LANGUAGE_TAGS, fill, type Language } from '../../lib/i18n/index.ts';
import { languageCookie, languageOfPath, pathIn } from '../../lib/language-paths.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { yearsOfExcellence } from '../../lib/years.ts';
import { loadPictures, pictureImg, type PictureInfo } from '../pictures/pictures.server.ts';
import type { PlacedPicture } from '../pictures/picture.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { schoolStructuredData } from '../../lib/school-profile.ts';
import { NOTICES_TAG, currentNotices } from '../notices/notices.server.ts';
import { longDate } from '../notices/notice-pages.server.ts';
import { textsFor, type Notice } from '../notices/notice.ts';
import { xmlDocument } from '../../server/xml.ts';
import { PAGES_TAG, pageStates, pageTag, placedPictures, type PageState } from './pages.server.ts';
import { isUnsigned, type PageCard, type PageContent } from './page.ts';
import { renderPageMarkdown } from './page-markdown.server.ts';
import { site } from '../../config/site.ts';

/** What a page's drawing needs besides its own content: the pictures, and every page (the cards of a section list them). */
interface Context {
  lang: Language;
  pictures: Map<string, PictureInfo>;
  states: Map<string, PageState>;
}

const isHidden = (ctx: Context, href: string) => ctx.states.get(href)?.hidden === true;

function picture(
  ctx: Context,
  placed: PlacedPicture | null | undefined,
  opts: { sizes: string; widths?: number[]; eager?: boolean; className?: string },
): Html {
  if (!placed) return html``;
  const info = ctx.pictures.get(placed.picture);
  // A small picture (a seal, a logo) is drawn at its own size, not stretched across a card.
  const small = info && info.width <= 256;
  return pictureImg(
    info,
    placed.alt[ctx.lang],
    small ? { ...opts, sizes: '96px', widths: [96, 192], className: 'seal' } : opts,
  );
}

/** Plain text: an empty line starts a new paragraph. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p}</p>`);

const prose = (markdown: string) =>
  markdown ? html`<div class="prose">${raw(renderPageMarkdown(markdown))}</div>` : html``;

// ---------------------------------------------------------------------------------------------
// Information pages

/** The cards of the pages under a section's first page, as the menu has them (hidden pages left out). */
function sectionCards(ctx: Context, node: NavLink): Html {
  const children = (node.children ?? []).filter((child) => !isHidden(ctx, child.href));
  const cards = children.map((child) => {
    const words = navIn(ctx.lang, child);
    const summary = ctx.states.get(child.href)?.content.summary[ctx.lang] || words.summary;
    const under = (child.children ?? []).filter((c) => !isHidden(ctx, c.href)).map((c) => navIn(ctx.lang, c).label);
    return html`<li class="card"><h3><a class="card-link" href="${words.href}">${words.label}</a></h3>${summary ? html`<p>${summary}</p>` : ''}${under.length ? html`<p class="meta">${under.join(' · ')}</p>` : ''}</li>`;
  });
  return html`<ul class="grid grid-3 card-list" role="list">${cards}</ul>`;
}

function card(ctx: Context, item: PageCard, level: 'h2' | 'h3'): Html {
  const title = item.title[ctx.lang];
  const linked =
    item.href && !isHidden(ctx, item.href)
      ? html`<a class="card-link" href="${pathIn(ctx.lang, item.href)}">${title}</a>`
      : title;
  const heading = level === 'h2' ? html`<h2>${linked}</h2>` : html`<h3>${linked}</h3>`;
  const meta = item.meta[ctx.lang] ? html`<p class="meta">${item.meta[ctx.lang]}</p>` : '';
  return html`<li class="card">${picture(ctx, item.picture, { sizes: '(min-width: 1152px) 360px, (min-width: 640px) 45vw, 100vw', widths: [360, 720] })}${meta}${heading}${paragraphs(item.text[ctx.lang])}</li>`;
}

function signature(ctx: Context, content: PageContent): Html {
  const person = content.person;
  if (!person) return html``;
  const name = person.name[ctx.lang];
  const role = person.role[ctx.lang];
  return isUnsigned(person) || !name
    ? html`<p class="signature"><strong>${role}</strong></p>`
    : html`<p class="signature"><strong class="signature-name">— ${name}</strong><br>${role}</p>`;
}

/** An information page or a section's first page: the body of its main. */
export function infoPageBody(ctx: Context, path: string, content: PageContent): Html {
  const { lang } = ctx;
  const node = findNav(path);
  const lead = content.lead[lang];
  const figure = content.person?.photo ?? content.picture;
  const figureHtml =
    figure && ctx.pictures.has(figure.picture)
      ? html`<figure class="figure${content.person ? ' person-photo' : ''}">${picture(ctx, figure, { eager: true, sizes: '(min-width: 800px) 768px, 100vw', widths: [480, 960] })}</figure>`
      : '';
  const section = node?.children?.length
    ? html`<section class="section" aria-labelledby="in-this-section"><h2 id="in-this-section">${fill(lang, 'site.inThisSection')}</h2>${sectionCards(ctx, node)}</section>`
    : '';
  const facts = content.facts.length
    ? html`<dl class="facts">${content.facts.map((f) => html`<div><dt>${f.label[lang]}</dt><dd>${f.value[lang]}</dd></div>`)}</dl>`
    : '';
  const cards = content.cards.length
    ? html`<section class="section" aria-labelledby="cards-heading"><h2 id="cards-heading">${content.cardsHeading[lang] || fill(lang, 'site.highlights')}</h2><ul class="grid grid-3 card-list" role="list">${content.cards.map((c) => card(ctx, c, 'h3'))}</ul></section>`
    : '';
  const photos = content.photos.filter((p) => ctx.pictures.has(p.picture.picture));
  const photoHtml = photos.length
    ? html`<section class="section" aria-labelledby="photos-heading"><h2 id="photos-heading">${content.photosHeading[lang] || fill(lang, 'site.photos')}</h2><div class="photos">${photos.map(
        (p) =>
          html`<figure class="photo">${picture(ctx, p.picture, { sizes: '(min-width: 1152px) 360px, (min-width: 640px) 45vw, 100vw', widths: [360, 720] })}${p.caption[lang] ? html`<figcaption>${p.caption[lang]}</figcaption>` : ''}</figure>`,
      )}</div></section>`
    : '';
  return html`${breadcrumbs(lang, path)}<article><h1>${content.title[lang]}</h1>${lead ? html`<p class="lead">${lead}</p>` : ''}${figureHtml}${section}${facts}${prose(content.body[lang])}${signature(ctx, content)}${cards}${photoHtml}</article>`;
}

// ---------------------------------------------------------------------------------------------
// The home page

function latestNotices(lang: Language, notices: readonly Notice[]): Html {
  if (!notices.length) return html``;
  const items = notices.map((notice) => {
    const words = textsFor(notice, lang);
    const own = words.language !== lang ? raw(` lang="${words.language === 'hi' ? 'hi-IN' : 'en-IN'}"`) : '';
    return html`<li class="notice-item${notice.pinned ? ' notice-item--pinned' : ''}"><h3><a href="${pathIn(lang, notice.url)}"${own}>${words.title}</a></h3><p class="notice-meta">${
      notice.pinned ? html`<span class="notice-badge">${fill(lang, 'notices.pinned')}</span> ` : ''
    }<time datetime="${notice.publishOn}">${longDate(lang, notice.publishOn)}</time></p></li>`;
  });
  return html`<section class="section latest-notices" aria-labelledby="latest-notices-heading" data-latest-notices><h2 id="latest-notices-heading">${fill(lang, 'notices.latest')}</h2><ul class="notice-list" role="list">${items}</ul><p><a class="button button-light" href="${pathIn(lang, '/notices')}">${fill(lang, 'notices.all')}</a></p></section>`;
}

/** The home page's main. */
export function homeBody(ctx: Context, content: PageContent, notices: readonly Notice[], now = new Date()): Html {
  const { lang } = ctx;
  const home = content.home!;
  const buttons = home.buttons.filter((b) => !isHidden(ctx, b.href));
  const hero = html`<section class="hero" aria-labelledby="hero-heading"><div>${home.eyebrow[lang] ? html`<p class="eyebrow">${home.eyebrow[lang]}</p>` : ''}<h1 id="hero-heading">${content.title[lang]}</h1>${
    content.lead[lang] ? html`<p class="lead">${content.lead[lang]}</p>` : ''
  }${buttons.length ? html`<p class="button-row">${buttons.map((b, i) => html`<a class="button ${i === 0 ? 'button-accent' : 'button-light'}" href="${pathIn(lang, b.href)}">${b.label[lang]}</a>`)}</p>` : ''}</div>${picture(
    ctx,
    content.picture,
    {
      eager: true,
      widths: [480, 960],
      sizes: '(min-width: 1152px) 560px, (min-width: 700px) 50vw, 100vw',
    },
  )}</section>`;
  const years = home.yearsLabel[lang]
    ? html`<li><strong><span data-years-since="${site.founded}">${yearsOfExcellence(now, site.founded)}</span>+</strong><span class="stat-label">${home.yearsLabel[lang]}</span></li>`
    : '';
  const stats = html`<section aria-labelledby="stats-heading"><h2 id="stats-heading" class="visually-hidden">${home.statsHeading[lang]}</h2><ul class="stats" role="list">${years}${home.stats.map(
    (s) => html`<li><strong>${s.value[lang]}</strong><span class="stat-label">${s.label[lang]}</span></li>`,
  )}</ul></section>`;
  const glance = content.facts.length
    ? html`<div class="card glance">${content.factsHeading[lang] ? html`<h3>${content.factsHeading[lang]}</h3>` : ''}<dl class="glance-list">${content.facts.map((f) => html`<div><dt>${f.label[lang]}</dt><dd>${f.value[lang]}</dd></div>`)}</dl></div>`
    : '';
  const cards = content.cards.map(
    (c) =>
      html`<li class="card">${picture(ctx, c.picture, { widths: [360, 720], sizes: '(min-width: 1152px) 270px, (min-width: 640px) 45vw, 100vw' })}<h3>${
        c.href && !isHidden(ctx, c.href)
          ? html`<a class="card-link" href="${pathIn(lang, c.href)}">${c.title[lang]}</a>`
          : c.title[lang]
      }</h3>${paragraphs(c.text[lang])}</li>`,
  );
  const about = html`<section aria-labelledby="about-heading"><h2 id="about-heading">${home.aboutHeading[lang]}</h2><div class="about-grid">${prose(content.body[lang])}${glance}</div>${
    cards.length ? html`<ul class="grid card-list" role="list">${cards}</ul>` : ''
  }</section>`;
  const mission = home.mission.heading[lang]
    ? html`<section class="mission-band" aria-labelledby="mission-heading"><h2 id="mission-heading">${home.mission.heading[lang]}</h2>${paragraphs(home.mission.text[lang])}${
        home.mission.tagline[lang] ? html`<p class="tagline">${home.mission.tagline[lang]}</p>` : ''
      }</section>`
    : '';
  const acc = home.accreditation;
  const accreditation =
    acc.heading[lang] && acc.name[lang]
      ? html`<section aria-labelledby="accreditation-heading"><h2 id="accreditation-heading">${acc.heading[lang]}</h2><div class="card accreditation-card">${picture(ctx, acc.logo, { widths: [96, 192], sizes: '96px' })}<div><h3>${
          isHidden(ctx, '/academy/accreditation')
            ? acc.name[lang]
            : html`<a class="card-link" href="${pathIn(lang, '/academy/accreditation')}">${acc.name[lang]}</a>`
        }</h3>${acc.issuedBy[lang] ? html`<p>${acc.issuedBy[lang]}</p>` : ''}${acc.recognition[lang] ? html`<p><strong>${acc.recognition[lang]}</strong></p>` : ''}</div></div></section>`
      : '';
  return html`${hero}${stats}${latestNotices(lang, notices)}${about}${mission}${accreditation}`;
}

// ---------------------------------------------------------------------------------------------
// Handlers

/** A page's English path from its address in either language, with or without the slash Astro's addresses end in. */
const englishPathOf = (pathname: string) => pathIn('en', pathname.replace(/\/+$/, '') || '/');

const notFoundPages = new Map<Language, Promise<string>>();

/** The site's built not-found page of `lang` (read once per instance), as a 404 that a change of the page purges. */
async function notFound(req: Request, lang: Language, path: string | undefined): Promise<Response> {
  const address = lang === 'hi' ? '/hi/404/' : '/404.html';
  let page = notFoundPages.get(lang);
  if (!page) {
    page = fetch(new URL(address, new URL(req.url).origin)).then((res) => {
      if (!res.ok) throw new Error(`not-found page ${address}: ${res.status}`);
      return res.text();
    });
    page.catch(() => notFoundPages.delete(lang));
    notFoundPages.set(lang, page);
  }
  const text = await page;
  return new Response(req.method === 'HEAD' ? null : text, {
    status: 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      ...securityHeaders(inlineScriptHashes(text)),
      ...cachedOnCdn(path ? [PAGES_TAG, pageTag(path)] : [PAGES_TAG]),
      'X-Robots-Tag': 'noindex',
    },
  });
}

/** Every page as it stands, and the pictures the page at `path` places (when it is a page). */
async function contextFor(lang: Language, path: string): Promise<Context> {
  const states = new Map((await pageStates()).map((s) => [s.path, s]));
  const content = states.get(path)?.content;
  const pictures = await loadPictures(content ? placedPictures(content).map((p) => p.placed.picture) : []);
  return { lang, pictures, states };
}

/** The language a visitor of `/` chose: the nf_lang cookie the language switch sets, else the browser's first language (as Netlify's Language redirect reads them). */
function chosenLanguage(req: Request): string {
  const cookie = readCookie(req, 'nf_lang');
  if (cookie) return cookie;
  return (req.headers.get('accept-language') ?? '').split(',')[0]!.trim().slice(0, 2).toLowerCase();
}

/** The headers of an answer of `/`, which depends on the visitor's choice of language: shared caches keep none, Netlify's keeps one per choice. */
const languageDependent = (res: Response): Response => {
  for (const [name, value] of Object.entries(LANGUAGE_DEPENDENT_HEADERS)) res.headers.set(name, value);
  res.headers.set('Netlify-Vary', 'cookie=nf_lang,language=en|hi');
  return res;
};

async function homePage(req: Request, lang: Language): Promise<Response> {
  const url = new URL(req.url);
  // The Hindi home's switch (`/?lang=en`, src/lib/language-paths.ts): the choice is kept here, for a
  // tap that came before the page's script could keep it.
  if (lang === 'en' && url.searchParams.get('lang') === 'en') {
    url.searchParams.delete('lang');
    return new Response(null, {
      status: 302,
      headers: {
        Location: `/${url.search}`,
        'Set-Cookie': languageCookie('en', url.protocol === 'https:'),
        'Cache-Control': 'private, no-store',
      },
    });
  }
  if (lang === 'en' && chosenLanguage(req) === 'hi') {
    const res = new Response(null, {
      status: 302,
      headers: { Location: `/hi/${url.search}`, ...cachedOnCdn([PAGES_TAG]) },
    });
    return languageDependent(res);
  }
  const [ctx, notices, profile] = await Promise.all([
    contextFor(lang, '/'),
    currentNotices(dateInIndia(), 5),
    schoolProfile(),
  ]);
  const state = ctx.states.get('/')!;
  const structured = {
    '@context': 'https://schema.org',
    '@type': ['School', 'HighSchool'],
    ...schoolStructuredData(profile, lang),
    url: lang === 'hi' ? new URL(pathIn(lang, '/'), site.url).toString() : site.url,
    logo: new URL('/apple-touch-icon.png', site.url).toString(),
    image: new URL('/og-image.png', site.url).toString(),
    foundingDate: String(site.founded),
  };
  // JSON in a script element: `<` escaped so no text of the profile can close the element.
  const jsonLd = raw(
    `<script type="application/ld+json">${JSON.stringify(structured).replace(/</g, '\\u003c')}</script>`,
  );
  const res = await publicPage(req, {
    lang,
    path: '/',
    shell: 'home',
    title: state.content.title[lang],
    description: state.content.description[lang],
    body: homeBody(ctx, state.content, notices),
    tags: [PAGES_TAG, pageTag('/'), NOTICES_TAG],
    head: jsonLd,
  });
  return lang === 'en' ? languageDependent(res) : res;
}

/** GET of a content page, in the language of its address. */
export async function contentPage(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  const lang = languageOfPath(pathname);
  const path = englishPathOf(pathname);
  if (path === '/') return homePage(req, lang);
  const ctx = await contextFor(lang, path);
  const state = ctx.states.get(path);
  if (!state) return notFound(req, lang, undefined);
  if (state.hidden) return notFound(req, lang, path);
  return publicPage(req, {
    lang,
    path,
    title: state.content.title[lang],
    description: state.content.description[lang],
    body: infoPageBody(ctx, path, state.content),
    tags: [PAGES_TAG, pageTag(path)],
  });
}

const XHTML = 'http://www.w3.org/1999/xhtml';

/** A page's address on the site in `lang`, with the slash the built pages' sitemap gives every address. */
const siteAddress = (lang: Language, path: string) =>
  new URL(pathIn(lang, path).replace(/\/?$/, '/'), site.url).toString();

/** The urlset of the pages that are not hidden, each in both languages with both alternates and the day it last changed. */
export function pagesSitemapXml(states: readonly PageState[]): string {
  const doc = xmlDocument('http://www.sitemaps.org/schemas/sitemap/0.9', 'urlset', { xhtml: XHTML });
  for (const state of states.filter((s) => !s.hidden)) {
    for (const language of LANGUAGES) {
      const url = doc.root.add('url');
      url.add('loc', {}, siteAddress(language, state.path));
      if (state.updatedAt) url.add('lastmod', {}, dateInIndia(new Date(state.updatedAt)));
      for (const other of LANGUAGES)
        url.add(
          'xhtml:link',
          { rel: 'alternate', hreflang: LANGUAGE_TAGS[other], href: siteAddress(other, state.path) },
          undefined,
          XHTML,
        );
    }
  }
  return doc.end();
}

/** GET /sitemap-pages.xml (PAGES_SITEMAP_PATH of src/config/database-pages.ts, which the sitemap index names). */
export async function pagesSitemapResponse(): Promise<Response> {
  return new Response(pagesSitemapXml(await pageStates()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...cachedOnCdn([PAGES_TAG]) },
  });
}
