/**
 * The classes the school offers, on a built page: the build drew the page with the classes its
 * profile had then; the site script asks GET /v1/api/school once (every page already does, for the
 * school's facts) and the page follows the profile as it is now, with no new build. The forms'
 * islands read the same answer (one request for the page), and work from the built list until it
 * comes, or if it never does. Pages a function draws carry the live classes in their HTML
 * (src/features/admission/wings.ts), so nothing changes there.
 */
import { api } from './api-client.ts';
import { BANDS, wingRange, withWingRange } from './classes.ts';
import type { ShownProfile } from './school-facts.ts';

/** GET /v1/api/school's answer: the profile, its classes as sent (checked where read). */
type SchoolAnswer = ShownProfile & { classes?: unknown };

let answer: Promise<SchoolAnswer | undefined> | undefined;

/** GET /v1/api/school's answer, asked once per page; undefined when it did not come. */
export const schoolAnswer = (): Promise<SchoolAnswer | undefined> =>
  (answer ??= api('/school')
    .then((response) => (response.ok ? (response.json() as Promise<SchoolAnswer>) : undefined))
    .catch(() => undefined));

/** The classes the school offers now, or undefined when the answer did not come. */
export async function offeredClassesNow(): Promise<string[] | undefined> {
  const classes = (await schoolAnswer())?.classes;
  return Array.isArray(classes) ? classes.filter((c): c is string => typeof c === 'string') : undefined;
}

/**
 * The page's wings made to follow `offered`: a link to a wing's form names its real range
 * ('Senior (Classes 6-10)'), and its menu entry or list item goes when the school offers none of
 * its classes; a wing's own form page (its heading marked `data-wing`) renames its heading, its
 * breadcrumb and the tab's title.
 */
export function showOfferedWings(offered: readonly string[]): void {
  const language = document.documentElement.lang.startsWith('hi') ? 'hi' : 'en';
  for (const band of BANDS) {
    const range = wingRange(band, offered, language);
    const own = document.querySelector(`h1[data-wing="${band}"]`);
    const named = [...document.querySelectorAll<HTMLElement>(`a[href$="/admissions/apply/${band}"]:not([data-language-switch]), [data-wing="${band}"]`)];
    if (own) named.push(...document.querySelectorAll<HTMLElement>('.breadcrumbs [aria-current="page"]'));
    for (const el of named) {
      if (range) el.textContent = withWingRange(el.textContent ?? '', range);
      else if (el instanceof HTMLAnchorElement) (el.closest<HTMLElement>('li, [data-wing-item]') ?? el).hidden = true;
    }
    if (own && range) document.title = withWingRange(document.title, range);
  }
}
