/**
 * /admin/payments: what families paid online through the gateway, newest first: recorded (with a
 * receipt on the record), mismatched (an amount or currency not its order's: never counted; the
 * office calls the family and refunds from the Razorpay dashboard), refunded (paid when nothing was
 * due), and a refund the gateway refused. "Check with Razorpay now" runs the reconciliation that
 * the scheduled job runs every 15 minutes, for webhooks that never came. Below, the payments that did
 * not happen: failed at the gateway (with its reason) and orders left unpaid, so the office can call
 * the family.
 */
import { useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { useUrlQuery } from '../../lib/admin/url-query.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { formatRupees } from '../../lib/money.ts';
import { ScreenHeader, SelectField } from '../../components/admin/ui.tsx';
import { kindOf } from '../kinds.ts';
import {
  OUTCOME_TEXT,
  type OnlineListing,
  type OnlinePaymentRow,
  type Reconciliation,
  type UnpaidOrderRow,
} from './online.ts';
import './payments.css';

const OUTCOMES = ['recorded', 'mismatch', 'refunded', 'refund-failed'] as const;
const openOrders = (n: number) => (n === 1 ? '1 open order' : `${n} open orders`);

export default function OnlinePaymentsScreen() {
  const [query, update] = useUrlQuery(['outcome'] as const);
  const [busy, setBusy] = useState(false);
  const loaded = useLoad(
    () =>
      getJson<OnlineListing>(`/payments/online${query.outcome ? `?outcome=${encodeURIComponent(query.outcome)}` : ''}`),
    [query.outcome],
    () => toast.error('Failed to load the online payments'),
  );

  async function reconcile() {
    if (busy) return;
    setBusy(true);
    try {
      const { status, body } = await answerOf<Reconciliation>(await apiJson('/payments/reconcile', 'POST', {}));
      if (status === 200) {
        const r = body as Reconciliation;
        toast.success(
          `Checked ${openOrders(r.orders)} with Razorpay: ${r.paid} newly paid, ${r.mismatches} not matching, ${r.refunded} refunded.`,
        );
        loaded.reload();
      } else toast.error(String(body.error ?? 'The check with Razorpay failed'));
    } catch {
      toast.error('The check with Razorpay failed');
    } finally {
      setBusy(false);
    }
  }

  const data = loaded.data;
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Online payments">
        <button
          type="button"
          className="btn btn--primary"
          onClick={reconcile}
          disabled={busy || !data?.enabled}
          aria-busy={busy}
        >
          {busy ? 'Checking...' : 'Check with Razorpay now'}
        </button>
      </ScreenHeader>
      {data && (
        <p className="hint">
          {!data.enabled
            ? 'Online payment is not set up (no Razorpay keys): families pay at the desk.'
            : `${data.test ? 'Test gateway (no money moves). ' : ''}Waiting for payment: ${openOrders(data.openOrders)}, checked with Razorpay every 15 minutes.`}
        </p>
      )}
      <div className="admin-filters">
        <SelectField
          label="Show"
          value={query.outcome ?? ''}
          onChange={(v) => update({ outcome: v })}
          options={OUTCOMES}
          allLabel="All online payments"
          optionText={(o) => OUTCOME_TEXT[o as OnlinePaymentRow['outcome']]}
        />
      </div>
      {!data ? (
        <p className="admin-state" role="status">
          {loaded.failed ? 'Could not load the online payments.' : 'Loading...'}
        </p>
      ) : data.payments.length === 0 ? (
        <p className="hint">No online payment yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Online payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Record</th>
                <th scope="col">Amount</th>
                <th scope="col">Method</th>
                <th scope="col">Razorpay payment</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {data.payments.map((p) => (
                <tr
                  key={p.paymentId}
                  className={
                    p.outcome === 'mismatch' || p.outcome === 'refund-failed' ? 'payments__attention' : undefined
                  }
                >
                  <td data-label="When">{formatDateTime(p.createdAt, 'en')}</td>
                  <td data-label="Record" className="cell-wrap">
                    {p.recordNumber ? (
                      <a href={`${kindOf(p.entity).admin.details}${encodeURIComponent(p.recordId)}`}>
                        {kindOf(p.entity).labels.one} {p.recordNumber}
                      </a>
                    ) : (
                      `${kindOf(p.entity).labels.one} (deleted)`
                    )}
                    {p.student && <span className="payments__tag">{p.student}</span>}
                  </td>
                  <td data-label="Amount">
                    {p.currency === 'INR'
                      ? formatRupees(p.amountPaise)
                      : `${(p.amountPaise / 100).toFixed(2)} ${p.currency}`}
                  </td>
                  <td data-label="Method">{p.method.toUpperCase() || '—'}</td>
                  <td data-label="Razorpay payment" className="cell-wrap">
                    {p.paymentId}
                    {p.refundId ? ` (refund ${p.refundId})` : ''}
                  </td>
                  <td data-label="Outcome" className="cell-wrap">
                    {OUTCOME_TEXT[p.outcome]}
                    {p.note ? `. ${p.note}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <NotHappened rows={data.unpaid} minutes={data.abandonedMinutes} />}
    </section>
  );
}

/** The record an order was for, linked to its details screen (a deleted record: its kind only). */
function RecordCell({ row }: { row: Pick<UnpaidOrderRow, 'entity' | 'recordId' | 'recordNumber' | 'student'> }) {
  const kind = kindOf(row.entity);
  return (
    <td data-label="Record" className="cell-wrap">
      {row.recordNumber ? (
        <a href={`${kind.admin.details}${encodeURIComponent(row.recordId)}`}>
          {kind.labels.one} {row.recordNumber}
        </a>
      ) : (
        `${kind.labels.one} (deleted)`
      )}
      {row.student && <span className="payments__tag">{row.student}</span>}
    </td>
  );
}

/** Failed payments and abandoned orders, newest first: the families the office may call. */
function NotHappened({ rows, minutes }: { rows: UnpaidOrderRow[]; minutes: number }) {
  const reason = (u: UnpaidOrderRow) =>
    u.kind === 'failed'
      ? `Failed at Razorpay${u.reason ? `: ${u.reason}` : ''}${u.paymentId ? ` (${u.paymentId})` : ''}`
      : `Not paid: the family opened the payment and did not finish it within ${minutes} minutes`;
  return (
    <section aria-labelledby="unpaid-title" className="payments__unpaid">
      <h2 id="unpaid-title">Payments that did not happen</h2>
      <p className="hint">
        Nothing was received for these. The family may try again on its status page, or pay at the desk; a call helps.
      </p>
      {rows.length === 0 ? (
        <p className="hint">No failed or abandoned online payment.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Failed and abandoned online payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Record</th>
                <th scope="col">Amount</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={`${u.kind}-${u.paymentId ?? u.orderId}`}>
                  <td data-label="When">{formatDateTime(u.at, 'en')}</td>
                  <RecordCell row={u} />
                  <td data-label="Amount">{formatRupees(u.amountPaise)}</td>
                  <td data-label="Reason" className="cell-wrap">
                    {reason(u)}
                    {u.paidSince ? '. Paid later on another try.' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
