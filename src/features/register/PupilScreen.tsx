/**
 * /admin/register/details/{id}: one pupil of the register. Every field, in parts the clerk edits in
 * place (Edit turns a part into boxes; Save sends only what changed, PATCH /v1/api/register/{id},
 * checked first by the same schema as the server); Aadhaar is shown masked and replaced only when
 * a new number is typed; the admission number is changed by the principal only. Then the status
 * (studying, or left with the date and reason), the application it came from, the TC requests made
 * for its admission number, and the history of changes (each with who, when, before and after:
 * the audit log's entries of the pupil).
 */
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { goBackToPanel } from '../../lib/admin/navigation.ts';
import { answerOf, api } from '../../lib/api-client.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import type { Field, Paged } from '../../lib/record.ts';
import { Loading, ScreenHeader, FieldList } from '../../components/admin/ui.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import { useDetails } from '../../components/admin/useDetails.ts';
import { actionText, personText, type AuditEntry } from '../audit/audit.ts';
import { PUPIL, pupilName, type Pupil } from './pupil.ts';
import { PupilInput } from './PupilInput.tsx';
import { PUPIL_FORM, validatePupil, type PupilField } from './schema.ts';
import { REGISTER_WORKFLOW } from './workflow.ts';
import { WorkflowPanel } from '../../components/admin/WorkflowPanel.tsx';
import { statusLabel, type HistoryEntry, type MoveInput } from '../../lib/workflow.ts';
import { TC_WORKFLOW } from '../tc-request/workflow.ts';
import './register.css';

const PANEL = '/admin/register';
/** What recording a leaving asks (the server refuses it without both). */
const LEAVING: MoveInput[] = [
  { name: 'leftOn', label: 'Date of leaving', kind: 'date', max: 10 },
  { name: 'leavingReason', label: 'Reason for leaving', kind: 'textarea', max: 300 },
];
const PUPIL_FORM_NAMES = PUPIL_FORM.map((f) => f.name as PupilField);

/** A pupil as its screen reads it: the register's answer and the history of its changes. */
type PupilRecord = Pupil & { changes?: AuditEntry[]; history?: HistoryEntry[] };

interface Part {
  title: string;
  fields: readonly PupilField[];
}
const PARTS: readonly Part[] = [
  {
    title: 'Pupil',
    fields: [
      'admissionNumber',
      'firstName',
      'middleName',
      'lastName',
      'nameHi',
      'dateOfBirth',
      'gender',
      'category',
      'aadhaar',
      'apaarId',
    ],
  },
  { title: 'Parents and contact', fields: ['fatherName', 'motherName', 'mobile', 'address'] },
  { title: 'Admission', fields: ['admittedOn', 'classOnAdmission', 'sectionOnAdmission'] },
  { title: 'Class now', fields: ['class', 'section', 'session'] },
];

/** How a value reads: a date as a date, a choice as its text, nothing as a dash. */
function shownValue(name: string, value: unknown): string {
  const field: Field | undefined = PUPIL.fields.find((f) => f.name === name);
  if (!field) return '';
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (field.kind === 'date') return formatDate(text) || text;
  return field.optionText ? field.optionText(text) : text;
}

/** A field's label on this screen. */
const labelOf = (name: string) => {
  const field: Field | undefined = PUPIL.fields.find((f) => f.name === name || f.column === name);
  return field ? (field.labels?.details ?? field.label) : name;
};

export default function PupilScreen() {
  const { record, setRecord } = useDetails<PupilRecord>('register', PANEL, 'Failed to fetch the pupil');
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title={record ? `${pupilName(record)} (${record.admissionNumber})` : 'Pupil'}>
        <button type="button" className="btn" onClick={() => goBackToPanel(PANEL)}>
          Back to the register
        </button>
      </ScreenHeader>
      {!record ? (
        <Loading />
      ) : (
        <div className="details-sections">
          <WorkflowPanel
            resource="register"
            record={record}
            workflow={REGISTER_WORKFLOW}
            onChanged={setRecord}
            optionalInputs={(to) => (to === 'left' ? LEAVING : [])}
          />
          {record.status === 'left' && (
            <Card title="Leaving">
              <FieldList
                rows={[
                  [labelOf('leftOn'), shownValue('leftOn', record.leftOn)],
                  [labelOf('leavingReason'), record.leavingReason],
                ]}
              />
            </Card>
          )}
          {PARTS.map((part) => (
            <EditablePart key={part.title} part={part} record={record} onSaved={setRecord} />
          ))}
          <Links record={record} />
          <History record={record} />
        </div>
      )}
    </section>
  );
}

