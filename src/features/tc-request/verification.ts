/**
 * Verifying an issued transfer certificate: the check of what is typed (the TC number and its date
 * of issue, as printed on the certificate) and the answer, shared by the /tc-verification island and
 * POST /v1/api/tc-verification (verification.server.ts).
 */
import { z } from '../../lib/zod.ts';
import { addCodedIssue, validate, type Result } from '../../lib/forms/validate.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import type { Language, TextCode } from '../../lib/i18n/index.ts';
import { TC_WORKFLOW } from './workflow.ts';

const NUMBER_MAX = TC_WORKFLOW.needs!.issued!.find((input) => input.name === 'tcNumber')!.max;

/** The page's words: its own, and the 429's (request.*) a limit may answer with. */
export type VerifyCode = Extract<TextCode, `tcVerify.${string}`>;
export type VerifyText = Record<VerifyCode, string>;

/** A TC number however it is typed: trimmed, inner spaces collapsed, upper case (the office's "tc/2026/41" is "TC/2026/41"). */
export const normaliseTcNumber = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

export interface Verification {
  tcNumber: string;
  issuedOn: string;
  language: Language;
}

const shape = z.object({
  tcNumber: z.optional(z.nullable(z.string())),
  issuedOn: z.optional(z.nullable(z.string())),
  language: z.optional(z.unknown()),
});
type Shape = z.output<typeof shape>;

/** { tcNumber, issuedOn, language? }, checked (each field's own message in the page's words) and normalised. */
export function checkVerification(input: unknown, say: (code: VerifyCode) => string): Result<Verification> {
  const schema = z.pipe(
    shape.check(
      z.superRefine((v: Shape, ctx) => {
        const number = normaliseTcNumber(v.tcNumber ?? '');
        if (!number || number.length > NUMBER_MAX)
          addCodedIssue(ctx, 'tcNumber', 'tcVerify.error.number', say('tcVerify.error.number'));
        if (!isCalendarDate((v.issuedOn ?? '').trim()))
          addCodedIssue(ctx, 'issuedOn', 'tcVerify.error.date', say('tcVerify.error.date'));
      }),
    ),
    z.transform((v: Shape): Verification => ({
      tcNumber: normaliseTcNumber(v.tcNumber ?? ''),
      issuedOn: (v.issuedOn ?? '').trim(),
      language: v.language === 'hi' ? 'hi' : 'en',
    })),
  );
  return validate(schema, input);
}

/** The answer when the number and the date match an issued TC with its scan. */
export interface VerifiedTc {
  studentName: string;
  tcNumber: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  /** A short-lived link to the signed TC's scan. */
  scanUrl: string;
  /** How long the link works. */
  scanMinutes: number;
  /**
   * Whether the link is the signed TC's scan; else it is the TC as the register drew it, before the
   * office attached the signed copy (which the page says, so nobody takes it for the signed one).
   */
  signed: boolean;
}
