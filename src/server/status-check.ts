/**
 * The server side of the parents' status checks (POST /v1/api/admission/status and
 * /v1/api/tc-request/status, and a rejected document's replacement): what keeps a stranger from
 * learning anything by guessing.
 *
 * - A pair that matches nothing is one answer, whatever was wrong: 404 with the same text, the same
 *   headers, after the same single query (the record is looked up by its number and mobile number
 *   together, so an existing number with a wrong mobile number costs what an unknown one does).
 * - Limits (src/config/limits.ts), shared by every lookup of both records (status pages,
 *   replacement, receipt and acknowledgment PDFs), so switching between them buys no more guesses:
 *   every well-formed try counts per address (a generous bound); a wrong try also counts per
 *   address and per mobile number tried, so a known mobile number cannot walk the sequential
 *   record numbers from many addresses. Nothing counts per record number: a stranger's wrong tries
 *   against a family's number never refuse the family's right pair. A malformed body is answered
 *   400 before any count: it tells nothing, and a parent's typo in the form's own checks costs no try.
 * - A try is counted as wrong before the lookup and taken back once it proves right. So concurrent
 *   wrong tries cannot slip past a full window (each hit is counted atomically or refused before
 *   anything is looked up), and a full window refuses the right pair as it does a wrong one: the
 *   429 never tells a guess that matched from one that did not.
 */
import { countHitsOf, type Count } from './rate-limit.ts';
import { refuse } from './forms.ts';
import type { Result } from '../lib/forms/validate.ts';
import { languageOf, type FeeDue, type FeeState, type Say } from '../lib/status-check.ts';
import { formatRupees, paiseToRupees } from '../lib/money.ts';
import { fill, type Language } from '../lib/i18n/index.ts';
import { limits } from '../config/limits.ts';
import { gatewayConfig } from './razorpay.ts';

const {
  statusChecksPerAddress: PER_ADDRESS,
  statusWrongTriesPerAddress: WRONG_PER_ADDRESS,
  statusWrongTriesPerMobile: WRONG_PER_MOBILE,
} = limits;

/**
 * One try of a pair from `ip` with the mobile number `mobile` (10 digits): counts it while looking
 * the record up with `find` (the one query) and answers what it found (undefined: no match), or,
 * given `after`, what `after` makes of it: that work runs while the try is taken back, so a family
 * far from the database waits two round trips, not four. 429 past any of the limits (what the
 * lookup found is then not used). A lookup that names no mobile number (`null`: a TC's
 * verification by its number and date of issue) counts in the address's two limits.
 */
export async function lookUpPair<T>(
  ip: string,
  mobile: string | null,
  find: () => Promise<T | undefined>,
): Promise<T | undefined>;
export async function lookUpPair<T, R>(
  ip: string,
  mobile: string | null,
  find: () => Promise<T | undefined>,
  after: (found: T) => Promise<R>,
): Promise<R | undefined>;
export async function lookUpPair<T, R>(
  ip: string,
  mobile: string | null,
  find: () => Promise<T | undefined>,
  after?: (found: T) => Promise<R>,
): Promise<T | R | undefined> {
  const counts: Count[] = [
    { bucket: 'status_check', key: ip, limit: PER_ADDRESS.max, windowSeconds: PER_ADDRESS.seconds },
    { bucket: 'status_check_wrong', key: ip, limit: WRONG_PER_ADDRESS.max, windowSeconds: WRONG_PER_ADDRESS.seconds },
    ...(mobile === null
      ? []
      : [
          {
            bucket: 'status_check_mobile',
            key: mobile,
            limit: WRONG_PER_MOBILE.max,
            windowSeconds: WRONG_PER_MOBILE.seconds,
            message: 'statusMobileLimit' as const,
          },
        ]),
  ];
  // The lookup runs beside the count: one round trip, not two. Past a limit the answer is the 429
  // whatever the lookup found, so a refused try still tells nothing about the pair.
  const [counted, looked] = await Promise.allSettled([countHitsOf(counts), find()]);
  if (counted.status === 'rejected') throw counted.reason;
  if (looked.status === 'rejected') throw looked.reason;
  const hits = counted.value;
  const found = looked.value;
  if (found === undefined) return undefined;
  // Right: it stays counted only in the address's bound of every try (the first count).
  const wrongTries = counts.map((_, i) => i).slice(1);
  const [, made] = await Promise.all([hits.undo(wrongTries), after ? after(found) : found]);
  return made;
}

/** A lookup body checked in the language it asks for, else 400 naming the fields. */
export function checked<T>(body: Record<string, unknown>, check: (input: unknown, say: Say) => Result<T>): T {
  const language = languageOf(body.language);
  const result = check(body, (code) => fill(language, code));
  if (!result.ok) throw refuse(result);
  return result.data;
}

/** What is due, as the answers carry it: rupees, or null when nothing is. */
export const dueAnswer = (paise: number): FeeDue | null =>
  paise > 0 ? { amount: paiseToRupees(paise), currency: 'INR' } : null;

/** The figures of a record's fee that its words need (the payments feature's FeeStanding has them), in paise. */
interface FeeFigures {
  balancePaise: number;
  feePaise: number;
  paidPaise: number;
  waived: boolean;
}

/**
 * Where the fee stands and the sentence saying so, in `language`. `payableNow` is false while an
 * application awaits its decision: its fee is shown, with what it is for, but not asked for.
 * `purpose` names the fee ('admission fee, K.G, session 2027-28').
 */
export function feeTexts(
  language: Language,
  fee: FeeFigures,
  purpose: string,
  payableNow: boolean,
): { feeState: FeeState; feeText: string; payOnline: 'live' | 'test' | null } {
  const feeState: FeeState =
    fee.balancePaise > 0
      ? payableNow
        ? 'due'
        : 'later'
      : fee.waived
        ? 'waived'
        : fee.feePaise > 0 && fee.paidPaise >= fee.feePaise
          ? 'paid'
          : 'none';
  // Offered only where a gateway is set up (or the local test gateway runs): elsewhere the desk takes it.
  const gateway = feeState === 'due' ? gatewayConfig() : undefined;
  // Where the Pay button shows, the sentence says the family may pay online or at the office.
  const code = gateway ? 'statusCheck.fee.dueOnline' : (`statusCheck.fee.${feeState}` as const);
  return {
    feeState,
    feeText: fill(language, code, { amount: formatRupees(fee.balancePaise), for: purpose }),
    payOnline: gateway ? (gateway.test ? 'test' : 'live') : null,
  };
}
