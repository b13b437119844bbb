/**
 * Each admission wing's classes and the range its label names ('6-10', in Hindi 'VI-X'), apart from
 * ./classes.ts so that the site script every page loads (./offered-classes.ts) carries only these.
 */

/** The classes each wing may hold, in the school's order, by the wing's name (./classes.ts's WING). */
export const WING_CLASSES = {
  'pre-primary': ['P.N.C', 'N.C', 'K.G'],
  middle: ['1', '2', '3', '4', '5'],
  senior: ['6', '7', '8', '9', '10', '11', '12'],
} as const;

/**
 * Each wing's word in the spec's routes (/admissions/apply/{slug}), where 'primary' names the
 * pre-primary wing. Pages, drafts kept on a phone and a form sent from a page built before the
 * wings were renamed say the slug; it is read as its wing.
 */
export const WING_SLUG = { 'pre-primary': 'primary', middle: 'middle', senior: 'senior' } as const satisfies Record<
  keyof typeof WING_CLASSES,
  string
>;

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** A class number as UP schools write it in Hindi: '5' -> 'V'. */
export const romanClass = (label: string) => ROMAN[Number(label) - 1] ?? label;

/**
 * A wing's classes as its label names them, from its first offered class to its last: '6-10'
 * ('VI-X' in Hindi, as UP schools write classes), 'P.N.C–K.G', or the one class; undefined when
 * the school offers none of the wing's classes.
 */
export function wingRange(
  band: keyof typeof WING_CLASSES,
  offered: readonly string[],
  language: 'en' | 'hi',
): string | undefined {
  const classes = WING_CLASSES[band].filter((c) => offered.includes(c));
  if (!classes.length) return undefined;
  const name = (label: string) => (language === 'hi' ? romanClass(label) : label);
  const [first, last] = [name(classes[0]!), name(classes.at(-1)!)];
  return first === last ? first : `${first}${band === 'pre-primary' ? '–' : '-'}${last}`;
}

/**
 * A wing's label ('Senior (Classes 6-12)') or a text holding it (a heading, a tab's title) with the
 * range in its brackets made `range`: how the site script follows the profile on a built page.
 */
export const withWingRange = (text: string, range: string) => text.replace(/[^\s()]+(?=\))/, () => range);
