/**
 * What the parents' status checks share, on both sides: the check of a lookup (a record's number and
 * the mobile number given on its form, plus the language of the words in the answer), and the parts
 * of an answer every record has. Each record's own lookup is in its feature folder (status-check.ts).
 */
import { z } from './zod.ts';
import { addCodedIssue, textShape, validate, type Result } from './forms/validate.ts';
import { phoneDigits } from './forms/phone.ts';
import { RECEIPT_NUMBER } from './record-numbers.ts';
import type { Language, TextCode } from './i18n/index.ts';

/** The words of a document's file field (FileField.tsx), which the admission's status page uses to take a new document. */
type FileFieldCode =
  `formText.file${string}` | `form.file${string}` | 'form.photoUnreadable' | 'form.imageTooSmall' | 'form.uploadFailed';
export const isFileFieldCode = (code: string): code is FileFieldCode =>
  /^(formText\.file|form\.file)/.test(code) ||
  ['form.photoUnreadable', 'form.imageTooSmall', 'form.uploadFailed'].includes(code);

/** The refusals a lookup may get besides its own words: too many wrong tries with the mobile number typed. */
const LOOKUP_REFUSALS = ['request.statusMobileLimit'] as const;
type LookupRefusal = (typeof LOOKUP_REFUSALS)[number];
export const isLookupRefusal = (code: string): code is LookupRefusal =>
  (LOOKUP_REFUSALS as readonly string[]).includes(code);

/** The codes the status pages use: their own words, how a class reads, a file field's words and the lookups' own refusals. */
export type StatusCheckCode = Extract<TextCode, `statusCheck.${string}` | 'class.name' | FileFieldCode | LookupRefusal>;
/** Those words in one language, handed to the island by its page (see status-words.ts). */
export type StatusCheckText = Record<StatusCheckCode, string>;
/** A message of the status pages in the language asked for. */
export type Say = (code: StatusCheckCode) => string;

/** The language a request asks for: 'hi', else English. */
export const languageOf = (value: unknown): Language => (value === 'hi' ? 'hi' : 'en');

/** A receipt number as the office issues them (src/lib/record-numbers.ts). */
export const isReceiptNumber = (value: string) => RECEIPT_NUMBER.test(value);

/** The address of a receipt's PDF, proven by the pair the status was checked with, in `language`. */
export const receiptHref = (
  path: '/admission/receipt' | '/tc-request/receipt',
  proof: Record<string, string>,
  number: string,
  language: Language,
) => `/v1/api${path}?${new URLSearchParams({ ...proof, number, lang: language })}`;

/** What is still to pay, in rupees; null when nothing is (paid, waived, or no fee is taken). */
export interface FeeDue {
  amount: number;
  currency: 'INR';
}

/**
 * Where the fee stands: `due` now (the parent is asked to pay it), `later` (an application's fee,
 * paid once it is admitted), `paid` in full, `waived`, or `none` (no fee, or the record is closed).
 */
export type FeeState = 'due' | 'later' | 'paid' | 'waived' | 'none';

/**
 * One of the family's receipts as the office issued it: a payment, or a reversal (a negative amount,
 * a refund receipt of its own). Each is a PDF at the record's receipt address.
 */
export interface ReceiptEntry {
  number: string;
  /** Rupees; negative for a reversal. */
  amount: number;
  /** YYYY-MM-DD. */
  paidOn: string;
}

/** The words and dates every status answer carries. */
export interface StatusCheckTexts {
  status: string;
  /** The status in the parent's words (the text table's `status.<record>.<status>`). */
  statusLabel: string;
  /** When the status last changed (its creation when it never moved), ISO. */
  updatedAt: string;
  /** What is left of the fee to pay (see feeState for whether it is asked for now); null when nothing is. */
  feeDue: FeeDue | null;
  feeState: FeeState;
  /** One sentence: the fee, what it is for, and whether anything is to be paid now. */
  feeText: string;
  /** Whether what is due can be paid online now: 'live' (Razorpay), 'test' (the built-in test gateway), or null (at the desk only). */
  payOnline: 'live' | 'test' | null;
  /** Every receipt of the record, oldest first. */
  receipts: ReceiptEntry[];
  /** One sentence: what the parent does next, or what the school does. */
  nextStep: string;
}

/** A checked lookup: the record's number (normalised), the 10-digit mobile number and the language. */
export type Lookup<N extends string> = Record<N, string> & { contactNo: string; language: Language };

export interface LookupRules<N extends string> {
  /** The body's name of the record's number. */
  number: N;
  /** The number as stored, or undefined when it cannot be one. */
  normalise: (value: string) => string | undefined;
  /** The message of a missing or malformed number. */
  numberMessage: StatusCheckCode;
}

/**
 * The check of a lookup body ({ <number>, contactNo, language? } plus `extra` text fields), with its
 * messages as `say` words them: both fields are needed and must look like what they are, and every field
 * found wanting is named (not only the first). The answer carries them normalised.
 */
export function checkLookup<N extends string, E extends string = never>(
  rules: LookupRules<N>,
  input: unknown,
  say: Say,
  extra: { fields: readonly E[]; problems: (values: Record<E, string>) => Partial<Record<E, StatusCheckCode>> } = {
    fields: [],
    problems: () => ({}),
  },
): Result<Lookup<N> & Record<E, string>> {
  const shape = textShape([rules.number, 'contactNo', 'language', ...extra.fields]);
  type Shape = z.output<typeof shape>;
  const schema = z.pipe(
    shape.check(
      z.superRefine((v: Shape, ctx) => {
        const values = v as Record<string, string>;
        const problems: Record<string, StatusCheckCode> = {
          ...(rules.normalise(values[rules.number]!) ? {} : { [rules.number]: rules.numberMessage }),
          ...(phoneDigits(values.contactNo!) ? {} : { contactNo: 'statusCheck.error.mobile' as const }),
          ...(extra.problems(values as Record<E, string>) as Record<string, StatusCheckCode>),
        };
        for (const [field, code] of Object.entries(problems)) addCodedIssue(ctx, field, code, say(code));
      }),
    ),
    z.transform((v: Shape) => {
      const values = v as Record<string, string>;
      return {
        ...Object.fromEntries(extra.fields.map((f) => [f, values[f]!])),
        [rules.number]: rules.normalise(values[rules.number]!)!,
        contactNo: phoneDigits(values.contactNo!)!,
        language: languageOf(values.language),
      } as Lookup<N> & Record<E, string>;
    }),
  );
  return validate(schema, input);
}

/** How a return from the gateway ended, as the status page says it (the payments feature's return from it). */
export const PAYMENT_OUTCOMES = ['paid', 'pending', 'failed', 'cancelled', 'refunded', 'mismatch'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
export const isPaymentOutcome = (value: unknown): value is PaymentOutcome =>
  (PAYMENT_OUTCOMES as readonly unknown[]).includes(value);

/** The key under which the status page keeps the pair while the family is at the gateway (sessionStorage: never in an address). */
export const PAY_PAIR_KEY = 'pay-pair';