function Card({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="details-card">
      <div className="admin-header">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The boxes' first values: as the pupil has them, but Aadhaar empty (typed anew, or kept). */
const valuesOf = (record: Pupil, fields: readonly PupilField[]) =>
  Object.fromEntries(
    fields.map((f) => [f, f === 'aadhaar' ? '' : String((record as unknown as Record<string, unknown>)[f] ?? '')]),
  ) as Record<string, string>;

function EditablePart({ part, record, onSaved }: { part: Part; record: Pupil; onSaved: (p: PupilRecord) => void }) {
  const id = useId();
  const principal = useIsPrincipal();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Only the principal changes an admission number (the server refuses it of anyone else).
  const editable = part.fields.filter((f) => f !== 'admissionNumber' || principal);
  const rows = part.fields.map((f): [string, unknown] => [
    labelOf(f),
    shownValue(f, (record as unknown as Record<string, unknown>)[f]),
  ]);

  function start() {
    setValues(valuesOf(record, editable));
    setErrors({});
    setEditing(true);
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const before = valuesOf(record, editable);
    const changed = Object.fromEntries(
      editable.filter((f) => (values[f] ?? '').trim() !== (before[f] ?? '').trim()).map((f) => [f, values[f]!.trim()]),
    );
    if (Object.keys(changed).length === 0) {
      setEditing(false);
      return;
    }
    // The same check as the server's: the pupil as stored with these changes (Aadhaar only when typed).
    const checked = validatePupil({ ...valuesOf(record, PUPIL_FORM_NAMES), ...changed });
    if (!checked.ok) {
      const fields = Object.fromEntries(Object.entries(checked.fields).filter(([f]) => editable.includes(f as never)));
      setErrors(Object.keys(fields).length ? fields : checked.fields);
      const first = Object.keys(fields)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      toast.warning(checked.error);
      return;
    }
    setBusy(true);
    try {
      const res = await api(`/register/${encodeURIComponent(record._id)}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(changed),
      });
      const { status, body } = await answerOf<PupilRecord>(res);
      if (status === 200) {
        toast.success(`${part.title}: saved`);
        setEditing(false);
        onSaved(body as PupilRecord);
        return;
      }
      const fields = body.fields ?? {};
      setErrors(fields);
      const first = Object.keys(fields)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      toast.error(body.error ?? 'The change could not be saved');
    } catch {
      toast.error('The change could not be saved: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  const hint = (name: PupilField) =>
    name === 'aadhaar'
      ? record.aadhaar
        ? `Kept as ${record.aadhaar}. Type all 12 digits only to replace it.`
        : '12 digits, as printed on the card'
      : undefined;

  return (
    <Card
      title={part.title}
      action={
        !editing && (
          <button type="button" className="btn btn--small" onClick={start} aria-label={`Edit ${part.title}`}>
            Edit
          </button>
        )
      }
    >
      {editing ? (
        <form onSubmit={save} className="ff-form register-pupil__edit" noValidate>
          <div className="register-grid">
            {editable.map((name) => (
              <PupilInput
                key={name}
                form={id}
                name={name}
                value={values[name] ?? ''}
                error={errors[name]}
                hint={hint(name)}
                onChange={(v) => setValues((all) => ({ ...all, [name]: v }))}
              />
            ))}
          </div>
          <div className="admin-actions">
            <button type="button" className="btn" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Saving...' : `Save ${part.title.toLowerCase()}`}
            </button>
          </div>
        </form>
      ) : (
        <FieldList rows={rows} />
      )}
    </Card>
  );
}

interface TcRequestRow {
  _id: string;
  studentName: string;
  status: string;
  createdAt: string;
}

/** The application the pupil came from, and the TC requests made for its admission number. */
function Links({ record }: { record: Pupil }) {
  const requests = useLoad(
    () =>
      getJson<Paged<TcRequestRow>>(
        `/tc-request?${new URLSearchParams({ admissionNumber: record.admissionNumber, limit: '50' })}`,
      ),
    [record.admissionNumber],
  );
  return (
    <Card title="Application and TC requests">
      <p>
        {record.admissionId ? (
          <a href={`/admin/admissions/details/${encodeURIComponent(record.admissionId)}`}>
            The application this pupil came from
          </a>
        ) : (
          'Entered by hand or imported: no online application.'
        )}
      </p>
      {requests.loading && !requests.data ? (
        <p role="status">Loading the TC requests...</p>
      ) : requests.failed ? (
        <p>Could not load the TC requests.</p>
      ) : !requests.data?.data.length ? (
        <p>No TC request for admission number {record.admissionNumber}.</p>
      ) : (
        <ul>
          {requests.data.data.map((r) => (
            <li key={r._id}>
              <a href={`/admin/tc-requests/details/${encodeURIComponent(r._id)}`}>
                TC request of {r.studentName}, {formatDate(r.createdAt)}
              </a>{' '}
              ({statusLabel(TC_WORKFLOW, r.status)})
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** An entry's changes, a line a field: 'Class: 5 → 6'. */
function changeLines(detail: string | null): string {
  if (!detail) return '';
  try {
    const { before, after } = JSON.parse(detail) as {
      before?: Record<string, unknown> | null;
      after?: Record<string, unknown> | null;
    };
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '(none)' : String(v));
    return keys.map((k) => `${labelOf(k)}: ${shown(before?.[k])} → ${shown(after?.[k])}`).join('\n');
  } catch {
    return detail;
  }
}

/** The pupil's audit entries, newest first, as the register's answer carries them (office and principal alike). */
function History({ record }: { record: PupilRecord }) {
  const changes = record.changes ?? [];
  return (
    <Card title="History of changes">
      {!changes.length ? (
        <p>No change recorded yet.</p>
      ) : (
        <ol className="register-history">
          {changes.map((entry) => (
            <li key={entry._id}>
              <strong>{actionText(entry.action)}</strong>{' '}
              <span className="register-history__when">
                {formatDateTime(entry.createdAt)}, {personText(entry)}
              </span>
              {/* An addition names every field: its before and after are the pupil itself, shown above. */}
              {entry.detail && entry.action !== 'create' && (
                <p className="register-history__change">{changeLines(entry.detail)}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
