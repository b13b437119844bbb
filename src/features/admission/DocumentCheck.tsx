/**
 * One document's place on the checklist, under its View link: Pending, Verified or Rejected (with
 * the reason the parent will read: a common one chosen from a list, the office's own words, or
 * both), who judged it, whether the parent sent it again from the status page and when, and
 * Verify / Reject buttons while the application is before its decision.
 */
import { visibleText } from '../../lib/visible-text.ts';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { answerOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { TextArea } from '../../components/forms/fields.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import {
  DOCUMENTS_JUDGED_IN,
  DOCUMENT_STATE_LABELS,
  documentNotNeeded,
  type DocumentCheck as Check,
} from './workflow.ts';
import type { Admission } from './admission.ts';
import { DOCUMENT_REASONS, DOCUMENT_REASON_LABELS, type DocumentReason } from '../../lib/document-reasons.ts';

type Rejection = { reasonCode: DocumentReason | ''; reason: string };

interface Props {
  admission: Admission;
  field: string;
  label: string;
  onChanged: (admission: Admission) => void;
}

export function DocumentCheck({ admission, field, label, onChanged }: Props) {
  const check: Check = admission.documents?.[field] ?? {
    state: 'pending',
    reason: '',
    reasonCode: null,
    checkedBy: '',
    checkedAt: null,
    resentAt: null,
  };
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = (DOCUMENTS_JUDGED_IN as readonly string[]).includes(admission.status);
  if (documentNotNeeded(admission.abcId, field)) {
    return (
      <p className="document-check__state document-check__state--not-needed">Not needed (ABC ID: {admission.abcId})</p>
    );
  }

  async function judge(
    state: Check['state'],
    rejection: Rejection = { reasonCode: '', reason: '' },
  ): Promise<Record<string, string> | undefined> {
    setBusy(true);
    try {
      const { status, body } = await answerOf<Admission>(
        await adminApi(`/admission/${encodeURIComponent(admission._id)}/documents/${field}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ state, ...rejection }),
        }),
      );
      if (status !== 200) {
        toast.error(body.error ?? `${label} could not be marked.`);
        return body.fields ?? {};
      }
      onChanged(body as Admission);
      toast.success(`${label}: ${DOCUMENT_STATE_LABELS[state].toLowerCase()}.`);
      return undefined;
    } catch {
      toast.error(`${label} could not be marked: check the connection and try again.`);
      return {};
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="document-check">
      <p className={`document-check__state document-check__state--${check.state}`}>
        {DOCUMENT_STATE_LABELS[check.state]}
        {check.state === 'rejected' && (check.reasonCode || check.reason) && (
          <>
            :{' '}
            {[check.reasonCode ? DOCUMENT_REASON_LABELS[check.reasonCode] : '', check.reason]
              .filter(Boolean)
              .join(' · ')}
          </>
        )}
      </p>
      {check.resentAt && (
        <p className="document-check__resent">Re-sent by the parent, {formatDateTime(check.resentAt)}</p>
      )}
      {check.checkedBy && check.checkedAt && (
        <p className="document-check__by">
          {check.checkedBy}, {formatDateTime(check.checkedAt)}
        </p>
      )}
      {open && (
        <div className="admin-actions">
          {check.state !== 'verified' && (
            <button
              type="button"
              className="btn btn--small"
              disabled={busy}
              onClick={() => judge('verified')}
              aria-label={`Verify ${label}`}
            >
              Verify
            </button>
          )}
          {check.state !== 'rejected' && (
            <button
              type="button"
              className="btn btn--small"
              disabled={busy}
              onClick={() => setRejecting(true)}
              aria-label={`Reject ${label}`}
            >
              Reject
            </button>
          )}
        </div>
      )}
      {rejecting && (
        <RejectDialog
          label={label}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onReject={async (rejection) => {
            const problems = await judge('rejected', rejection);
            if (!problems) setRejecting(false);
            return problems;
          }}
        />
      )}
    </div>
  );
}

function RejectDialog({
  label,
  busy,
  onCancel,
  onReject,
}: {
  label: string;
  busy: boolean;
  onCancel: () => void;
  onReject: (rejection: Rejection) => Promise<Record<string, string> | undefined>;
}) {
  const id = useId();
  const [code, setCode] = useState<DocumentReason | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!code && !visibleText(reason)) return setError('Choose a reason, or write why the document is rejected.');
    const problems = await onReject({ reasonCode: code, reason: visibleText(reason) });
    if (problems) setError(problems.reason ?? problems.reasonCode ?? problems.state);
  }

  return (
    <Dialog open onClose={onCancel} labelledBy={`${id}-title`}>
      <form onSubmit={submit} className="ff-form" noValidate>
        <h2 id={`${id}-title`} className="ui-dialog__title">
          Reject {label}
        </h2>
        <p className="hint">The parent reads the reason in the form's language and can send the document again.</p>
        <fieldset className="reject-reasons">
          <legend>Common reason</legend>
          {DOCUMENT_REASONS.map((r) => (
            <label key={r} className="reject-reasons__choice">
              <input
                type="radio"
                name={`${id}-code`}
                value={r}
                checked={code === r}
                onChange={() => {
                  setCode(r);
                  setError(undefined);
                }}
              />
              {DOCUMENT_REASON_LABELS[r]}
            </label>
          ))}
          <label className="reject-reasons__choice">
            <input type="radio" name={`${id}-code`} value="" checked={code === ''} onChange={() => setCode('')} />
            Other (write it below)
          </label>
        </fieldset>
        <TextArea
          id={`${id}-reason`}
          name="reason"
          label={code ? 'Your words (optional)' : 'Reason'}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setError(undefined);
          }}
          error={error}
          required={!code}
          rows={3}
          maxLength={300}
        />
        <div className="admin-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={busy}>
            Reject
          </button>
        </div>
      </form>
    </Dialog>
  );
}
