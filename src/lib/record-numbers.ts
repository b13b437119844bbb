/**
 * The numbers families are given: an application's reference (SPS-2026-000123) and a receipt's
 * (SPS-R-2026-000001). Their letters are the school's own prefix (its profile's referencePrefix), so
 * another school's copy numbers its own; a number keeps the prefix it was given, so every pattern
 * here takes any prefix of the allowed form.
 */
import { site } from '../config/site.ts';

/** The prefix a school may choose: 2 to 6 capital letters. */
export const REFERENCE_PREFIX_PATTERN = /^[A-Z]{2,6}$/;
/** The prefix of a school that has named none (a starting content without one). */
export const DEFAULT_REFERENCE_PREFIX = 'APP';

/** An application's reference number: the prefix, the year (India time) and a sequence of six digits or more. */
export const REFERENCE_NUMBER = /^[A-Z]{2,6}-\d{4}-\d{6,10}$/;
/** A receipt number: the prefix, R, the year and that year's sequence. */
export const RECEIPT_NUMBER = /^[A-Z]{2,6}-R-\d{4}-\d{6,}$/;

export const referenceNumberOf = (prefix: string, year: string | number, sequence: number | string) =>
  `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
export const receiptNumberOf = (prefix: string, year: string | number, sequence: number) =>
  `${prefix}-R-${year}-${String(sequence).padStart(6, '0')}`;

/** The examples the forms' hints give, in the school's own numbering. */
export const exampleReference = (prefix: string) => referenceNumberOf(prefix, 2026, 123);
export const exampleReceipt = (prefix: string) => receiptNumberOf(prefix, 2026, 1);

/** The starting facts' prefix, when they give a valid one. */
export const startingPrefix = (): string => {
  const prefix = site.starting.referencePrefix;
  return prefix && REFERENCE_PREFIX_PATTERN.test(prefix) ? prefix : DEFAULT_REFERENCE_PREFIX;
};

// Until a function reads the school's profile, the starting facts' prefix: every process agrees on it.
let prefixInUse = startingPrefix();

/** The school's prefix as this process knows it (src/lib/school-profile.ts keeps it current). */
export function setPrefixInUse(prefix: string): void {
  prefixInUse = prefix;
}

/** The `{referenceExample}` and `{receiptExample}` every message may name, in the prefix in use. */
export const numberExamples = () => ({
  referenceExample: exampleReference(prefixInUse),
  receiptExample: exampleReceipt(prefixInUse),
});
