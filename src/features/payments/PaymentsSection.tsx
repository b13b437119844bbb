/**
 * The fee and payments of an admission or TC request, on its details screen: what the fee is, what
 * is paid and still due, every payment with a link to its receipt, and the Record payment form.
 * The principal also reverses a payment (with a reason) and waives the fee (with a note); the
 * server checks every call again. `onChange` reloads the record after a change. A fee recorded on
 * a record its kind does not yet ask to pay (an application not yet admitted: the family was told
 * to pay only after admission) is confirmed first in a dialog.
 */
import { visibleText } from '../../lib/visible-text.ts';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { apiJson, answerOf } from '../../lib/api-client.ts';
import { dateInIndia, formatDate } from '../../lib/dates.ts';
import { formatRupees } from '../../lib/money.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import {
  MODE_LABELS,
  PAYMENT_MODES,
  modeLabelsOf,
  REASON_MAX,
  REFERENCE_LABELS,
  REFERENCE_MAX,
  receiptPath,
  validatePayment,
  type Fee,
  type Payment,
  type PaymentMode,
} from './payments.ts';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from './payment-status.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { OUTCOME_TEXT, type OnlineListing } from './online.ts';
import { kindOf, type PaidKind } from '../kinds.ts';
import './payments.css';

interface Props {
  entity: PaidKind;
  record: { _id: string; status?: string; paymentStatus?: string | null; fee?: Fee; payments?: Payment[] };
  onChange: () => void;
}

type Fields = Record<string, string>;

/** A POST of the payments API: its answer's status, error and field errors. */
async function send(path: string, body: unknown) {
  try {
    return await answerOf(await apiJson(path, 'POST', body));
  } catch {
    return {
      status: 0,
      body: { error: 'No connection: nothing was saved. Try again.' } as { error?: string; fields?: Fields },
    };
  }
}

const statusLabel = (status: string | null | undefined) =>
  PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status ?? '';

/**
 * The record's status, when its kind asks for the fee only at some statuses (an application: once
 * admitted) and it is not at one of them yet; undefined when the family was asked to pay.
 */
function notYetAsked(entity: PaidKind, status: string | undefined): string | undefined {
  const payableAt = kindOf(entity).payment?.online.payableAt;
  if (!payableAt || !status || payableAt.includes(status)) return undefined;
  return (kindOf(entity).workflow.labels as Readonly<Record<string, string>>)[status] ?? status;
}

