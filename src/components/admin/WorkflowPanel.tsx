/**
 * A record's status on its details screen: where it stands and since when, the moves this person
 * may make (each in a small dialog asking for a note and whatever the move needs), and the history.
 * The server checks every move again; a refusal is shown in the dialog as the server words it.
 */
import { NOTHING_VISIBLE, visibleText } from '../../lib/visible-text.ts';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { answerOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import {
  allowedMoves,
  isPrincipalMove,
  statusLabel,
  type HistoryEntry,
  type MoveInput,
  type Workflow,
} from '../../lib/workflow.ts';
import { TextArea, TextInput } from '../forms/fields.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useSignedIn } from './session.tsx';
import '../forms/forms.css';

export interface WithStatus {
  _id: string;
  status: string;
  statusChangedAt?: string | null;
  history?: HistoryEntry[];
  /** An erased record keeps its status for the statistics but moves no more. */
  erasedAt?: string | null;
}

interface Props<T extends WithStatus> {
  /** The API resource: PATCH /{resource}/{id}. */
  resource: string;
  record: T;
  workflow: Workflow;
  onChanged: (record: T) => void;
  /** Inputs a move may carry besides the workflow's required ones (e.g. the next follow-up date). */
  optionalInputs?: (to: string) => MoveInput[];
  /** Moves another section of the screen makes its own way (a TC issued from the register), left out here. */
  leaveOut?: readonly string[];
}

const NOTE: MoveInput = { name: 'note', label: 'Note', kind: 'textarea', max: 1000 };

export function WorkflowBadge({ workflow, status }: { workflow: Workflow; status: string }) {
  return <span className={`status-badge status-badge--${status}`}>{statusLabel(workflow, status)}</span>;
}

export function WorkflowPanel<T extends WithStatus>({
  resource,
  record,
  workflow,
  onChanged,
  optionalInputs,
  leaveOut = [],
}: Props<T>) {
  const me = useSignedIn();
  const [target, setTarget] = useState<string>();
  const moves = record.erasedAt
    ? []
    : allowedMoves(workflow, record.status, me.role).filter((to) => !leaveOut.includes(to));
  const last = record.history?.at(-1);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="details-card status-panel">
      <h2 id={headingId}>Status</h2>
      <p className="status-panel__now">
        <WorkflowBadge workflow={workflow} status={record.status} />
        {last && (
          <span className="status-panel__since">
            {' '}
            since {formatDateTime(last.at)}, by {last.by}
          </span>
        )}
      </p>
      {moves.length > 0 ? (
        <div className="admin-actions" role="group" aria-label="Change status">
          {moves.map((to) => (
            <button key={to} type="button" className="btn btn--small" onClick={() => setTarget(to)}>
              {isPrincipalMove(workflow, record.status, to)
                ? `Reopen: ${statusLabel(workflow, to)}`
                : statusLabel(workflow, to)}
            </button>
          ))}
        </div>
      ) : (
        <p className="hint">No further change of status is possible.</p>
      )}
      {record.history && <History workflow={workflow} history={record.history} />}
      {target && (
        <MoveDialog
          resource={resource}
          record={record}
          workflow={workflow}
          to={target}
          inputs={[...(workflow.needs?.[target] ?? []), ...(optionalInputs?.(target) ?? [])]}
          onClose={() => setTarget(undefined)}
          onDone={(changed) => {
            setTarget(undefined);
            onChanged(changed);
            toast.success(`Status changed to ${statusLabel(workflow, changed.status)}.`);
          }}
        />
      )}
    </section>
  );
}

function History({ workflow, history }: { workflow: Workflow; history: HistoryEntry[] }) {
  return (
    <>
      <h3 className="status-panel__history-title">History</h3>
      <ol className="status-history">
        {history.map((entry, i) => (
          <li key={`${entry.at}-${i}`}>
            <WorkflowBadge workflow={workflow} status={entry.status} />
            <span className="status-history__when">
              {' '}
              {formatDateTime(entry.at)}, {entry.by}
            </span>
            {entry.note && <p className="status-history__note">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </>
  );
}

interface MoveProps<T extends WithStatus> {
  resource: string;
  record: T;
  workflow: Workflow;
  to: string;
  inputs: MoveInput[];
  onClose: () => void;
  onDone: (record: T) => void;
}

function MoveDialog<T extends WithStatus>({ resource, record, workflow, to, inputs, onClose, onDone }: MoveProps<T>) {
  const id = useId();
  const me = useSignedIn();
  const reopening = isPrincipalMove(workflow, record.status, to);
  const required = new Set((workflow.needs?.[to] ?? []).map((i) => i.name));
  if (reopening) required.add('note');
  const [values, setValues] = useState<Record<string, string>>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [full, setFull] = useState(false);
  const [override, setOverride] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const blank = [...required].filter((name) => !visibleText(values[name] ?? ''));
    if (blank.length) {
      setFields(Object.fromEntries(blank.map((name) => [name, NOTHING_VISIBLE])));
      setError(NOTHING_VISIBLE);
      return;
    }
    setBusy(true);
    setError(undefined);
    const body: Record<string, unknown> = { status: to, ...values };
    if (override) body.override = true;
    try {
      const { status, body: answer } = await answerOf<T>(
        await adminApi(`/${resource}/${encodeURIComponent(record._id)}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (status === 200) return onDone(answer as T);
      setFields(answer.fields ?? {});
      setError(answer.error ?? 'The status could not be changed. Please try again.');
      if ((answer as { code?: string }).code === 'seats-full') setFull(true);
    } catch {
      setError('The status could not be changed: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  const field = (input: MoveInput) => {
    const common = {
      id: `${id}-${input.name}`,
      name: input.name,
      label: input.label,
      value: values[input.name] ?? '',
      error: fields[input.name],
      required: required.has(input.name),
      onChange: (v: string) => setValues((all) => ({ ...all, [input.name]: v })),
    };
    return input.kind === 'textarea' ? (
      <TextArea key={input.name} {...common} rows={3} maxLength={input.max} />
    ) : (
      <TextInput key={input.name} {...common} type={input.kind} maxLength={input.max} />
    );
  };

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-title`}>
      <form onSubmit={submit} className="ff-form" noValidate>
        <h2 id={`${id}-title`} className="ui-dialog__title">
          {reopening ? 'Reopen for review' : `Change status to ${statusLabel(workflow, to)}`}
        </h2>
        <p>
          Now: <WorkflowBadge workflow={workflow} status={record.status} />
        </p>
        {inputs.map(field)}
        {field({ ...NOTE, label: reopening ? 'Why is it reopened?' : 'Note (optional)' })}
        {error && (
          <p className="ff-form-error" role="alert">
            {error}
          </p>
        )}
        {full && me.role === 'principal' && (
          <label className="status-dialog__override">
            <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} /> Admit beyond
            the class's capacity (recorded in the audit log)
          </label>
        )}
        <div className="admin-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
