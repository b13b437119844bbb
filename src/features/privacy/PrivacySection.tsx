/**
 * A parent's requests about their child's data, on a record's details screen. Everyone sees when a
 * record was erased, or an admitted pupil's parent withdrew consent; the principal (the server
 * checks again) downloads everything held as one ZIP, corrects a field, erases now (a dialog that
 * asks for the reference number, or the id, typed out) or, for an admitted pupil, records the
 * withdrawal of consent.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { API_BASE, answerOf, apiJson } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { labelIn } from '../../lib/record.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import type { PrivacyState } from '../../lib/privacy-state.ts';
import { kindOf } from '../kinds.ts';
import { personalFields, type PrivacyEntity } from './privacy.ts';
import './privacy.css';

type Fields = Record<string, string>;
type Refusal = { error?: string; fields?: Fields };

interface Props<T> {
  entity: PrivacyEntity;
  record: T & { _id: string; status?: string; referenceNumber?: string } & Partial<PrivacyState>;
  /** The record as a change answered it. */
  onChanged: (record: T) => void;
}

async function send(path: string, method: string, body: unknown) {
  try {
    return await answerOf(await apiJson(path, method, body));
  } catch {
    return { status: 0, body: { error: 'No connection: nothing was saved. Try again.' } as Refusal };
  }
}

export function PrivacySection<T>({ entity, record, onChanged }: Props<T>) {
  const id = useId();
  const principal = useIsPrincipal();
  const [erasing, setErasing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const base = `/${entity}/${encodeURIComponent(record._id)}`;
  // A record the school keeps as its own (an admitted pupil's) is never erased: consent withdrawn is recorded instead.
  const admitted = !!kindOf(entity).privacy.neverErased?.includes(String(record.status));
  const withdrawn = record.consentWithdrawn;

  if (record.erasedAt) {
    return (
      <section aria-labelledby={`${id}-title`} className="details-card privacy">
        <h2 id={`${id}-title`}>Personal data</h2>
        <p className="privacy__notice">
          Erased on {formatDateTime(record.erasedAt)}. Only the class, status and dates are kept, for the school&apos;s
          statistics.
        </p>
      </section>
    );
  }
  if (!principal && !withdrawn) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="details-card privacy">
      <h2 id={`${id}-title`}>Parent&apos;s data requests</h2>
      {withdrawn && (
        <p className="privacy__notice">
          <strong>Consent withdrawn</strong> on {formatDateTime(withdrawn.at)}: {withdrawn.note}
        </p>
      )}
      {principal && (
        <>
          <p className="admin-actions privacy__actions">
            <a className="btn" href={`${API_BASE}${base}/export.zip`} download>
              Export all data (ZIP)
            </a>
            {admitted ? (
              !withdrawn && (
                <button type="button" className="btn" onClick={() => setWithdrawing(true)}>
                  Record consent withdrawn
                </button>
              )
            ) : (
              <button type="button" className="btn btn--danger" onClick={() => setErasing(true)}>
                Erase now
              </button>
            )}
          </p>
          {admitted && (
            <p className="hint">
              An admitted pupil&apos;s record is kept as the school&apos;s record; it cannot be erased.
            </p>
          )}
          <CorrectForm entity={entity} record={record} path={`${base}/fields`} onChanged={onChanged} />
          <EraseDialog
            open={erasing}
            entity={entity}
            record={record}
            onCancel={() => setErasing(false)}
            onErase={async (confirm) => {
              const answer = await send(`${base}/erase`, 'POST', { confirm });
              if (answer.status !== 200) return answer.body as Refusal;
              toast.success('Personal data erased');
              setErasing(false);
              onChanged((answer.body as { record: T }).record);
              return undefined;
            }}
          />
          <NoteDialog
            open={withdrawing}
            onCancel={() => setWithdrawing(false)}
            onSubmit={async (note) => {
              const answer = await send(`${base}/consent-withdrawn`, 'POST', { note });
              if (answer.status !== 200) return answer.body as Refusal;
              toast.success('Withdrawal of consent recorded');
              setWithdrawing(false);
              onChanged(answer.body as T);
              return undefined;
            }}
          />
        </>
      )}
    </section>
  );
}

