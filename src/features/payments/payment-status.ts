/**
 * Where a record's fee stands. Kept apart from payments.ts so the record definitions (which the
 * public forms load) can read the labels without the payment form's code.
 */
export const PAYMENT_STATUSES = ['pending', 'partial', 'paid', 'waived'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Not paid',
  partial: 'Partly paid',
  paid: 'Paid',
  waived: 'Waived',
};
