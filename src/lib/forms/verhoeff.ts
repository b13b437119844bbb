/**
 * The Verhoeff checksum that the last digit of every Aadhaar number carries.
 * It catches every single-digit error and every swap of two adjacent digits.
 */
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** True when a string of digits (check digit last) passes Verhoeff. */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  const reversed = digits.split('').reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[i % 8]![Number(reversed[i])]!]!;
  return c === 0;
}

/** The check digit to append to `digits` (used by tests and fixtures). */
export function verhoeffCheckDigit(digits: string): string {
  let c = 0;
  const reversed = digits.split('').reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[(i + 1) % 8]![Number(reversed[i])]!]!;
  return String(INV[c]);
}

/** Digits only: parents often type Aadhaar as '1234 5678 9012' or with dashes. */
export const aadhaarDigits = (value: string) => value.replace(/[\s-]/g, '');

/** 12 digits, not starting with 0 or 1 (no Aadhaar number does), passing Verhoeff. */
export function isValidAadhaar(value: string): boolean {
  const digits = aadhaarDigits(value);
  return /^[2-9]\d{11}$/.test(digits) && verhoeffValid(digits);
}

/** Shaped like an Aadhaar number (12 digits, not starting with 0 or 1), whether or not its check digit matches. */
export const isAadhaarShaped = (value: string) => /^[2-9]\d{11}$/.test(aadhaarDigits(value));
