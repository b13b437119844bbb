/**
 * Fees and payments, as the payments API and the screens share them: the modes, the payment
 * statuses, the body of a new payment (its one schema, island and server alike), and the JSON of
 * a payment, a record's fee and a receipt. Amounts travel as rupees (numbers with at most two
 * decimals) beside their exact whole paise.
 */
import type { PaidKind } from '../kinds.ts';
import { z } from '../../lib/zod.ts';
import { Rules, emptyOf, text, validate, type Result } from '../../lib/forms/validate.ts';
import { dateInIndia, isCalendarDate } from '../../lib/dates.ts';
import { formatRupees, rupeesToPaise } from '../../lib/money.ts';

/** What the desk takes. */
export const PAYMENT_MODES = ['cash', 'upi', 'cheque', 'dd', 'bank-transfer'] as const;
/** The desk's modes and 'online': paid by the family through the gateway (never typed at the desk). */
export type PaymentMode = (typeof PAYMENT_MODES)[number] | 'online';

export const MODE_LABELS: Record<PaymentMode, string> = {
  cash: 'Cash',
  upi: 'UPI',
  cheque: 'Cheque',
  dd: 'Demand draft (DD)',
  'bank-transfer': 'Bank transfer (NEFT / RTGS / IMPS)',
  online: 'Online (Razorpay: UPI, card or net banking)',
};

/** Who "received" an entry the built-in test gateway recorded: it also marks the entry (and its reversal) as one where no money moved. */
export const TEST_RECEIVER = 'Test gateway (no money moved)';

/**
 * How a record's payments list names each entry's mode: a test-gateway payment, and the reversal
 * of one, say that no money moved rather than naming the real gateway.
 */
export function modeLabelsOf(
  payments: readonly Pick<Payment, 'mode' | 'receivedBy' | 'receiptNumber' | 'reverses'>[],
): string[] {
  const test = new Set(
    payments.filter((p) => p.mode === 'online' && p.receivedBy === TEST_RECEIVER).map((p) => p.receiptNumber),
  );
  return payments.map((p) =>
    test.has(p.receiptNumber) || (p.reverses !== null && test.has(p.reverses))
      ? 'Test payment: no money moved'
      : MODE_LABELS[p.mode],
  );
}

/** What the reference of each mode is called on screen and on the receipt. */
export const REFERENCE_LABELS: Record<PaymentMode, string> = {
  cash: 'Reference (optional)',
  upi: 'UPI transaction ID (UTR)',
  cheque: 'Cheque number',
  dd: 'DD number',
  'bank-transfer': 'UTR number',
  online: 'Razorpay payment ID',
};

export const REFERENCE_MAX = 40;
/** Reasons of reversals and notes of waivers. */
export const REASON_MAX = 500;
/** One payment is at most ten lakh rupees: far above any fee, far below a typing accident with extra zeros. */
export const MAX_PAYMENT_PAISE = 10_00_000 * 100;
/** Payments are not dated before this (a mistyped year). */
const EARLIEST_PAID_ON = '2000-01-01';

export const PAYMENT_TEXTS = {
  required: 'Please fill in all required fields.',
  amount: 'Enter the amount in rupees, with at most 2 decimals (for example 6000, 6,000, ₹6,000 or 6000.50).',
  positive: 'The amount must be more than zero.',
  tooMuch: `One payment can be at most ${formatRupees(MAX_PAYMENT_PAISE)}.`,
  mode: `Choose how it was paid: ${PAYMENT_MODES.map((m) => MODE_LABELS[m]).join(', ')}.`,
  reference: 'Enter the UTR, cheque or DD number: every mode but cash needs one.',
  referenceTooLong: `The reference can have at most ${REFERENCE_MAX} characters.`,
  referenceText: 'The reference can have letters, digits, spaces and - / . only.',
  paidOn: 'Enter the date it was paid (not in the future).',
  reason: 'Write why this payment is reversed.',
  note: 'Write why the fee is waived.',
  tooLongText: `Write at most ${REASON_MAX} characters.`,
} as const;

const shape = z.object({
  amount: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  mode: text(),
  reference: text(),
  paidOn: text(),
});

const isMode = (value: string): value is PaymentMode => (PAYMENT_MODES as readonly string[]).includes(value);

/**
 * POST .../payments: amount (rupees), mode, reference (all modes but cash), paidOn (YYYY-MM-DD,
 * India's today at the latest). Checked in that order; the first failing check is the answer.
 */
