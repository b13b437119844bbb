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
import { languageOf, type FeeDue, type Say } from '../lib/status-check.ts';
import { paiseToRupees } from '../lib/money.ts';
import { fill } from '../lib/messages/index.ts';
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
