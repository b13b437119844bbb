/**
 * The parents' status pages and the links to them the school hands out (the acknowledgment, its
 * PDF and QR code, the WhatsApp share, the messages): each in the language the form was filled in,
 * with the record's number filled in. Each kind that has one names it (its `statusPage`).
 */
import { site } from '../config/site.ts';
import { pathIn } from './language-paths.ts';
import type { Language } from './i18n/languages.ts';

/** A status page: its English path, and the query parameter that carries the record's number. */
export interface StatusPage {
  readonly path: string;
  readonly param: string;
}

/** `page` in `language` with `number` filled in (none when empty), as a path of this site. */
export function statusPagePath(page: StatusPage, language: Language, number = ''): string {
  return number
    ? `${pathIn(language, page.path)}?${page.param}=${encodeURIComponent(number)}`
    : pathIn(language, page.path);
}

/** The same as a full address (a QR code, a message). */
export const statusPageUrl = (page: StatusPage, language: Language, number = '') =>
  `${site.url}${statusPagePath(page, language, number)}`;