function CorrectForm<T>({
  entity,
  record,
  path,
  onChanged,
}: {
  entity: PrivacyEntity;
  record: Record<string, unknown>;
  path: string;
  onChanged: (record: T) => void;
}) {
  const id = useId();
  const fields = personalFields(entity);
  const [field, setField] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const valueRef = useRef<HTMLInputElement>(null);
  const chosen = fields.find((f) => f.name === field);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy || !chosen) return;
    setBusy(true);
    const answer = await send(path, 'PATCH', { field, value });
    setBusy(false);
    if (answer.status !== 200) {
      const refused = answer.body as Refusal;
      setError(refused.fields?.value ?? refused.error ?? 'Nothing was saved. Try again.');
      toast.error(refused.error ?? 'Nothing was saved.');
      valueRef.current?.focus();
      return;
    }
    toast.success(`${labelIn(chosen, 'details')} corrected`);
    setField('');
    setValue('');
    setError('');
    onChanged(answer.body as T);
  }

  return (
    <form className="privacy__form" noValidate onSubmit={submit} aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Correct a field</h3>
      <div className="privacy__fields">
        <div className="admin-field">
          <label htmlFor={`${id}-field`}>Field</label>
          <select
            id={`${id}-field`}
            value={field}
            onChange={(e) => {
              const next = fields.find((f) => f.name === e.target.value);
              setField(e.target.value);
              // An Aadhaar number is never shown in full: it is typed again.
              setValue(next && next.kind !== 'aadhaar' ? String(record[next.name] ?? '') : '');
              setError('');
            }}
          >
            <option value="">Select</option>
            {fields.map((f) => (
              <option key={f.name} value={f.name}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        {chosen && (
          <div className="admin-field">
            <label htmlFor={`${id}-value`}>New value</label>
            <input
              id={`${id}-value`}
              ref={valueRef}
              type="text"
              autoComplete="off"
              maxLength={chosen.max ?? 1000}
              aria-invalid={!!error || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError('');
              }}
            />
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        )}
      </div>
      {chosen && (
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save correction'}
          </button>
        </div>
      )}
    </form>
  );
}

interface EraseDialogProps {
  open: boolean;
  entity: PrivacyEntity;
  record: Record<string, unknown>;
  onCancel: () => void;
  onErase: (confirm: string) => Promise<Refusal | undefined>;
}

/** Erase now: nothing happens until the reference number (or the id) is typed exactly. */
function EraseDialog({ open, entity, record, onCancel, onErase }: EraseDialogProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const byReference = kindOf(entity).privacy.confirmWith === 'referenceNumber';
  const expected = String(record[kindOf(entity).privacy.confirmWith] ?? '');
  const what = byReference ? 'reference number' : 'record id';

  const close = () => {
    setTyped('');
    setError('');
    onCancel();
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (typed.trim() !== expected) {
      setError(`Type the ${what} ${expected} exactly.`);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const refused = await onErase(typed.trim());
    setBusy(false);
    if (!refused) {
      setTyped('');
      setError('');
      return;
    }
    setError(refused.fields?.confirm ?? refused.error ?? 'Nothing was erased. Try again.');
    toast.error(refused.error ?? 'Nothing was erased.');
    inputRef.current?.focus();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-intro`}
      closeOnBackdrop={false}
      initialFocus={inputRef}
    >
      <h2 id={`${id}-title`} className="ui-dialog__title">
        Erase personal data
      </h2>
      <div id={`${id}-intro`}>
        <p>
          Names, contact details, Aadhaar number, documents, notes and the messages to the parent are deleted for good.
          An anonymous row (class, status, dates) stays for the statistics. This cannot be undone.
        </p>
        <p>
          To confirm, type the {what}: <strong className="privacy__expected">{expected}</strong>
        </p>
      </div>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="admin-field">
          <label htmlFor={`${id}-confirm`}>{byReference ? 'Reference number' : 'Record id'}</label>
          <input
            id={`${id}-confirm`}
            ref={inputRef}
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError('');
            }}
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
            {busy ? 'Erasing...' : 'Erase'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Records an admitted pupil's parent's withdrawal of consent, with what they asked for. */
function NoteDialog({
  open,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  onCancel: () => void;
  onSubmit: (note: string) => Promise<Refusal | undefined>;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    setNote('');
    setError('');
    onCancel();
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (!note.trim()) {
      setError('Write what the parent asked for and when.');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const refused = await onSubmit(note.trim());
    setBusy(false);
    if (!refused) {
      setNote('');
      return;
    }
    setError(refused.fields?.note ?? refused.error ?? 'Nothing was saved. Try again.');
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
        Consent withdrawn
      </h2>
      <p id={`${id}-intro`}>
        The pupil is admitted, so the record is kept; the withdrawal is noted on it and in the audit log.
      </p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="admin-field">
          <label htmlFor={`${id}-note`}>
            Note{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id={`${id}-note`}
            ref={inputRef}
            rows={3}
            maxLength={1000}
            required
            aria-required="true"
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={note}
            onChange={(e) => setNote(e.target.value)}
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
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Record'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
