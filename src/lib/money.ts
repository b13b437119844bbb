/**
 * Money, one place: amounts are whole paise everywhere (stored as bigint, never floats), rupees only
 * at the edges: what a person types, figures with Indian grouping (₹1,25,000.00) and words in the
 * Indian system ("One Lakh Twenty Five Thousand Rupees Only").
 */
import { toCurrency } from 'to-words/en-IN';

/**
 * A sign, a rupee mark (₹, Rs, Rs., INR) and the whole rupees: plain digits, or grouped by commas
 * the Indian way (1,25,000) or the Western way (125,000), never anywhere else (1,2,3 is refused).
 */
const RUPEES = /^(-?)(?:₹|rs\.?|inr)?\s*(\d+|\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/i;

/**
 * Rupees as typed or sent (12500, 12500.5, '12500.50', '12,500', '₹1,25,000.00', 'Rs. 6000') as
 * whole paise; undefined for anything else: text that is not a number, commas out of place, more
 * than two decimals, exponents, or beyond what counts exactly. The text of the number is read,
 * never multiplied, so 1.15 is 115 paise, not 114.99999. The payment form and the payments API
 * both read amounts here.
 */
export function rupeesToPaise(value: unknown): number | undefined {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  const m = RUPEES.exec(text);
  if (!m) return undefined;
  const paise = Number(m[2]!.replace(/,/g, '')) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) return undefined;
  return m[1] ? -paise : paise;
}

/** Whole paise as rupees (a number with at most two decimals, for JSON and inputs). */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Made on first use, like the date formatters (dates.ts): a parent's status page loads this module before it shows any amount. */
let figures: Intl.NumberFormat | undefined;

/** ₹12,500.00, ₹1,25,000.00; a negative amount reads -₹500.00. */
export const formatRupees = (paise: number): string =>
  (figures ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })).format(paise / 100);

/**
 * The amount in words, Indian system, as a receipt writes it: "Twelve Thousand Five Hundred Rupees
 * Only", "One Lakh Rupees Only", "Fifty Paise Only". The sign is left to the caller (a refund says so
 * in its own words).
 */
export function rupeesInWords(paise: number): string {
  const abs = Math.abs(paise);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return toCurrency(text, { ignoreZeroCurrency: abs > 0 && abs < 100 });
}
