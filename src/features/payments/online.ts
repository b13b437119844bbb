/**
 * Paying online, as the status pages and POST /v1/api/payments/order share it: the kinds paid
 * online, the order's answer, how the return from the gateway is said on the status page
 * (`?payment=<outcome>`), and what the office's screen reads. The order's body is checked on the
 * server (online.server.ts) with each kind's own reading of its number (its `payment.online`).
 */
import type { PaidKind } from '../kinds.ts';

/**
 * The options of Razorpay's Standard Checkout (`new Razorpay(options).open()`), as the page passes
 * them: with callback_url and redirect, the checkout POSTs razorpay_payment_id, razorpay_order_id and
 * razorpay_signature (or error[...]) to our callback, on a phone and a computer alike.
 */
export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { contact: string };
  callback_url: string;
  redirect: true;
}

/** 201 with the order (a retry: the open one again): what the page needs to open the gateway's checkout. */
export interface OrderAnswer {
  orderId: string;
  /** Whole paise, as the gateway counts. */
  amount: number;
  currency: 'INR';
  keyId: string;
  /** The checkout script the page loads when the family taps Pay (Razorpay's checkout.js, or the test gateway's own). */
  checkoutScript: string;
  /** What the page passes to `new Razorpay(...)`. */
  checkout: CheckoutOptions;
  /** The built-in test gateway: no money moves. */
  test: boolean;
}

/** What a reconciliation run found: open orders asked about, and what their payments came to. */
export interface Reconciliation {
  orders: number;
  paid: number;
  mismatches: number;
  refunded: number;
  /** Orders the gateway could not be asked about this time (tried again next run). */
  failed: number;
}

/** One gateway payment as the office's screen lists it (GET /v1/api/payments/online). */
export interface OnlinePaymentRow {
  paymentId: string;
  orderId: string;
  entity: PaidKind;
  recordId: string;
  /** The application's reference number or the TC request's admission number; null once the record is deleted. */
  recordNumber: string | null;
  student: string | null;
  amountPaise: number;
  currency: string;
  /** upi, card, netbanking, wallet, as the gateway names it. */
  method: string;
  outcome: 'recorded' | 'mismatch' | 'refunded' | 'refund-failed';
  refundId: string | null;
  note: string;
  createdAt: string;
}

/** An online payment that did not happen (GET /v1/api/payments/online's `unpaid`): failed at the gateway, or an order never paid. */
export interface UnpaidOrderRow {
  kind: 'failed' | 'abandoned';
  orderId: string;
  /** The failed payment's gateway id; null for an abandoned order. */
  paymentId: string | null;
  entity: PaidKind;
  recordId: string;
  recordNumber: string | null;
  student: string | null;
  amountPaise: number;
  /** The gateway's reason for a failed payment (its own words, English); empty for an abandoned order. */
  reason: string;
  /** The family paid the order later (another try). */
  paidSince: boolean;
  /** When the payment failed, or when the abandoned order was made. */
  at: string;
}

export interface OnlineListing {
  /** Whether online payment is offered at all (keys set, or the local test gateway). */
  enabled: boolean;
  test: boolean;
  openOrders: number;
  payments: OnlinePaymentRow[];
  unpaid: UnpaidOrderRow[];
  /** Minutes after which an order not paid counts as abandoned. */
  abandonedMinutes: number;
}

/** What each outcome means, as the office's screens say it. */
export const OUTCOME_TEXT: Record<OnlinePaymentRow['outcome'], string> = {
  recorded: 'Recorded: receipt given',
  mismatch: 'Not counted: amount or currency not as ordered',
  refunded: 'Refunded: nothing was due',
  'refund-failed': 'Refund refused by Razorpay: refund it from the dashboard',
};
