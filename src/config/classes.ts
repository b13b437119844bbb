/**
 * The classes a CBSE school may have, in the school's order: the list the school's fees, offered
 * classes and admission wings are keyed by (src/lib/classes.ts builds on it). Which of them this
 * school offers is its profile's (src/lib/school-profile.ts).
 */
export const ALL_CLASSES = [
  'P.N.C',
  'N.C',
  'K.G',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
] as const;
export type SchoolClass = (typeof ALL_CLASSES)[number];
