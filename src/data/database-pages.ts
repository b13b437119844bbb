/**
 * The public pages a function answers from the database (src/server/public-page.ts), by their
 * English path: they have no built file, so the sitemap is told of them here, in both languages.
 * A page of one record (one notice) is not listed: the list page links to it.
 */
export const DATABASE_PAGES: readonly string[] = ['/academy/mandatory-disclosure', '/notices', '/calendar', '/press/coverage', '/press/magazine', '/admissions/fees'];
