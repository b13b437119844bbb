/**
 * On a TC request's details screen: the register's pupil of its admission number beside it (with a
 * warning when the name or the date of birth differ, or when the register has no such pupil), and
 * for the principal, once the fee is paid or waived, the Issue TC form: the lines of CBSE's format
 * the register cannot know, prefilled where the request or the register suggest them. Issued,
 * "Print TC" opens the drawn A4 PDF (GET /v1/api/tc-request/{id}/certificate).
 */
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import { FAILED_CHOICES, ISSUE_TEXTS, PROMOTION_CHOICES, nextClass } from './issue.ts';
import { pupilName } from './register-match.ts';
import type { TcRequest } from './tc-request.ts';

interface Props {
  record: TcRequest;
  onIssued: () => void;
}

type Values = Record<string, string>;

interface Input {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'number' | 'month' | 'date' | 'select';
  options?: readonly { value: string; text: string }[];
  hint?: string;
  optional?: boolean;
}

const choices = (list: readonly string[]) => list.map((v) => ({ value: v, text: v }));

const INPUTS: Input[] = [
  { name: 'nationality', label: 'Nationality' },
  { name: 'lastExamination', label: 'School / Board examination last taken' },
  { name: 'examinationResult', label: 'Result of that examination' },
  { name: 'failed', label: 'Whether failed in the same class', kind: 'select', options: choices(FAILED_CHOICES) },
  { name: 'subjects', label: 'Subjects studied', kind: 'textarea', hint: 'One a line, or separated by commas' },
  {
    name: 'qualifiedForPromotion',
    label: 'Qualified for promotion to a higher class',
    kind: 'select',
    options: choices(PROMOTION_CHOICES),
  },
  {
    name: 'promotedTo',
    label: 'Promoted to class',
    kind: 'select',
    options: ALL_CLASSES.map((c) => ({ value: c, text: classText(c) })),
    hint: 'When qualified for promotion',
    optional: true,
  },
  { name: 'duesPaidUpTo', label: 'School dues paid up to (month)', kind: 'month' },
  { name: 'feeConcession', label: 'Fee concession, if any', optional: true },
  { name: 'workingDays', label: 'Total working days', kind: 'number' },
  { name: 'daysPresent', label: 'Days present', kind: 'number' },
  { name: 'nccScoutGuide', label: 'NCC cadet / Boy Scout / Girl Guide (details)', optional: true },
  { name: 'gamesActivities', label: 'Games and extra-curricular activities', optional: true },
  { name: 'conduct', label: 'General conduct' },
  { name: 'leavingDate', label: 'Date of leaving', kind: 'date' },
  { name: 'reasonForLeaving', label: 'Reason for leaving' },
  { name: 'remarks', label: 'Any other remarks', optional: true },
  { name: 'checkedBy', label: 'Checked by (full name and designation)', optional: true },
];

function prefill(record: TcRequest): Values {
  const pupil = record.registerMatch?.pupil;
  return {
    nationality: 'Indian',
    lastExamination: pupil ? `School annual examination ${pupil.session}` : 'School annual examination',
    examinationResult: 'Passed',
    failed: 'No',
    subjects: '',
    qualifiedForPromotion: 'Yes',
    promotedTo: pupil ? nextClass(pupil.class) : '',
    duesPaidUpTo: '',
    feeConcession: 'None',
    workingDays: '',
    daysPresent: '',
    nccScoutGuide: 'No',
    gamesActivities: '',
    conduct: 'Good',
    leavingDate: record.leavingDate ?? '',
    reasonForLeaving: record.reason ?? '',
    remarks: '',
    checkedBy: '',
  };
}

