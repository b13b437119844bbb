/**
 * The server side of the parents' status checks (POST /v1/api/admission/status and
 * /v1/api/tc-request/status, and a rejected document's replacement): what keeps a stranger from
 * learning anything by guessing.
 *
 * - A pair that matches nothing is one answer, whatever was wrong: 404 with the same text, the same
 *   headers, after the same single query (the record is looked up by its number and mobile number
 *   together, so an existing number with a wrong mobile number costs what an unknown one does).
 * - Every well-formed try counts, found or not: 10 an hour per client address (status checks and
 *   replacements of both records together, so switching forms buys no more guesses) and 5 an hour
 *   per record number. A malformed body is answered 400 before any count: it tells nothing, and a
 *   parent's typo in the form's own checks costs no try.
 */
import { rateLimit } from './rate-limit.ts';
import { refuse } from './forms.ts';
import type { Result } from '../lib/forms/validate.ts';
import { languageOf, type FeeDue, type FeeState, type Say } from '../lib/status-check.ts';
import { formatRupees, paiseToRupees } from '../lib/money.ts';
import { fill, type Language } from '../lib/messages/index.ts';
import type { FeeStanding } from '../features/payments/payments.server.ts';
import { limits } from '../config/limits.ts';

export const STATUS_CHECKS_PER_ADDRESS = limits.statusChecksPerAddress.max;
export const STATUS_CHECKS_PER_NUMBER = limits.statusChecksPerNumber.max;
const HOUR = limits.statusChecksPerAddress.seconds;

/** Counts one try of a pair from `ip` for the record `number` (e.g. 'admission:RMCP-2026-000123'); 429 past either limit. */
export async function countTry(ip: string, number: string): Promise<void> {
  await rateLimit('status_check', ip, STATUS_CHECKS_PER_ADDRESS, HOUR);
  await rateLimit('status_check_number', number, STATUS_CHECKS_PER_NUMBER, HOUR);
}

/** A lookup body checked in the language it asks for, else 400 naming the fields. */
export function checked<T>(body: Record<string, unknown>, check: (input: unknown, say: Say) => Result<T>): T {
  const language = languageOf(body.language);
  const result = check(body, (code) => fill(language, code));
  if (!result.ok) throw refuse(result);
  return result.data;
}

/** What is due, as the answers carry it: rupees, or null when nothing is. */
export const feeDue = (paise: number): FeeDue | null => (paise > 0 ? { amount: paiseToRupees(paise), currency: 'INR' } : null);

/**
 * Where the fee stands and the sentence saying so, in `language`. `payableNow` is false while an
 * application awaits its decision: its fee is shown, with what it is for, but not asked for.
 * `purpose` names the fee ('admission fee, K.G, session 2027-28').
 */
export function feeWords(language: Language, fee: FeeStanding, purpose: string, payableNow: boolean): { feeState: FeeState; feeText: string } {
  const feeState: FeeState =
    fee.balancePaise > 0 ? (payableNow ? 'due' : 'later') : fee.waived ? 'waived' : fee.feePaise > 0 && fee.paidPaise >= fee.feePaise ? 'paid' : 'none';
  return { feeState, feeText: fill(language, `statusCheck.fee.${feeState}`, { amount: formatRupees(fee.balancePaise), for: purpose }) };
}
