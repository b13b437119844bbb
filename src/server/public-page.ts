/**
 * Public pages whose words the school edits in the admin (notices, the calendar, the disclosure,
 * fees, press): a function answers them from the database, inside a shell that Astro built with the
 * site's layout (src/pages/page-shells/page.astro and its Hindi twin), so the page is whole HTML
 * with no framework script, and a change is live without a build.
 *
 * Why this way: the site stays static, and only these pages run code. The browser revalidates
 * each time; Netlify's CDN keeps an answer PAGE_CDN_SECONDS under its cache tags, and a change
 * purges its tags (purgePages), so a published change shows within seconds there and at most
 * PAGE_CDN_SECONDS later when the purge is lost or a notice's publish date arrives by itself. The
 * local runtime has no CDN: each request renders.
 *
 * The home page has a shell of its own (SHELL_PATHS.home: the enquiry pop-up's script); its function
 * sends a visitor who chose Hindi to /hi/ itself, since a function's path is answered before
 * Netlify's redirects (src/features/pages/content-pages.server.ts).
 *
 * A content page the office hid leaves every drawn page's menu and footer here (src/features/pages/hidden-pages.server.ts), and
 * every drawn page carries PAGES_NAV_TAG, purged when a page is hidden or shown again. The admission
 * wings' entries and cards follow the classes the school offers (src/features/admission/wings.ts).
 */
import { purgeCache } from '@netlify/functions';
import { inlineScriptHashes } from './csp-hashes.ts';
import { escapeHtml } from './escape-html.ts';
import { securityHeaders } from './security-headers.ts';
import { navIn, navTrail, navigation } from '../data/navigation.ts';
import { LANGUAGE_TAGS, fill, type Language } from '../lib/i18n/index.ts';
import { pathIn } from '../lib/language-paths.ts';
import { schoolProfile } from './school-profile.ts';
import { SCHOOL_TAG } from '../lib/school-profile.ts';
import { withSchoolFooter } from '../features/school/live-footer.ts';
import { PAGES_NAV_TAG, hiddenPagePaths, withoutHiddenPages } from '../features/pages/hidden-pages.server.ts';
import { withOfferedWings } from '../features/admission/wings.ts';
import { withOfferedEnquiry } from '../features/enquiry/popup-classes.ts';

/** How long Netlify's CDN may keep a page without a purge. */
export const PAGE_CDN_SECONDS = 60;

/** Where each language's shell is built, and the words the build put in for the page's own. */
export const SHELL_PATH = '/page-shells/page/';
/** The shells the build makes: every drawn page's, and the home page's (with its enquiry pop-up). */
export const SHELL_PATHS = { page: SHELL_PATH, home: '/page-shells/home/' } as const;
type Shell = keyof typeof SHELL_PATHS;
export const SHELL_TITLE = '__PAGE_TITLE__';
export const SHELL_DESCRIPTION = '__PAGE_DESCRIPTION__';
/** The element the shell's main holds for the page's body. */
export const SHELL_SLOT = '<div data-page-body></div>';

// ---------------------------------------------------------------------------------------------
// HTML that is safe by construction

/** A piece of HTML that is known to be safe: made by `html`, or passed through `raw` by code that made it safe. */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function partHtml(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(partHtml).join('');
  return escapeHtml(String(part));
}

/**
 * A template whose every interpolation is escaped (text, attribute values in quotes), except Html
 * pieces; arrays are joined and null, undefined and false leave nothing.
 */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0]!;
  parts.forEach((part, i) => (out += partHtml(part) + strings[i + 1]!));
  return new Html(out);
}

/** HTML that the caller made safe itself (e.g. a sanitiser's output). */
export const raw = (safe: string) => new Html(safe);

/** The `lang` attribute for words in `language` on a page in `pageLanguage` (nothing when they are the same). */
export const langAttribute = (language: Language, pageLanguage: Language): Html =>
  raw(language === pageLanguage ? '' : ` lang="${LANGUAGE_TAGS[language]}"`);