const paymentSchema = shape.check(
  z.superRefine((v: z.output<typeof shape>, ctx) => {
    const rules = new Rules(ctx);
    const paise = rupeesToPaise(v.amount) ?? 0;
    rules.check(PAYMENT_TEXTS.required, () => [
      ...(v.amount === undefined || v.amount === null || v.amount === '' ? ['amount'] : []),
      ...emptyOf(v, ['mode', 'paidOn']),
    ]);
    rules.check(PAYMENT_TEXTS.amount, () => (rupeesToPaise(v.amount) === undefined ? ['amount'] : []));
    rules.check(PAYMENT_TEXTS.positive, () => (paise <= 0 ? ['amount'] : []));
    rules.check(PAYMENT_TEXTS.tooMuch, () => (paise > MAX_PAYMENT_PAISE ? ['amount'] : []));
    rules.check(PAYMENT_TEXTS.mode, () => (isMode(v.mode) ? [] : ['mode']));
    rules.check(PAYMENT_TEXTS.reference, () => (v.mode !== 'cash' && !v.reference ? ['reference'] : []));
    rules.check(PAYMENT_TEXTS.referenceTooLong, () => (v.reference.length > REFERENCE_MAX ? ['reference'] : []));
    rules.check(PAYMENT_TEXTS.referenceText, () => (/^[\p{L}\p{N} \-/.]*$/u.test(v.reference) ? [] : ['reference']));
    rules.check(PAYMENT_TEXTS.paidOn, () =>
      isCalendarDate(v.paidOn) && v.paidOn >= EARLIEST_PAID_ON && v.paidOn <= dateInIndia() ? [] : ['paidOn'],
    );
  }),
);

export interface NewPayment {
  amountPaise: number;
  mode: PaymentMode;
  reference: string;
  paidOn: string;
}

/** A new payment's body, checked: its amount in whole paise. */
export function validatePayment(input: unknown): Result<NewPayment> {
  const result = validate(paymentSchema, input);
  if (!result.ok) return result;
  const v = result.data;
  return {
    ok: true,
    data: {
      amountPaise: rupeesToPaise(v.amount)!,
      mode: v.mode as PaymentMode,
      reference: v.reference,
      paidOn: v.paidOn,
    },
  };
}

/** One entry of a record's payments, oldest first. A reversal is a negative entry. */
export interface Payment {
  _id: string;
  receiptNumber: string;
  /** Rupees; negative for a reversal. */
  amount: number;
  amountPaise: number;
  mode: PaymentMode;
  reference: string;
  /** YYYY-MM-DD: when it was paid (a reversal: when it was reversed). */
  paidOn: string;
  receivedBy: string;
  createdAt: string;
  /** A reversal: the receipt number of the payment it reverses. */
  reverses: string | null;
  /** A reversed payment: the receipt number of its reversal. */
  reversedBy: string | null;
  /** A reversal's reason. */
  reason: string;
}

/** A record's fee: what the fee is (`due`), what is paid net of reversals, and what is still owed. */
export interface Fee {
  due: number;
  paid: number;
  balance: number;
  duePaise: number;
  paidPaise: number;
  balancePaise: number;
  /** The principal's note when the fee is waived, else null. */
  waiverNote: string | null;
}

/** What a record's details JSON gains. */
export interface PaymentDetails {
  fee: Fee;
  payments: Payment[];
}

/** GET /v1/api/receipts/{receiptNumber}. */
export interface Receipt {
  /** The school as its profile has it when the receipt is read; an unset fact is null (left out). */
  school: {
    name: string;
    address: string;
    affiliationNumber: string | null;
    phone: string | null;
    email: string | null;
  };
  receiptNumber: string;
  kind: 'payment' | 'reversal';
  /** YYYY-MM-DD: the day it was paid (a reversal: the day it was reversed). */
  date: string;
  recordedAt: string;
  entity: PaidKind;
  recordId: string;
  /** 'Admission fee' or 'Transfer certificate fee'. */
  purpose: string;
  studentName: string;
  /** The father's name on an application (the mother's when none is given); a TC request's parent. */
  parentName: string;
  /** '2027-28': the session applied for, or for a TC the school year it was paid in. */
  session: string;
  /** An admission's class, else null. */
  admissionClass: string | null;
  /** A TC request's admission number, else null. */
  admissionNumber: string | null;
  /** An admission's reference number (src/lib/record-numbers.ts); a TC request has none. */
  applicationReference: string | null;
  /** Signed: negative for a reversal. */
  amountPaise: number;
  amount: number;
  /** ₹12,500.00: the amount paid or refunded, without a sign. */
  amountInFigures: string;
  amountInWords: string;
  mode: PaymentMode;
  /** No money moved: a payment through the built-in test gateway, or the reversal of one (its labels say so). */
  test: boolean;
  modeLabel: string;
  reference: string;
  referenceLabel: string;
  receivedBy: string;
  /** A reversal's reason. */
  reason: string;
  reverses: string | null;
  reversedBy: string | null;
}

/** The receipt page of a receipt number. */
export const receiptPath = (number: string) => `/admin/receipts/${encodeURIComponent(number)}`;