export function RegisterMatchSection({ record }: { record: TcRequest }) {
  const id = useId();
  const match = record.registerMatch;
  if (!match || record.erasedAt) return null;
  const pupil = match.pupil;
  return (
    <section aria-labelledby={`${id}-title`} className="details-card">
      <h2 id={`${id}-title`}>In the register</h2>
      {!pupil ? (
        <p className="details-warning" role="note">
          No pupil with this admission number in the register.
        </p>
      ) : (
        <>
          {(match.nameDiffers || match.dateOfBirthDiffers) && (
            <p className="details-warning" role="note">
              Check before issuing: the request&apos;s{' '}
              {[match.nameDiffers && 'name', match.dateOfBirthDiffers && 'date of birth'].filter(Boolean).join(' and ')}{' '}
              differ from the register&apos;s. The TC prints the register&apos;s.
            </p>
          )}
          <dl className="details-list">
            <div>
              <dt>Admission number</dt>
              <dd>
                <a href={`/admin/register/details/${pupil._id}`}>{pupil.admissionNumber}</a>
              </dd>
            </div>
            <div>
              <dt>Name</dt>
              <dd>{pupilName(pupil)}</dd>
            </div>
            <div>
              <dt>Date of birth</dt>
              <dd>{pupil.dateOfBirth ? formatDate(pupil.dateOfBirth) : '-'}</dd>
            </div>
            <div>
              <dt>Father / mother</dt>
              <dd>{[pupil.fatherName, pupil.motherName].filter(Boolean).join(' / ') || '-'}</dd>
            </div>
            <div>
              <dt>Class and section</dt>
              <dd>
                {classText(pupil.class)}
                {pupil.section ? ` ${pupil.section}` : ''} ({pupil.session})
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{pupil.status === 'left' ? `Left on ${formatDate(pupil.leftOn ?? '')}` : 'Studying'}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}

export function IssueTcSection({ record, onIssued }: Props) {
  const id = useId();
  const principal = useIsPrincipal();
  const [values, setValues] = useState<Values>(() => prefill(record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (record.erasedAt) return null;
  const drawn = record.drawnTc;
  if (record.status === 'issued') {
    if (!drawn) return null;
    return (
      <section aria-labelledby={`${id}-title`} className="details-card">
        <h2 id={`${id}-title`}>Transfer certificate{drawn.duplicate ? ' (duplicate)' : ''}</h2>
        <p>
          TC No. <strong>{drawn.tcNumber}</strong>, issued on {formatDate(drawn.issuedOn)} from the register
          {drawn.duplicate ? `, a duplicate of TC No. ${drawn.duplicateOf || 'an earlier TC'}` : ''}. Print it for the
          principal&apos;s signature and the school&apos;s seal; it can be verified on the website now.
        </p>
        <a
          className="btn btn--primary"
          href={`/v1/api/tc-request/${record._id}/certificate`}
          target="_blank"
          rel="noopener"
        >
          Print TC
        </a>
      </section>
    );
  }
  if (record.status !== 'fee-paid' || !principal || !record.registerMatch?.pupil) return null;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const body = {
        ...values,
        subjects: values
          .subjects!.split(/[,\n]/)
          .map((s) => s.trim())
          .filter(Boolean),
        workingDays: values.workingDays ? Number(values.workingDays) : '',
        daysPresent: values.daysPresent ? Number(values.daysPresent) : '',
      };
      const { status, body: answer } = await answerOf<{ tcNumber: string }>(
        await apiJson(`/tc-request/${encodeURIComponent(record._id)}/issue`, 'POST', body),
      );
      if (status !== 200) {
        setErrors(answer.fields ?? {});
        toast.warning(answer.error ?? 'The TC could not be issued.');
        return;
      }
      setErrors({});
      toast.success(`${ISSUE_TEXTS.issued} TC No. ${answer.tcNumber}`);
      onIssued();
    } catch {
      toast.error('The TC could not be issued. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const field = (input: Input) => {
    const inputId = `${id}-${input.name}`;
    const error = errors[input.name];
    const common = {
      id: inputId,
      name: input.name,
      value: values[input.name] ?? '',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': `${inputId}-error${input.hint ? ` ${inputId}-hint` : ''}`,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [input.name]: e.target.value })),
    };
    return (
      <div className="admin-field" key={input.name}>
        <label htmlFor={inputId}>
          {input.label}
          {input.optional ? ' (optional)' : ''}
        </label>
        {input.hint && (
          <p id={`${inputId}-hint`} className="field-hint">
            {input.hint}
          </p>
        )}
        {input.kind === 'select' ? (
          <select {...common}>
            <option value="">Select</option>
            {input.options!.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </select>
        ) : input.kind === 'textarea' ? (
          <textarea {...common} rows={3} />
        ) : (
          <input
            {...common}
            type={input.kind ?? 'text'}
            {...(input.kind === 'number' ? { min: 0, max: 366, inputMode: 'numeric' as const } : {})}
          />
        )}
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      </div>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="details-card">
      <h2 id={`${id}-title`}>Issue TC from the register</h2>
      <p>
        The TC is drawn in CBSE&apos;s format from the register (name, parents, date of birth, category, admission,
        class) and these lines. Issuing numbers it from the school&apos;s TC series, marks the pupil as left and
        publishes it for verification.
      </p>
      <form className="admin-form" noValidate onSubmit={submit} aria-busy={busy}>
        {INPUTS.map(field)}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Issuing…' : 'Issue TC'}
        </button>
      </form>
    </section>
  );
}