/**
 * The breadcrumbs of a page, as src/components/content/Breadcrumbs.astro draws them: the trail of
 * `englishPath` in the navigation, then `current` when the page is below it (one notice below Notices).
 */
export function breadcrumbs(lang: Language, englishPath: string, current?: string): Html {
  const trail = (navTrail(englishPath) ?? []).map((node) => navIn(lang, node));
  if (!trail.length) return html``;
  const home = navIn(lang, navigation[0]!);
  const items = trail.map((node, i) =>
    !current && i === trail.length - 1
      ? html`<li><span aria-current="page">${node.label}</span></li>`
      : html`<li><a href="${node.href}">${node.label}</a></li>`,
  );
  return html`<nav class="breadcrumbs" aria-label="${fill(lang, 'site.breadcrumb')}" lang="${LANGUAGE_TAGS[lang]}"><ol><li><a href="${home.href}">${home.label}</a></li>${items}${current ? html`<li><span aria-current="page">${current}</span></li>` : ''}</ol></nav>`;
}

// ---------------------------------------------------------------------------------------------
// The shell

const shells = new Map<string, Promise<string>>();

/**
 * The built shell of `lang`, read once per instance from the site's own static files (a new deploy
 * starts new instances, so it never outlives its build).
 */
function shell(origin: string, lang: Language, kind: Shell = 'page'): Promise<string> {
  const path = pathIn(lang, SHELL_PATHS[kind]);
  let found = shells.get(path);
  if (!found) {
    found = fetch(new URL(path, origin)).then(async (res) => {
      if (!res.ok) throw new Error(`page shell ${path}: ${res.status}`);
      const text = await res.text();
      if (!text.includes(SHELL_SLOT)) throw new Error(`page shell ${path} has no body slot`);
      return text;
    });
    found.catch(() => shells.delete(path));
    shells.set(path, found);
  }
  return found;
}

export interface PublicPage {
  lang: Language;
  /** The page's English path ('/notices/winter-holidays'); the Hindi one is pathIn('hi', path). */
  path: string;
  title: string;
  description: string;
  ogType?: 'website' | 'article';
  /** Everything inside <main> (headings, breadcrumbs, the page's words). */
  body: Html;
  /** Netlify cache tags: purgePages(tags) after a change makes the CDN fetch the page again. */
  tags: readonly string[];
  status?: number;
  /** More tags for the head (e.g. a feed's <link rel="alternate">). */
  head?: Html;
  /** Not for search engines (a calendar month outside the school's range, a month without notices): meta robots and X-Robots-Tag. */
  noindex?: boolean;
  /** The built shell the page goes into (SHELL_PATHS; 'page' unless given). */
  shell?: Shell;
}

/**
 * The shell `template` with the page's head words, canonical path and body, and the language switch
 * keeping the address's query `search`. Every replacement is a function's value: a string given to
 * replace would have its `$&`, `$'`, `` $` `` and `$1` read as patterns, and a title typed with one
 * would copy pieces of the shell into the page's head.
 */
export function fillShell(template: string, page: PublicPage, search: string): string {
  const bare = page.path.replace(/\/+$/, '') || '/';
  const english = pathIn('en', bare).replace(/\/$/, '');
  const hindi = pathIn('hi', bare).replace(/\/$/, '');
  const shellPath = SHELL_PATHS[page.shell ?? 'page'];
  let text = template
    // The Hindi shell's path first: it contains the English one. With Astro's trailing slash, as the
    // built pages and the sitemap name themselves (canonical, hreflang, og:url, the language switch).
    .replaceAll(pathIn('hi', shellPath), () => `${hindi}/`)
    .replaceAll(shellPath, () => `${english}/`)
    .replaceAll(SHELL_TITLE, () => escapeHtml(page.title))
    .replaceAll(SHELL_DESCRIPTION, () => escapeHtml(page.description))
    .replace(SHELL_SLOT, () => page.body.value);
  // The language switch keeps the address's query (an opt-out link's number and token, a list's
  // page), as the site script does on a static page: here it works without script too.
  if (search)
    text = text.replace(
      /(<a class="language-switch" href="[^"]*)"/,
      (_, link: string) => `${link}${escapeHtml(search)}"`,
    );
  if (page.ogType === 'article')
    text = text.replace(
      '<meta property="og:type" content="website">',
      () => '<meta property="og:type" content="article">',
    );
  const head = `${page.noindex ? '<meta name="robots" content="noindex">' : ''}${page.head?.value ?? ''}`;
  if (head) text = text.replace('</head>', () => `${head}</head>`);
  return text;
}

