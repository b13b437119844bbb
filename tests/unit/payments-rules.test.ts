/**
 * A payment's rules, case by case, in process (src/features/payments/payments.ts): what the office
 * may type as an amount, the mode and its reference, the date paid; the first failing rule is the
 * answer, naming its field. And the receipt number's form. tests/http/payments.test.ts keeps what
 * the API does with them: the 400 that stores nothing, the 409 above what is due, the statuses,
 * the numbering in the database and the receipts.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_PAYMENT_PAISE,
  MODE_LABELS,
  PAYMENT_TEXTS,
  TEST_RECEIVER,
  modeLabelsOf,
  validatePayment,
  type PaymentMode,
} from '../../src/features/payments/payments.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { RECEIPT_NUMBER, REFERENCE_NUMBER, receiptNumberOf } from '../../src/lib/record-numbers.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';

const TODAY = dateInIndia();
const good = { amount: 100, mode: 'cheque', reference: '004512', paidOn: TODAY };
const tomorrow = dateInIndia(new Date(Date.now() + 86_400_000));

describe('validatePayment', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['amount 0', { amount: 0 }, 'amount', PAYMENT_TEXTS.positive],
    ['amount -1', { amount: -1 }, 'amount', PAYMENT_TEXTS.positive],
    ['three decimals', { amount: 1.234 }, 'amount', PAYMENT_TEXTS.amount],
    ['text', { amount: 'abc' }, 'amount', PAYMENT_TEXTS.amount],
    ['commas out of place', { amount: '1,0,0' }, 'amount', PAYMENT_TEXTS.amount],
    ['another currency', { amount: '$100' }, 'amount', PAYMENT_TEXTS.amount],
    ['words after it', { amount: '100 rupees' }, 'amount', PAYMENT_TEXTS.amount],
    ['huge', { amount: 1e9 }, 'amount', PAYMENT_TEXTS.tooMuch],
    ['beyond exact numbers', { amount: 1e300 }, 'amount', PAYMENT_TEXTS.amount],
    ['missing amount', { amount: undefined }, 'amount', PAYMENT_TEXTS.required],
    ['amount as a list', { amount: [100] }, 'amount', FORM_TEXTS.wrongType],
    ['UPI without reference', { mode: 'upi', reference: ' ' }, 'reference', PAYMENT_TEXTS.reference],
    ['unknown mode', { mode: 'card' }, 'mode', PAYMENT_TEXTS.mode],
    ['reference too long', { reference: '1'.repeat(41) }, 'reference', PAYMENT_TEXTS.referenceTooLong],
    ['reference with markup', { reference: '<b>1</b>' }, 'reference', PAYMENT_TEXTS.referenceText],
    ['future date', { paidOn: tomorrow }, 'paidOn', PAYMENT_TEXTS.paidOn],
    ['no such date', { paidOn: '2026-02-30' }, 'paidOn', PAYMENT_TEXTS.paidOn],
    ['date as words', { paidOn: 'yesterday' }, 'paidOn', PAYMENT_TEXTS.paidOn],
    ['before 2000 (a mistyped year)', { paidOn: '1999-12-31' }, 'paidOn', PAYMENT_TEXTS.paidOn],
    ['missing date', { paidOn: '' }, 'paidOn', PAYMENT_TEXTS.required],
  ])('refuses %s, naming the field', (_name, patch, field, message) => {
    const result = validatePayment({ ...good, ...patch });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe(message);
    expect(Object.keys(result.fields)).toEqual([field]);
  });

  it.each([
    ['₹6,000', 600000],
    ['6000.00', 600000],
    ['2,999.50', 299950],
    ['Rs. 0.50', 50],
    [100, 10000],
    ['10,00,000', MAX_PAYMENT_PAISE],
  ])('takes the amount %j as a clerk types it: %i paise', (amount, paise) => {
    expect(validatePayment({ ...good, amount, mode: 'cash', reference: '' })).toEqual({
      ok: true,
      data: { amountPaise: paise, mode: 'cash', reference: '', paidOn: TODAY },
    });
  });

  it('needs a reference for every mode but cash', () => {
    for (const mode of ['upi', 'cheque', 'dd', 'bank-transfer'])
      expect(validatePayment({ ...good, mode, reference: '' }).ok, mode).toBe(false);
    expect(validatePayment({ ...good, mode: 'cash', reference: '' }).ok).toBe(true);
  });
});

describe('receipt numbers', () => {
  it('are RMCP-R-<year>-<six-digit sequence>', () => {
    expect(receiptNumberOf('RMCP', 2026, 1)).toBe('RMCP-R-2026-000001');
    expect(receiptNumberOf('SPS', '2027', 123456)).toBe('SPS-R-2027-123456');
    expect(RECEIPT_NUMBER.test('SPS-R-2027-123456')).toBe(true);
    expect(RECEIPT_NUMBER.test('SPS-2027-123456')).toBe(false);
    expect(REFERENCE_NUMBER.test('SPS-2027-000123')).toBe(true);
    expect(REFERENCE_NUMBER.test('S-2027-000123')).toBe(false);
  });
});

describe("the mode a record's payments list shows", () => {
  const entry = (receiptNumber: string, mode: PaymentMode, receivedBy: string, reverses: string | null = null) => ({
    receiptNumber,
    mode,
    receivedBy,
    reverses,
  });
  it('names a test-gateway payment and its reversal as test payments, every other entry by its mode', () => {
    expect(
      modeLabelsOf([
        entry('R-1', 'online', TEST_RECEIVER),
        entry('R-2', 'cash', 'Clerk', 'R-1'),
        entry('R-3', 'online', 'Online (Razorpay)'),
        entry('R-4', 'upi', 'Clerk'),
      ]),
    ).toEqual(['Test payment: no money moved', 'Test payment: no money moved', MODE_LABELS.online, MODE_LABELS.upi]);
  });
});
