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
 * This is the generic part (safe HTML, the built shell, caching and purging). What the site puts
 * into every drawn page (the school's footer, the menus without hidden pages, the wings and the
 * breadcrumbs from the navigation) is the site feature's: publicPage in
 * src/features/site/public-page.server.ts.
 */
import { purgeCache } from '@netlify/functions';
import { escapeHtml } from './escape-html.ts';
import { LANGUAGE_TAGS, type Language } from '../lib/i18n/index.ts';
import { pathIn, switchAddress } from '../lib/language-paths.ts';

/** How long Netlify's CDN may keep a page without a purge. */
export const PAGE_CDN_SECONDS = 60;

/** Where each language's shell is built, and the words the build put in for the page's own. */
export const SHELL_PATH = '/page-shells/page/';
/** The shells the build makes: every drawn page's, and the home page's (with its enquiry pop-up). */
export const SHELL_PATHS = { page: SHELL_PATH, home: '/page-shells/home/' } as const;
export type Shell = keyof typeof SHELL_PATHS;
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

// ---------------------------------------------------------------------------------------------
// The shell

const shells = new Map<string, Promise<string>>();

/**
 * The built shell of `lang`, read once per instance from the site's own static files (a new deploy
 * starts new instances, so it never outlives its build).
 */
export function builtShell(origin: string, lang: Language, kind: Shell = 'page'): Promise<string> {
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
  // page), as the site script does on a static page: here it works without script too. To the
  // English home it says the choice itself (switchAddress).
  text = text.replace(/(<a class="language-switch" href=")([^"]*)"/, (_, start: string, twin: string) => {
    const address = switchAddress(twin);
    const query = search && address.includes('?') ? `&${search.slice(1)}` : search;
    return `${start}${address}${escapeHtml(query)}"`;
  });
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
