/**
 * Admission classes and bands. The early-years form's values 1-3 mean P.N.C, N.C and K.G (not
 * classes 1-3), so every admission stores its band and the class's canonical label. Which classes
 * the school offers is its profile's (src/lib/school-profile.ts).
 */
import { WING_CLASSES, WING_SLUG, romanClass } from './wing-classes.ts';
import { ALL_CLASSES, type SchoolClass } from '../config/classes.ts';

export { WING_SLUG, romanClass, wingRange, withWingRange } from './wing-classes.ts';
export { ALL_CLASSES, type SchoolClass };

/**
 * The wings by the classes each holds, named as their labels name them (the form's `band`, stored
 * and answered as it is): pre-primary (P.N.C to K.G), middle (classes 1-5), senior (classes 6-12).
 */
export const WING = { earlyYears: 'pre-primary', classes1To5: 'middle', classes6To12: 'senior' } as const;
export const BANDS = [WING.earlyYears, WING.classes1To5, WING.classes6To12] as const;
export type Band = (typeof BANDS)[number];

export interface ClassOption {
  /** The value the band's form sends. */
  value: string;
  /** The canonical class, stored and shown: P.N.C, N.C, K.G or 1 to 12. */
  label: string;
}

export const CLASS_OPTIONS: Record<Band, ClassOption[]> = {
  [WING.earlyYears]: [
    { value: '1', label: 'P.N.C' },
    { value: '2', label: 'N.C' },
    { value: '3', label: 'K.G' },
  ],
  [WING.classes1To5]: WING_CLASSES[WING.classes1To5].map((v) => ({ value: v, label: v })),
  [WING.classes6To12]: WING_CLASSES[WING.classes6To12].map((v) => ({ value: v, label: v })),
};

/** How a class reads in a choice: 'Class 5', and the early-years names as they are. */
export const classText = (label: string) => (/^\d+$/.test(label) ? `Class ${label}` : label);

/** How a class reads in a Hindi choice, as UP schools write it: 'कक्षा V', and the early-years names as they are. */
export const hindiClassText = (label: string) => (/^\d+$/.test(label) ? `कक्षा ${romanClass(label)}` : label);

export const isSchoolClass = (value: unknown): value is SchoolClass =>
  typeof value === 'string' && (ALL_CLASSES as readonly string[]).includes(value);

/** A class's place in the school's order (-1 for what is not a class). */
export const classOrder = (label: string) => (ALL_CLASSES as readonly string[]).indexOf(label);

/** The classes `list` names, each once, in the school's order; what is not a class is left out. */
export const inClassOrder = (list: readonly unknown[]): SchoolClass[] => ALL_CLASSES.filter((c) => list.includes(c));

/** A wing's choices among the classes the school offers. */
export const offeredOptions = (band: Band, offered: readonly string[]): ClassOption[] =>
  CLASS_OPTIONS[band].filter((o) => offered.includes(o.label));

export const isBand = (value: unknown): value is Band =>
  typeof value === 'string' && (BANDS as readonly string[]).includes(value);

/** The wing a form names, by its name or by its route's slug ('primary': the pre-primary wing). */
export const bandNamed = (value: string): Band | undefined =>
  isBand(value) ? value : BANDS.find((band) => WING_SLUG[band] === value);

/** The band of a canonical class (used when a client sends no band). */
export function inferBand(classLabel: string): Band | undefined {
  if (['P.N.C', 'N.C', 'K.G'].includes(classLabel)) return WING.earlyYears;
  const n = Number(classLabel);
  if (Number.isInteger(n) && n >= 1 && n <= 5) return WING.classes1To5;
  if (Number.isInteger(n) && n >= 6 && n <= 12) return WING.classes6To12;
  return undefined;
}

/**
 * The canonical class for a form value: with a band, the band's option; without one, the value
 * itself when it is a class (so '1' without a band is class 1, in the classes 1-5 wing).
 */
export function resolveClass(value: string, band?: Band): { band: Band; label: string } | undefined {
  if (band) {
    const option = CLASS_OPTIONS[band].find((o) => o.value === value || o.label === value);
    return option ? { band, label: option.label } : undefined;
  }
  const inferred = inferBand(value);
  return inferred ? { band: inferred, label: value } : undefined;
}
