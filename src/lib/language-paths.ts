/**
 * Where a page lives in each language: the English page at `/x`, its Hindi one at `/hi/x`. The
 * language switch, the `hreflang` alternates and the pages themselves go by this one rule, except
 * in the staff area, which is in English only.
 */
import type { Language } from './i18n/languages.ts';

const HINDI_PREFIX = '/hi';

/**
 * The staff's pages (the admin screens, sign-in and sign-out): the office works in English, so they
 * have no Hindi twin, no language switch and no hreflang alternates.
 */
const ENGLISH_ONLY = /^\/(admin|login|logout)(\/|$)/;

/** The cookie that keeps a visitor's choice of language (Netlify's Language redirects read `nf_lang`). */
export const languageCookie = (language: Language, secure: boolean): string =>
  `nf_lang=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * The language switch's address: the page's twin, but the English home says the choice in its query
 * (`/?lang=en`). The home sends a visitor who chose Hindi back to /hi/, and a switch tapped before the
 * page's script has set the cookie (a slow phone) would land there again; the home sets the cookie itself.
 */
export const switchAddress = (twin: string): string => (twin === '/' ? '/?lang=en' : twin);

/** The language a path is in. */
export const languageOfPath = (path: string): Language =>
  path === HINDI_PREFIX || path.startsWith(`${HINDI_PREFIX}/`) ? 'hi' : 'en';

/** The same page in `language`: '/admissions/' <-> '/hi/admissions/'. */
export function pathIn(language: Language, path: string): string {
  const english = languageOfPath(path) === 'hi' ? path.slice(HINDI_PREFIX.length) || '/' : path;
  return language === 'hi' ? `${HINDI_PREFIX}${english === '/' ? '/' : english}` : english;
}

/**
 * Where each language's not-found page opens as a page: Astro writes the English one as 404.html
 * (the file the CDN answers an unknown address with), the Hindi one as the page /hi/404/.
 */
const NOT_FOUND: Record<Language, string> = { en: '/404.html', hi: '/hi/404/' };
const isNotFound = (path: string) => /^\/404(\.html|\/)?$/.test(pathIn('en', path));

/**
 * The page at `path` in `language`, where the language switch and the hreflang alternates lead:
 * pathIn's twin, the other language's not-found page from a not-found page, and null for the staff's
 * pages, which have no Hindi twin.
 */
export function twinPath(language: Language, path: string): string | null {
  if (ENGLISH_ONLY.test(pathIn('en', path))) return null;
  return isNotFound(path) ? NOT_FOUND[language] : pathIn(language, path);
}
