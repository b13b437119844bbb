/**
 * A TC request's reference number: the school's prefix, T, the year (India time) and a sequence of
 * six digits or more (SPS-T-2026-000001), numbered as the receipts are with their R
 * (src/lib/record-numbers.ts): an application's has no letter, a receipt's R, a TC request's T.
 */
export const TC_REFERENCE_NUMBER = /^[A-Z]{2,6}-T-\d{4}-\d{6,10}$/;

export const tcReferenceOf = (prefix: string, year: string | number, sequence: number | string) =>
  `${prefix}-T-${year}-${String(sequence).padStart(6, '0')}`;

/** A reference however it is typed: spaces dropped, upper case; undefined when it cannot be one. */
export function normaliseTcReference(value: string): string | undefined {
  const reference = value.replace(/\s+/g, '').toUpperCase();
  return TC_REFERENCE_NUMBER.test(reference) ? reference : undefined;
}
