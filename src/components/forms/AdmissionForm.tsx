/**
 * The admission form of one band (spec 01 sections 2-5; issue 5 point 3): ONE component, driven by
 * src/lib/forms/admission-bands.ts. Documents upload as they are chosen; the submit sends the text
 * fields and the uploads' ids, checked first by the same schema the server uses.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import type { Band } from '../../lib/classes.ts';
import { BANDS_DEF, FILE_LABELS, SECTION_TITLES, TEXT_LABELS, bandFiles, type FileField, type SectionId, type TextField } from '../../lib/forms/admission-bands.ts';
import { validateAdmission } from '../../lib/forms/admission.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD, newSubmissionKey } from '../../lib/forms/honeypot.ts';
import { Toasts, toast, TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { FileField as FileInput, type UploadState } from './FileField.tsx';
import { Honeypot, Select, TextInput, focusFirstError } from './fields.tsx';
import { useDraft } from './useDraft.ts';
import './forms.css';

type Values = Record<TextField | '_key', string>;
const TEXT_KEYS: (TextField | '_key')[] = [
  'studentFirstName', 'studentMiddleName', 'studentLastName', 'studentAadharNo', 'admissionClass',
  'fatherFirstName', 'fatherMiddleName', 'fatherLastName', 'motherFirstName', 'motherMiddleName',
  'motherLastName', 'abcId', 'contactNo', 'governmentScholarship', '_key',
];

const emptyValues = (): Values => ({ ...(Object.fromEntries(TEXT_KEYS.map((k) => [k, ''])) as Values), governmentScholarship: 'no' });

const SECTION_TEXT: Record<SectionId, TextField[]> = {
  student: ['studentFirstName', 'studentMiddleName', 'studentLastName', 'studentAadharNo', 'admissionClass'],
  father: ['fatherFirstName', 'fatherMiddleName', 'fatherLastName'],
  mother: ['motherFirstName', 'motherMiddleName', 'motherLastName'],
  additional: ['abcId', 'contactNo'],
  academic: ['governmentScholarship'],
};

export default function AdmissionForm({ band }: { band: Band }) {
  const def = BANDS_DEF[band];
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, setField, clearDraft, wasRestored } = useDraft<Values>(`admission-${band}`, emptyValues);
  const [uploads, setUploads] = useState<Partial<Record<FileField, UploadState>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState('');
  const [honeypot, setHoneypot] = useState('');

  const requiredFiles = new Set(def.fileSteps.flatMap((s) => s.fields));
  const scholarshipYes = def.academic && values.governmentScholarship === 'yes';
  const fieldId = (name: string) => `${uid}-${name}`;

  function change(name: TextField, value: string) {
    setField(name, value);
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  function setUpload(field: FileField, state: UploadState) {
    setUploads((u) => ({ ...u, [field]: state }));
    // The error clears when a valid file is chosen.
    if (state.status !== 'failed' && errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  }

  function inputFor(): Record<string, string> {
    const input: Record<string, string> = { band };
    for (const k of TEXT_KEYS) if (k !== '_key' && values[k].trim()) input[k] = values[k].trim();
    for (const f of bandFiles(def)) {
      const s = uploads[f];
      if (s?.status === 'done') input[f] = s.upload.id;
    }
    return input;
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    setReference('');
    if (Object.values(uploads).some((s) => s?.status === 'uploading')) {
      toast.warning('Please wait until your files have finished uploading.');
      return;
    }
    const input = inputFor();
    const checked = validateAdmission(input, band);
    if (!checked.ok) {
      setErrors(checked.fields);
      setFormError(checked.error);
      toast.error(checked.error);
      focusFirstError(formRef.current, checked.fields);
      return;
    }
    setErrors({});
    const key = values._key || newSubmissionKey();
    if (!values._key) setField('_key', key);
    // Empty or unset fields are left out of the submission (spec 01 section 3).
    const body = new FormData();
    for (const [k, v] of Object.entries(input)) body.append(k, v);
    body.append(SUBMISSION_KEY_FIELD, key);
    if (honeypot) body.append(HONEYPOT_FIELD, honeypot);
    setBusy(true);
    const notice = toast.loading(MSG.admissionSubmitting);
    try {
      const res = await fetch('/v1/api/admission', { method: 'POST', body, credentials: 'same-origin' });
      const answer = (await res.json().catch(() => ({}))) as { admission?: { referenceNumber?: string }; error?: string; fields?: Record<string, string> };
      if (res.status !== 201) {
        if (answer.error) setFormError(answer.error);
        if (answer.fields) setErrors(answer.fields);
        throw new Error(`HTTP ${res.status}: ${answer.error ?? ''}`);
      }
      toast.update(notice, { render: MSG.admissionSuccess, type: 'success', isLoading: false, autoClose: TOAST_AUTO_CLOSE, closeButton: true });
      setReference(answer.admission?.referenceNumber ?? '');
      clearDraft();
      if (def.clearAfterSuccess) {
        setValues(emptyValues());
        setUploads({});
      } else {
        // The fields stay (spec); a new submit is a new application.
        setField('_key', '');
      }
    } catch (error) {
      console.error('Admission form submission failed', error);
      toast.update(notice, { render: MSG.admissionFailure, type: 'error', isLoading: false, autoClose: TOAST_AUTO_CLOSE, closeButton: true });
    } finally {
      setBusy(false);
    }
  }

  const textField = (name: TextField) => {
    const common = {
      key: name, id: fieldId(name), name, label: TEXT_LABELS[name], value: values[name], error: errors[name],
      onChange: (v: string) => change(name, v),
    };
    if (name === 'admissionClass') {
      return <Select {...common} required options={def.classOptions.map((o) => ({ value: o.value, text: o.text }))} placeholder="Select class" />;
    }
    if (name === 'governmentScholarship') {
      return <Select {...common} required options={[{ value: 'no', text: 'No' }, { value: 'yes', text: 'Yes' }]} placeholder="Select" />;
    }
    if (name === 'contactNo') {
      return <TextInput {...common} required type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} hint="10 digits, e.g. 9876543210" />;
    }
    if (name === 'studentAadharNo') {
      return <TextInput {...common} required inputMode="numeric" maxLength={14} autoComplete="off" hint="12 digits, as printed on the card" />;
    }
    return <TextInput {...common} required={def.required.includes(name)} maxLength={60} autoComplete="off" />;
  };

  const fileField = (field: FileField) => {
    if (field === 'scholarshipDocument' && !scholarshipYes) return null;
    return (
      <FileInput
        key={field} id={fieldId(field)} field={field} label={FILE_LABELS[field]}
        required={requiredFiles.has(field) || field === 'scholarshipDocument'}
        state={uploads[field] ?? { status: 'empty' }} onState={(s) => setUpload(field, s)} error={errors[field]}
      />
    );
  };

  const sections: SectionId[] = def.academic ? ['student', 'father', 'mother', 'additional', 'academic'] : ['student', 'father', 'mother', 'additional'];

  return (
    <div className="ff">
      <Toasts />
      <form ref={formRef} className="ff-form" noValidate onSubmit={submit} aria-describedby={`${uid}-intro`}>
        <p id={`${uid}-intro`} className="ff-intro">
          Fields marked <span aria-hidden="true">*</span><span className="visually-hidden">with an asterisk</span> are required.
          Each document is uploaded as soon as you choose it (PDF, JPG or PNG, up to 2 MB). What you type is kept on this
          phone until the form is sent.
        </p>
        {wasRestored && <p className="ff-note" role="status">We restored what you typed earlier. Please choose the documents again.</p>}
        {sections.map((section) => (
          <fieldset key={section} className="ff-section">
            <legend>{SECTION_TITLES[section]}</legend>
            <div className="ff-grid">
              {SECTION_TEXT[section].map((name) => (section === 'academic' && !def.academic ? null : textField(name)))}
              {def.files[section].map(fileField)}
            </div>
          </fieldset>
        ))}
        <Honeypot value={honeypot} onChange={setHoneypot} />
        {formError && <p className="ff-form-error" role="alert">{formError}</p>}
        <button type="submit" className="ff-button" disabled={busy} aria-busy={busy}>
          {busy && <span className="ff-spinner" aria-hidden="true" />}
          {busy ? 'Submitting…' : 'Submit application'}
        </button>
        {reference && (
          <div className="ff-success" role="status">
            <p><strong>{MSG.admissionSuccess}</strong></p>
            <p>Your reference number is <strong className="ff-reference">{reference}</strong>. Please note it down; the school office will ask for it.</p>
          </div>
        )}
      </form>
    </div>
  );
}
