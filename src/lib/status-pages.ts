/**
 * The parents' status pages and the links to them the school hands out (the acknowledgment, its
 * PDF and QR code, the WhatsApp share, the messages): each in the language the form was filled in,
 * with the record's number filled in.
 */
import { site } from '../config/site.ts';
import { pathIn } from './language-paths.ts';
import type { Language } from './i18n/languages.ts';

const PAGES = {
  admission: { path: '/admissions/status', param: 'ref' },
  'tc-request': { path: '/admissions/tc-request/status', param: 'number' },
} as const;

export type StatusPageOf = keyof typeof PAGES;

/** The status page of `entity` in `language` with `number` filled in (none when empty), as a path of this site. */
export function statusPagePath(entity: StatusPageOf, language: Language, number = ''): string {
  const page = PAGES[entity];
  return number
    ? `${pathIn(language, page.path)}?${page.param}=${encodeURIComponent(number)}`
    : pathIn(language, page.path);
}

/** The same as a full address (a QR code, a message). */
export const statusPageUrl = (entity: StatusPageOf, language: Language, number = '') =>
  `${site.url}${statusPagePath(entity, language, number)}`;