/**
 * The menu marks the page as MenuList.astro marks a built one: its own link `aria-current="page"`,
 * the top link of the section it is in `aria-current="true"` (the shell was built for no page).
 */
function withCurrentPage(page: string, path: string, lang: Language): string {
  const bare = path.replace(/\/+$/, '') || '/';
  const link = (href: string) => `<a class="menu-link" href="${escapeHtml(pathIn(lang, href))}"`;
  const section = `/${bare.split('/')[1] ?? ''}`;
  let out = page.replaceAll(`${link(bare)}>`, () => `${link(bare)} aria-current="page">`);
  if (section !== bare && section !== '/')
    out = out.replace(`${link(section)}>`, () => `${link(section)} aria-current="true">`);
  return out;
}

/** The whole page: the shell of its language with the page's head words, canonical path and body. */
export async function publicPage(req: Request, page: PublicPage): Promise<Response> {
  const [template, profile, hidden] = await Promise.all([
    shell(new URL(req.url).origin, page.lang, page.shell),
    schoolProfile(),
    hiddenPagePaths(),
  ]);
  // The footer names the school as its profile is now, not as the build read it; the menus leave out the hidden pages
  // and name the wings by the classes offered now, which the home page's enquiry offers too.
  const shown = withoutHiddenPages(
    withSchoolFooter(fillShell(template, page, new URL(req.url).search), profile, page.lang),
    hidden,
    page.lang,
  );
  const text = withCurrentPage(
    withOfferedEnquiry(withOfferedWings(shown, profile.classes, page.lang), profile.classes),
    page.path,
    page.lang,
  );
  return new Response(text, {
    status: page.status ?? 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      ...securityHeaders(inlineScriptHashes(template)),
      // Every served page shows the profile in its footer: a saved profile purges SCHOOL_TAG.
      ...cachedOnCdn([...page.tags, SCHOOL_TAG, PAGES_NAV_TAG]),
      ...(page.noindex ? { 'X-Robots-Tag': 'noindex' } : {}),
    },
  });
}

/**
 * The caching of a public answer that a change purges: browsers ask again each time, Netlify's CDN
 * keeps it PAGE_CDN_SECONDS under `tags`.
 */
export const cachedOnCdn = (tags: readonly string[]): Record<string, string> => ({
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${PAGE_CDN_SECONDS}`,
  'Netlify-Cache-Tag': [...new Set(tags)].join(','),
});

/**
 * After a change commits: Netlify's CDN drops the pages under `tags`. Off Netlify (no purge token)
 * nothing is cached, so there is nothing to purge. A failed purge is logged, not thrown: the change
 * is stored, and the pages follow within PAGE_CDN_SECONDS. NETLIFY_API_URL, when set, is where the
 * purge goes instead of Netlify's API (a test's stand-in).
 */
export async function purgePages(tags: readonly string[]): Promise<void> {
  if (!process.env.NETLIFY_PURGE_API_TOKEN || !tags.length) return;
  try {
    await purgeCache({ tags: [...tags], apiURL: process.env.NETLIFY_API_URL?.trim() || undefined });
  } catch (error) {
    console.error(`[pages] could not purge ${tags.join(', ')}`, error);
  }
}
