/**
 * The classes the school offers, on a built page: the build drew the page with the classes its
 * profile had then; the site script asks GET /v1/api/school once (every page already does, for the
 * school's facts) and the page follows the profile as it is now, with no new build. The forms'
 * islands read the same answer (one request for the page), and work from the built list until it
 * comes, or if it never does. Pages a function draws carry the live classes in their HTML
 * (src/features/admission/wings.ts), so nothing changes there.
 */
import { WING_CLASSES, WING_SLUG, wingRange, withWingRange } from './wing-classes.ts';
import { schoolAnswer } from './school-answer.ts';

/** The classes the school offers now, or undefined when the answer did not come. */
export async function offeredClassesNow(): Promise<string[] | undefined> {
  const classes = (await schoolAnswer())?.classes;
  return Array.isArray(classes) ? classes.filter((c): c is string => typeof c === 'string') : undefined;
}

/**
 * The page's links to the wings' forms made to follow `offered`: each names its wing's real range
 * ('Senior (Classes 6-10)'), and its menu entry or list item goes when the school offers none of
 * the wing's classes. (A wing's own form page renames its heading: ../features/admission/AdmissionForm.tsx.)
 */
export function showOfferedWings(offered: readonly string[]): void {
  const language = document.documentElement.lang.startsWith('hi') ? 'hi' : 'en';
  for (const band of Object.keys(WING_CLASSES) as (keyof typeof WING_CLASSES)[]) {
    const range = wingRange(band, offered, language);
    for (const a of document.querySelectorAll<HTMLElement>(
      `a[href$="/admissions/apply/${WING_SLUG[band]}"]:not([data-language-switch])`,
    )) {
      if (range) a.textContent = withWingRange(a.textContent ?? '', range);
      else (a.closest<HTMLElement>('li, [data-wing-item]') ?? a).hidden = true;
    }
  }
}
