/**
 * Where a page lives in each language: the English page at `/x`, its Hindi one at `/hi/x`. The
 * language switch, the `hreflang` alternates and the pages themselves go by this one rule.
 */
import type { Language } from './i18n/index.ts';

const HINDI_PREFIX = '/hi';

/** The language a path is in. */
export const languageOfPath = (path: string): Language => (path === HINDI_PREFIX || path.startsWith(`${HINDI_PREFIX}/`) ? 'hi' : 'en');

/** The same page in `language`: '/admissions/' <-> '/hi/admissions/'. */
export function pathIn(language: Language, path: string): string {
  const english = languageOfPath(path) === 'hi' ? path.slice(HINDI_PREFIX.length) || '/' : path;
  return language === 'hi' ? `${HINDI_PREFIX}${english === '/' ? '/' : english}` : english;
}
