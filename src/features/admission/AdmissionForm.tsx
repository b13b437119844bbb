/**
 * The admission form of one band: ONE component, drawn from the admission's definition (admission.ts).
 * Documents upload as they are chosen; the submit sends the text fields and the uploads' ids,
 * checked first by the same schema the server uses.
 */
import { useId, useState } from 'react';
import type { Band } from '../../lib/classes.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { api } from '../../lib/api-client.ts';
import { Toasts } from '../../lib/toast.tsx';
import { FileField as FileInput, type UploadState } from '../../components/forms/FileField.tsx';
import { FormField, Honeypot } from '../../components/forms/fields.tsx';
import { outcomeOf, submissionFields, useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import {
  ADMISSION_TEXT_FIELDS, BANDS_DEF, SECTION_TITLES, bandFields, bandFiles, sectionFields, type FileField, type SectionId, type TextField,
} from './admission.ts';
import { validateAdmission } from './schema.ts';
import '../../components/forms/forms.css';

type Values = Record<TextField, string>;

const emptyValues = (): Values => ({ ...(Object.fromEntries(ADMISSION_TEXT_FIELDS.map((k) => [k, ''])) as Values), governmentScholarship: 'no' });

export default function AdmissionForm({ band }: { band: Band }) {
  const def = BANDS_DEF[band];
  const uid = useId();
  const [uploads, setUploads] = useState<Partial<Record<FileField, UploadState>>>({});
  const [reference, setReference] = useState('');

  /** What the form sends: the band, the non-empty text fields and the finished uploads' ids. */
  function inputFor(values: Values): Record<string, string> {
    const input: Record<string, string> = { band };
    for (const field of bandFields(band)) {
      if (field.kind === 'file') continue;
      const value = values[field.name as TextField].trim();
      if (value) input[field.name] = value;
    }
    for (const f of bandFiles(def)) {
      const s = uploads[f];
      if (s?.status === 'done') input[f] = s.upload.id;
    }
    return input;
  }

  const form = useFormSubmit({
    draft: `admission-${band}`,
    empty: emptyValues,
    check: (values) => validateAdmission(inputFor(values), band),
    blocked: () =>
      Object.values(uploads).some((s) => s?.status === 'preparing' || s?.status === 'uploading') ? 'Please wait until your files have finished uploading.' : undefined,
    checkToast: () => 'error',
    messages: { loading: MSG.admissionSubmitting, success: MSG.admissionSuccess, failure: MSG.admissionFailure },
    send: async (_data, meta) => {
      // Empty or unset fields are left out of the submission.
      const body = new FormData();
      for (const [k, v] of Object.entries({ ...inputFor(form.values), ...submissionFields(meta) })) body.append(k, v);
      return outcomeOf<{ admission?: { referenceNumber?: string } }>(await api('/admission', { method: 'POST', body }));
    },
    clearAfterSuccess: def.clearAfterSuccess,
    onSuccess: (answer) => {
      setReference(answer.admission?.referenceNumber ?? '');
      if (def.clearAfterSuccess) setUploads({});
    },
  });

  const requiredFiles = new Set(def.fileSteps.flatMap((s) => s.fields));
  const scholarshipYes = def.academic && form.values.governmentScholarship === 'yes';
  const fieldId = (name: string) => `${uid}-${name}`;

  function setUpload(field: FileField, state: UploadState) {
    setUploads((u) => ({ ...u, [field]: state }));
    // The error clears when a valid file is chosen.
    if (state.status !== 'failed') form.clearError(field);
  }

  const sections: SectionId[] = def.academic ? ['student', 'father', 'mother', 'additional', 'academic'] : ['student', 'father', 'mother', 'additional'];

  return (
    <div className="ff">
      <Toasts />
      <form ref={form.formRef} className="ff-form" noValidate onSubmit={(e) => {
        setReference('');
        void form.submit(e);
      }} aria-describedby={`${uid}-intro`}>
        <p id={`${uid}-intro`} className="ff-intro">
          Fields marked <span aria-hidden="true">*</span><span className="visually-hidden">with an asterisk</span> are required.
          Each document is uploaded as soon as you choose it (PDF, JPG or PNG; a PDF up to 2 MB, a larger photo is made
          smaller for you). What you type is kept on this phone until the form is sent.
        </p>
        {form.wasRestored && <p className="ff-note" role="status">We restored what you typed earlier. Please choose the documents again.</p>}
        {sections.map((section) => (
          <fieldset key={section} className="ff-section">
            <legend>{SECTION_TITLES[section]}</legend>
            <div className="ff-grid">
              {sectionFields(band, section).map((field) => {
                if (field.kind !== 'file') {
                  const name = field.name as TextField;
                  return (
                    <FormField
                      key={name} field={field} id={fieldId(name)} value={form.values[name]} error={form.errors[name]} required
                      options={name === 'admissionClass' ? def.classOptions : undefined} onChange={(v) => form.change(name, v)}
                    />
                  );
                }
                const name = field.name as FileField;
                if (name === 'scholarshipDocument' && !scholarshipYes) return null;
                return (
                  <FileInput
                    key={name} id={fieldId(name)} field={name} label={field.label}
                    required={requiredFiles.has(name) || name === 'scholarshipDocument'}
                    state={uploads[name] ?? { status: 'empty' }} onState={(s) => setUpload(name, s)} error={form.errors[name]}
                  />
                );
              })}
            </div>
          </fieldset>
        ))}
        <Honeypot value={form.honeypot} onChange={form.setHoneypot} />
        {form.formError && <p className="ff-form-error" role="alert">{form.formError}</p>}
        <button type="submit" className="ff-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy && <span className="ff-spinner" aria-hidden="true" />}
          {form.busy ? 'Submitting…' : 'Submit application'}
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
