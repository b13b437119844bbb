/** The vacancy form shared by New Vacancy and the edit screen. Validation runs on submit (toasts). */
import { useId, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast.tsx';
import { EMPLOYMENT_TYPES } from './vacancy.ts';
import { validateVacancy, vacancyPayload, type VacancyValues } from './vacancy-form.ts';
import { ListEditor } from './ListEditor.tsx';

interface Props {
  mode: 'create' | 'edit';
  values: VacancyValues;
  onChange: (values: VacancyValues) => void;
  onSubmit: (payload: VacancyValues) => Promise<void>;
  submitLabel: string;
  busy: boolean;
  /** Extra buttons (Back, Delete) next to Save. */
  actions?: ReactNode;
}

export function VacancyForm({ mode, values, onChange, onSubmit, submitLabel, busy, actions }: Props) {
  const id = useId();
  const [pendingResp, setPendingResp] = useState('');
  const [pendingQual, setPendingQual] = useState('');
  const [invalid, setInvalid] = useState<keyof VacancyValues>();
  const jobTitleRef = useRef<HTMLInputElement>(null);
  const jobDescriptionRef = useRef<HTMLTextAreaElement>(null);
  const employmentTypeRef = useRef<HTMLSelectElement>(null);
  const responsibilitiesRef = useRef<HTMLInputElement>(null);
  const qualificationsRef = useRef<HTMLInputElement>(null);
  const set = <K extends keyof VacancyValues>(key: K, value: VacancyValues[K]) => {
    if (invalid === key) setInvalid(undefined);
    onChange({ ...values, [key]: value });
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    // Text typed in a list box but not added yet counts as an item.
    const withPending: VacancyValues = {
      ...values,
      keyResponsibilities: pendingResp.trim()
        ? [...values.keyResponsibilities, pendingResp]
        : values.keyResponsibilities,
      qualificationsAndRequirements: pendingQual.trim()
        ? [...values.qualificationsAndRequirements, pendingQual]
        : values.qualificationsAndRequirements,
    };
    const problem = validateVacancy(withPending, mode);
    if (problem) {
      setInvalid(problem.field);
      toast.warning(problem.message);
      const refs = {
        jobTitle: jobTitleRef,
        jobDescription: jobDescriptionRef,
        employmentType: employmentTypeRef,
        keyResponsibilities: responsibilitiesRef,
        qualificationsAndRequirements: qualificationsRef,
      };
      refs[problem.field].current?.focus();
      return;
    }
    setInvalid(undefined);
    setPendingResp('');
    setPendingQual('');
    onChange(vacancyPayload(withPending));
    await onSubmit(vacancyPayload(withPending));
  }

  return (
    <form className="admin-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="hint">
        Fields marked <span className="required">*</span> are required.
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-title`}>
          Job title{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-title`}
          ref={jobTitleRef}
          type="text"
          required
          aria-required="true"
          aria-invalid={invalid === 'jobTitle' || undefined}
          value={values.jobTitle}
          maxLength={200}
          onChange={(e) => set('jobTitle', e.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-desc`}>
          Job description{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id={`${id}-desc`}
          ref={jobDescriptionRef}
          rows={5}
          required
          aria-required="true"
          aria-invalid={invalid === 'jobDescription' || undefined}
          value={values.jobDescription}
          onChange={(e) => set('jobDescription', e.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-type`}>
          Employment type{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id={`${id}-type`}
          ref={employmentTypeRef}
          required
          aria-required="true"
          aria-invalid={invalid === 'employmentType' || undefined}
          value={values.employmentType}
          onChange={(e) => set('employmentType', e.target.value)}
        >
          <option value="">Select employment type</option>
          {EMPLOYMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <ListEditor
        label="Key responsibilities"
        itemName="responsibility"
        items={values.keyResponsibilities}
        onChange={(items) => set('keyResponsibilities', items)}
        pending={pendingResp}
        onPending={setPendingResp}
        invalid={invalid === 'keyResponsibilities'}
        inputRef={responsibilitiesRef}
      />
      <ListEditor
        label="Qualifications and requirements"
        itemName="qualification"
        items={values.qualificationsAndRequirements}
        onChange={(items) => set('qualificationsAndRequirements', items)}
        pending={pendingQual}
        onPending={setPendingQual}
        invalid={invalid === 'qualificationsAndRequirements'}
        inputRef={qualificationsRef}
      />
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
