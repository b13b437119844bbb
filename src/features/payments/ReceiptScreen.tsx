/**
 * /admin/receipts/{receiptNumber}: one receipt laid out like the paper one (the school's emblem and
 * name, receipt number, student, parent, class, session, amount in figures and words, mode,
 * reference, received by) with Print and a way back to the record. Printed, it is one A5 page
 * (receipt.css). The family's copy is the same receipt as a PDF (receipt-pdf.server.ts).
 */
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { classText } from '../../lib/classes.ts';
import { Loading, ScreenHeader } from '../../components/admin/ui.tsx';
import { EMBLEM, EMBLEM_SIZE } from '../../lib/emblem.ts';
import { kindOf } from '../kinds.ts';
import type { Receipt } from './payments.ts';
import './receipt.css';

/** The receipt number after /admin/receipts/ in the path. */
function numberFromPath(): string | undefined {
  const match = /\/admin\/receipts\/([^/?#]+)\/?$/.exec(location.pathname);
  try {
    return match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

export default function ReceiptScreen() {
  const number = numberFromPath();
  const { data: receipt, failed } = useLoad(
    () =>
      number ? getJson<Receipt>(`/receipts/${encodeURIComponent(number)}`) : Promise.reject(new Error('no number')),
    [number],
  );

  if (failed) {
    return (
      <section aria-labelledby="screen-title">
        <ScreenHeader title="Receipt" />
        <p role="alert" className="form-error">
          Receipt {number ?? ''} could not be shown: check the receipt number, or reload the page.
        </p>
      </section>
    );
  }
  if (!receipt) return <Loading />;
  const reversal = receipt.kind === 'reversal';
  const kind = kindOf(receipt.entity);
  const record = `${kind.admin.details}${encodeURIComponent(receipt.recordId)}`;
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title={`Receipt ${receipt.receiptNumber}`}>
        <a className="btn" href={record}>
          Back to {kind.labels.the}
        </a>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print
        </button>
      </ScreenHeader>
      <article className="receipt" aria-labelledby="receipt-title">
        <header className="receipt__school">
          <svg
            className="receipt__logo"
            viewBox={`0 0 ${EMBLEM_SIZE} ${EMBLEM_SIZE}`}
            role="img"
            aria-label={`${receipt.school.name} emblem`}
          >
            {EMBLEM.map((shape) => (
              <path
                key={shape.d}
                d={shape.d}
                fill={shape.fill ?? 'none'}
                stroke={shape.stroke}
                strokeWidth={shape.strokeWidth}
              />
            ))}
          </svg>
          <div>
            <p className="receipt__name">{receipt.school.name}</p>
            <p>{receipt.school.address}</p>
            {/* A fact the school has not set is left out of the receipt. */}
            <p>
              {[
                receipt.school.affiliationNumber && `CBSE affiliation no. ${receipt.school.affiliationNumber}`,
                receipt.school.phone && `Phone ${receipt.school.phone}`,
                receipt.school.email,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </header>
        <h2 id="receipt-title" className="receipt__title">
          {reversal ? 'Refund receipt (payment reversed)' : 'Fee receipt'}
        </h2>
        <dl className="receipt__facts">
          <dt>Receipt no.</dt>
          <dd>{receipt.receiptNumber}</dd>
          <dt>Date</dt>
          <dd>{formatDate(`${receipt.date}T00:00:00+05:30`)}</dd>
          <dt>Student</dt>
          <dd>{receipt.studentName}</dd>
          <dt>Parent</dt>
          <dd>{receipt.parentName || '-'}</dd>
          {receipt.admissionClass !== null && (
            <>
              <dt>Class</dt>
              <dd>{classText(receipt.admissionClass)}</dd>
            </>
          )}
          <dt>Session</dt>
          <dd>{receipt.session}</dd>
          {receipt.admissionNumber !== null && (
            <>
              <dt>Admission no.</dt>
              <dd>{receipt.admissionNumber}</dd>
            </>
          )}
          {receipt.applicationReference !== null && (
            <>
              <dt>Application ref.</dt>
              <dd>{receipt.applicationReference}</dd>
            </>
          )}
          <dt>For</dt>
          <dd>{receipt.purpose}</dd>
          <dt>Paid by</dt>
          <dd>{receipt.modeLabel}</dd>
          {receipt.reference && (
            <>
              <dt>{receipt.referenceLabel}</dt>
              <dd>{receipt.reference}</dd>
            </>
          )}
          <dt>Received by</dt>
          <dd>{receipt.receivedBy}</dd>
        </dl>
        <p className="receipt__amount">
          <span>{reversal ? 'Amount refunded' : 'Amount received'}</span>
          <span className="receipt__figures">{receipt.amountInFigures}</span>
        </p>
        <p className="receipt__words">{receipt.amountInWords}</p>
        {reversal && (
          <p className="receipt__remark">
            Reverses receipt {receipt.reverses}. Reason: {receipt.reason}
          </p>
        )}
        {receipt.reversedBy && (
          <p className="receipt__remark">This payment was reversed by receipt {receipt.reversedBy}.</p>
        )}
        <p className="receipt__sign">
          <span>Recorded {formatDateTime(receipt.recordedAt)}</span>
          <span>Signature</span>
        </p>
      </article>
    </section>
  );
}