export function PaymentsSection({ entity, record, onChange }: Props) {
  const id = useId();
  const principal = useIsPrincipal();
  const [reversing, setReversing] = useState<Payment>();
  const [waiving, setWaiving] = useState(false);
  const fee = record.fee;
  const payments = record.payments ?? [];
  const modeLabels = modeLabelsOf(payments);
  const base = `/${entity}/${encodeURIComponent(record._id)}`;
  const waived = record.paymentStatus === 'waived';
  const open = !!fee && fee.balancePaise > 0 && !waived;

  return (
    <section aria-labelledby={`${id}-title`} className="details-card payments">
      <h2 id={`${id}-title`}>Fee and payments</h2>
      {fee && (
        <dl className="payments__summary">
          <div>
            <dt>Fee</dt>
            <dd>{formatRupees(fee.duePaise)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatRupees(fee.paidPaise)}</dd>
          </div>
          <div>
            <dt>Still due</dt>
            <dd>{formatRupees(fee.balancePaise)}</dd>
          </div>
          <div>
            <dt>Payment status</dt>
            <dd>{statusLabel(record.paymentStatus)}</dd>
          </div>
        </dl>
      )}
      {fee?.waiverNote && (
        <p className="payments__note">
          <strong>Fee waived:</strong> {fee.waiverNote}
        </p>
      )}

      {payments.length === 0 ? (
        <p className="hint">No payments yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Payments, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Receipt</th>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Mode</th>
                <th scope="col">Reference</th>
                <th scope="col">Received by</th>
                {principal && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {payments.map((p, i) => (
                <tr key={p._id}>
                  <td data-label="Receipt">
                    <a href={receiptPath(p.receiptNumber)}>{p.receiptNumber}</a>
                    {p.reverses && (
                      <span className="payments__tag">
                        {' '}
                        Reverses {p.reverses}
                        {p.reason ? `: ${p.reason}` : ''}
                      </span>
                    )}
                    {p.reversedBy && <span className="payments__tag"> Reversed by {p.reversedBy}</span>}
                  </td>
                  <td data-label="Date">{formatDate(`${p.paidOn}T00:00:00+05:30`)}</td>
                  <td data-label="Amount">{formatRupees(p.amountPaise)}</td>
                  <td data-label="Mode">{modeLabels[i]}</td>
                  <td data-label="Reference" className="cell-wrap">
                    {p.reference || '—'}
                  </td>
                  <td data-label="Received by">{p.receivedBy}</td>
                  {principal && (
                    <td data-label="Action">
                      {!p.reverses && !p.reversedBy ? (
                        <button
                          type="button"
                          className="btn btn--small"
                          onClick={() => setReversing(p)}
                          aria-label={`Reverse receipt ${p.receiptNumber}`}
                        >
                          Reverse
                        </button>
                      ) : (
                        '—'
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <NotCounted recordId={record._id} />

      {open && (
        <PaymentForm
          path={`${base}/payments`}
          balancePaise={fee.balancePaise}
          notYetAsked={notYetAsked(entity, record.status)}
          onDone={onChange}
        />
      )}
      {principal && open && (
        <p className="admin-actions payments__waive">
          <button type="button" className="btn" onClick={() => setWaiving(true)}>
            Waive fee
          </button>
        </p>
      )}

      <TextDialog
        open={!!reversing}
        title={reversing ? `Reverse receipt ${reversing.receiptNumber}` : ''}
        intro={
          reversing
            ? `A refund entry of ${formatRupees(reversing.amountPaise)} is added with a receipt number of its own. The payment itself is kept.${
                reversing.mode === 'online'
                  ? " It was paid online: Razorpay returns the money to the family's account first (5 to 7 working days)."
                  : ''
              }`
            : ''
        }
        label="Reason"
        submitLabel="Reverse payment"
        onCancel={() => setReversing(undefined)}
        onSubmit={async (reason) => {
          const answer = await send(`${base}/payments/${encodeURIComponent(reversing!._id)}/reverse`, { reason });
          if (answer.status !== 201) return answer.body;
          const receipt = (answer.body as { payment?: Payment }).payment?.receiptNumber;
          toast.success(`Payment reversed: receipt ${receipt}`);
          setReversing(undefined);
          onChange();
          return undefined;
        }}
      />
      <TextDialog
        open={waiving}
        title="Waive the fee"
        intro={
          fee
            ? `Nothing more (${formatRupees(fee.balancePaise)} now) will be asked for. Payments made so far are kept.`
            : ''
        }
        label="Note (why it is waived)"
        submitLabel="Waive fee"
        onCancel={() => setWaiving(false)}
        onSubmit={async (note) => {
          const answer = await send(`${base}/waive`, { note });
          if (answer.status !== 200) return answer.body;
          toast.success('Fee waived');
          setWaiving(false);
          onChange();
          return undefined;
        }}
      />
    </section>
  );
}

/** The record's online payments that made no receipt: not matching their order, or refunded (paid when nothing was due). */
function NotCounted({ recordId }: { recordId: string }) {
  const loaded = useLoad(
    () => getJson<OnlineListing>(`/payments/online?record=${encodeURIComponent(recordId)}`),
    [recordId],
  );
  const others = (loaded.data?.payments ?? []).filter((p) => p.outcome !== 'recorded');
  if (!others.length) return null;
  return (
    <div className="payments__note">
      <strong>Online payments not counted:</strong>
      <ul>
        {others.map((p) => (
          <li key={p.paymentId}>
            {p.currency === 'INR' ? formatRupees(p.amountPaise) : `${(p.amountPaise / 100).toFixed(2)} ${p.currency}`} (
            {p.paymentId}
            {p.refundId ? `, refund ${p.refundId}` : ''}): {OUTCOME_TEXT[p.outcome]}. {p.note}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PaymentForm({
  path,
  balancePaise,
  notYetAsked,
  onDone,
}: {
  path: string;
  balancePaise: number;
  notYetAsked?: string;
  onDone: () => void;
}) {
  const id = useId();
  // Asking the clerk before a fee the family was not yet asked for: the body waiting for the answer.
  const [confirming, setConfirming] = useState<Record<string, string>>();
  const goBack = useRef<HTMLButtonElement>(null);
  const empty = () => ({ amount: '', mode: '' as PaymentMode | '', reference: '', paidOn: dateInIndia() });
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const refs = {
    amount: useRef<HTMLInputElement>(null),
    mode: useRef<HTMLSelectElement>(null),
    reference: useRef<HTMLInputElement>(null),
    paidOn: useRef<HTMLInputElement>(null),
  };
  const needsReference = values.mode !== '' && values.mode !== 'cash';
  const set = (name: keyof ReturnType<typeof empty>, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };

  function fail(error: string | undefined, fields: Fields = {}) {
    setErrors(fields);
    toast.error(error ?? 'The payment could not be recorded.');
    const first = (Object.keys(refs) as (keyof typeof refs)[]).find((name) => fields[name]);
    if (first) refs[first].current?.focus();
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const body = { ...values, reference: values.mode === 'cash' ? '' : values.reference };
    const checked = validatePayment(body);
    if (!checked.ok) return fail(checked.error, checked.fields);
    if (notYetAsked) {
      setConfirming(body);
      return;
    }
    await record(body);
  }

  async function record(body: Record<string, string>) {
    setConfirming(undefined);
    setBusy(true);
    const answer = await send(path, body);
    setBusy(false);
    if (answer.status !== 201) return fail(answer.body.error, answer.body.fields);
    const receipt = (answer.body as { payment?: Payment }).payment?.receiptNumber;
    toast.success(`Payment recorded: receipt ${receipt}`);
    setValues(empty());
    setErrors({});
    onDone();
  }

  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form className="payments__form" noValidate onSubmit={submit} aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Record payment</h3>
      <p className="hint">
        Still due: {formatRupees(balancePaise)}. Fields marked <span className="required">*</span> are required.
      </p>
      <div className="payments__fields">
        <div className="admin-field">
          <label htmlFor={`${id}-amount`}>
            Amount in rupees{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-amount`}
            ref={refs.amount}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            aria-required="true"
            aria-invalid={!!errors.amount || undefined}
            aria-describedby={described('amount')}
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
          />
          {error('amount')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-mode`}>
            Paid by{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <select
            id={`${id}-mode`}
            ref={refs.mode}
            required
            aria-required="true"
            aria-invalid={!!errors.mode || undefined}
            aria-describedby={described('mode')}
            value={values.mode}
            onChange={(e) => set('mode', e.target.value)}
          >
            <option value="">Select</option>
            {PAYMENT_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_LABELS[m]}
              </option>
            ))}
          </select>
          {error('mode')}
        </div>
        {needsReference && (
          <div className="admin-field">
            <label htmlFor={`${id}-reference`}>
              {REFERENCE_LABELS[values.mode as PaymentMode]}{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id={`${id}-reference`}
              ref={refs.reference}
              type="text"
              autoComplete="off"
              maxLength={REFERENCE_MAX}
              required
              aria-required="true"
              aria-invalid={!!errors.reference || undefined}
              aria-describedby={described('reference')}
              value={values.reference}
              onChange={(e) => set('reference', e.target.value)}
            />
            {error('reference')}
          </div>
        )}
        <div className="admin-field">
          <label htmlFor={`${id}-paidOn`}>
            Date paid{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-paidOn`}
            ref={refs.paidOn}
            type="date"
            max={dateInIndia()}
            required
            aria-required="true"
            aria-invalid={!!errors.paidOn || undefined}
            aria-describedby={described('paidOn')}
            value={values.paidOn}
            onChange={(e) => set('paidOn', e.target.value)}
          />
          {error('paidOn')}
        </div>
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Record payment'}
        </button>
      </div>
      <Dialog
        open={!!confirming}
        onClose={() => setConfirming(undefined)}
        labelledBy={`${id}-confirm-title`}
        describedBy={`${id}-confirm-text`}
        closeOnBackdrop={false}
        initialFocus={goBack}
      >
        <h2 id={`${id}-confirm-title`} className="ui-dialog__title">
          Record a fee before admission?
        </h2>
        <div id={`${id}-confirm-text`}>
          <p>
            This application is not admitted yet (status: {notYetAsked}). The family was told to pay the admission fee
            only after admission: their status page says it is not yet payable.
          </p>
          <p>
            Record {confirming ? formatRupees(Math.round(Number(confirming.amount) * 100)) : ''} now only if the family
            chose to pay early. If the application is not admitted, the fee is refunded by reversing the payment.
          </p>
        </div>
        <div className="admin-actions">
          <button type="button" ref={goBack} className="btn" onClick={() => setConfirming(undefined)}>
            Go back
          </button>
          <button type="button" className="btn btn--primary" onClick={() => confirming && record(confirming)}>
            Record payment anyway
          </button>
        </div>
      </Dialog>
    </form>
  );
}

interface TextDialogProps {
  open: boolean;
  title: string;
  intro: string;
  label: string;
  submitLabel: string;
  onCancel: () => void;
  /** Sends the text; answers the refusal (error and fields) to show, or undefined when done. */
  onSubmit: (text: string) => Promise<{ error?: string; fields?: Fields } | undefined>;
}

/** A dialog asking for one required text (a reversal's reason, a waiver's note). */
function TextDialog({ open, title, intro, label, submitLabel, onCancel, onSubmit }: TextDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    setText('');
    setError('');
    onCancel();
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (!visibleText(text)) {
      setError(`Please write the ${label.toLowerCase().replace(/ \(.*\)$/, '')}.`);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const refused = await onSubmit(text.trim());
    setBusy(false);
    if (!refused) {
      setText('');
      setError('');
      return;
    }
    const message = Object.values(refused.fields ?? {})[0] ?? refused.error ?? 'Nothing was saved. Try again.';
    setError(message);
    toast.error(refused.error ?? message);
    inputRef.current?.focus();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      labelledBy={`${id}-title`}
      describedBy={`${id}-intro`}
      closeOnBackdrop={false}
      initialFocus={inputRef}
    >
      <h2 id={`${id}-title`} className="ui-dialog__title">
        {title}
      </h2>
      <p id={`${id}-intro`}>{intro}</p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="admin-field">
          <label htmlFor={`${id}-text`}>
            {label}{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id={`${id}-text`}
            ref={inputRef}
            rows={3}
            maxLength={REASON_MAX}
            required
            aria-required="true"
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <div className="admin-actions">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
