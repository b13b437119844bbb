/**
 * The admission form of one band: ONE component, drawn from the admission's definition (admission.ts).
 * Documents upload as they are chosen; the submit sends the text fields and the uploads' ids,
 * checked first by the same schema the server uses. A date of birth outside the class's age range
 * asks the parent to confirm it before sending (AgeNotice). Once sent, the acknowledgment takes the form's
 * place, in `lang` with the words the page hands over (acknowledgment-texts.ts). A page in another
 * language than English hands the form's own words too (`text`, admission-texts.ts).
 *
 * The class select lists the wing's classes that the school offers: those the build read (`classes`),
 * then those of the school's profile now (src/lib/offered-classes.ts), so a change needs no build. A
 * wing the school has none of says so in place of the form.
 */
import { Fragment, useEffect, useId, useState } from 'react';
import {
  WING_SLUG,
  classText,
  offeredOptions,
  resolveClass,
  wingRange,
  withWingRange,
  type Band,
} from '../../lib/classes.ts';
import { offeredClassesNow } from '../../lib/offered-classes.ts';
import { ageCheck } from '../../lib/age.ts';
import { FORM_TEXTS, formCode } from '../../lib/forms/texts.ts';
import { isBirthDate, type Result } from '../../lib/forms/validate.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { abcTexts, consentTexts, speaker, type FormTexts } from '../../lib/forms/island-texts.ts';
import { api } from '../../lib/api-client.ts';
import { Toasts } from '../../lib/toast.tsx';
import { FileField as FileInput, type UploadState } from '../../components/forms/FileField.tsx';
import { FormField, Honeypot } from '../../components/forms/fields.tsx';
import { ClearForm } from '../../components/forms/ClearForm.tsx';
import { forgetDocuments } from '../../components/forms/document-store.ts';
import { outcomeOf, submissionFields, useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import {
  ADMISSION,
  ADMISSION_TEXT_FIELDS,
  BANDS_DEF,
  SECTION_TITLES,
  bandFields,
  bandFiles,
  fileLabel,
  sectionFields,
  type FileField,
  type SectionId,
  type TextField,
} from './admission.ts';
import { Acknowledgment } from './Acknowledgment.tsx';
import { AbcIdField } from './AbcIdField.tsx';
import { AgeNotice } from './AgeNotice.tsx';
import { isAbcOptOut } from '../../lib/forms/consent.ts';
import type { AckFacts, AckTexts } from './acknowledgment.ts';
import { validateAdmission } from './schema.ts';
import '../../components/forms/forms.css';

type Values = Record<TextField, string>;

const emptyValues = (): Values => ({
  ...(Object.fromEntries(ADMISSION_TEXT_FIELDS.map((k) => [k, ''])) as Values),
  governmentScholarship: 'no',
});

/**
 * The form's own last rule: a date of birth outside the class's age range is sent only once the
 * parent has ticked that it is right (the server accepts it either way and marks it for the office).
 */
function askAgeConfirmation<D>(result: Result<D>): Result<D> {
  const code = formCode('ageConfirm');
  if (result.ok)
    return {
      ok: false,
      error: FORM_TEXTS.ageConfirm,
      code,
      fields: { ageConfirm: FORM_TEXTS.ageConfirm },
      codes: { ageConfirm: code },
      kind: 'rule',
    };
  if (result.kind === 'type') return result;
  return {
    ...result,
    fields: { ...result.fields, ageConfirm: FORM_TEXTS.ageConfirm },
    codes: { ...result.codes, ageConfirm: code },
  };
}

type Created = { admission?: { referenceNumber?: string; createdAt?: string; admissionClass?: string } };

interface Props {
  band: Band;
  lang?: Language;
  /** The acknowledgment's words, in `lang` (handed by the page). */
  texts: AckTexts;
  /** The form's words, when the page is not in English. */
  text?: FormTexts;
  /** The classes the school offered when the page was built (every wing's). */
  classes: readonly string[];
}

const CONSENT = ADMISSION.fields.find((f) => f.kind === 'consent')!;

/** A class the school does not offer (a draft kept from before it changed): refused here as the server would. */
function notOffered<D>(result: Result<D>): Result<D> {
  const code = formCode('classNotOffered');
  const fields = { ...(result.ok ? {} : result.fields), admissionClass: FORM_TEXTS.classNotOffered };
  const codes = { ...(result.ok ? {} : result.codes), admissionClass: code };
  if (result.ok) return { ok: false, error: FORM_TEXTS.classNotOffered, code, fields, codes, kind: 'rule' };
  return result.kind === 'rule' ? { ...result, fields, codes } : result;
}

export default function AdmissionForm({ band, lang = 'en', texts, text, classes }: Props) {
  const def = BANDS_DEF[band];
  const speak = speaker(text);
  const [offered, setOffered] = useState(classes);
  useEffect(() => {
    void offeredClassesNow().then((now) => {
      if (!now) return;
      setOffered(now);
      // The page's heading, its breadcrumb and the tab's title name the wing's range as the school has it now.
      const range = wingRange(band, now, lang === 'hi' ? 'hi' : 'en');
      if (!range) return;
      for (const el of document.querySelectorAll(`h1[data-wing="${band}"], .breadcrumbs [aria-current="page"]`))
        el.textContent = withWingRange(el.textContent ?? '', range);
      document.title = withWingRange(document.title, range);
    });
  }, [band, lang]);
  const classOptions = offeredOptions(band, offered).map((o) => ({ ...o, text: classText(o.label) }));
  const uid = useId();
  const [uploads, setUploads] = useState<Partial<Record<FileField, UploadState>>>({});
  const [ack, setAck] = useState<AckFacts | undefined>();

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
    // The page's language, whatever a draft may hold: the school writes to the parent in it.
    input.language = lang;
    return input;
  }

  /** The date of birth and class the parent confirmed, when the date is outside the class's age range. */
  const [ageConfirmed, setAgeConfirmed] = useState('');
  const ageKey = (values: Values) => `${values.dateOfBirth}|${values.admissionClass}`;
  function ageOf(values: Values) {
    const chosen = resolveClass(values.admissionClass, band);
    const checked = chosen && isBirthDate(values.dateOfBirth) ? ageCheck(values.dateOfBirth, chosen.label) : undefined;
    return checked?.outside ? checked : undefined;
  }

  /** The draft's name, shared by the English and Hindi pages; the documents are kept under it too. */
  const draft = `admission-${WING_SLUG[band]}`;
  const { formRef, ...form } = useFormSubmit({
    draft,
    empty: emptyValues,
    check: (values) => {
      const result = validateAdmission(inputFor(values), band);
      const chosen = resolveClass(values.admissionClass, band);
      if (chosen && !offered.includes(chosen.label)) return notOffered(result);
      return ageOf(values) && ageConfirmed !== ageKey(values) ? askAgeConfirmation(result) : result;
    },
    blocked: () =>
      Object.values(uploads).some((s) => s?.status === 'preparing' || s?.status === 'uploading')
        ? speak.text('admissionWait')
        : undefined,
    checkToast: () => 'error',
    messages: {
      loading: speak.msg('admissionSubmitting'),
      success: speak.msg('admissionSuccess'),
      failure: speak.msg('admissionFailure'),
    },
    speak,
    send: async (_data, meta) => {
      // Empty or unset fields are left out of the submission.
      const input = inputFor(form.values);
      const body = new FormData();
      for (const [k, v] of Object.entries({ ...input, ...submissionFields(meta) })) body.append(k, v);
      return outcomeOf<Created>(await api('/admission', { method: 'POST', body }));
    },
    clearAfterSuccess: def.clearAfterSuccess,
    onSuccess: (answer) => {
      const created = answer.admission;
      if (created?.referenceNumber) {
        // What was sent: this render's values and uploads, the ones send() read.
        const input = inputFor(form.values);
        setAck({
          studentName: [input.studentFirstName, input.studentMiddleName, input.studentLastName]
            .filter(Boolean)
            .join(' '),
          contactNo: input.contactNo ?? '',
          dateOfBirth: input.dateOfBirth ?? '',
          gender: input.gender ?? '',
          address: input.address ?? '',
          documents: bandFiles(def)
            .filter((f) => input[f])
            .map((f) => speak.field(f)?.label ?? fileLabel(f)),
          referenceNumber: created.referenceNumber,
          createdAt: created.createdAt ?? new Date().toISOString(),
          admissionClass: created.admissionClass ?? '',
        });
      }
      if (def.clearAfterSuccess) setUploads({});
      void forgetDocuments(draft);
    },
  });

  function clearAll() {
    form.clear();
    setUploads({});
    void forgetDocuments(draft);
  }

  const requiredFiles = new Set(def.fileSteps.flatMap((s) => s.fields));
  if (isAbcOptOut(form.values.abcId)) requiredFiles.delete('abcCard');
  const scholarshipYes = def.academic && form.values.governmentScholarship === 'yes';
  const fieldId = (name: string) => `${uid}-${name}`;

  function setUpload(field: FileField, state: UploadState) {
    setUploads((u) => ({ ...u, [field]: state }));
    // The error clears when a valid file is chosen.
    if (state.status !== 'failed') form.clearError(field);
  }

  /** How a class value reads on this page. */
  const classTexts = (value: string) =>
    speak.field('admissionClass')?.options?.[value] ?? def.classOptions.find((o) => o.value === value)?.text ?? value;

  if (!classOptions.length && !ack) {
    return (
      <div className="ff">
        <p className="ff-note" role="status">
          {speak.text('wingClosed')}
        </p>
      </div>
    );
  }

  const [before, after] = speak.text('requiredIntro').split('<*>');
  const sections: SectionId[] = def.academic
    ? ['student', 'father', 'mother', 'additional', 'academic']
    : ['student', 'father', 'mother', 'additional'];

  /** Back to the form (for a brother or sister: the later wings keep what was typed), focus on its first field. */
  function another() {
    setAck(undefined);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input, select')?.focus());
  }

  return (
    <div className="ff">
      <Toasts />
      {ack ? (
        <Acknowledgment ack={ack} texts={texts} lang={lang} onAnother={another} />
      ) : (
        <form
          ref={formRef}
          className="ff-form"
          noValidate
          onSubmit={(e) => void form.submit(e)}
          aria-describedby={`${uid}-intro`}
        >
          <p id={`${uid}-intro`} className="ff-intro">
            {before}
            <span aria-hidden="true">*</span>
            <span className="visually-hidden">{speak.text('requiredMark')}</span>
            {after} {speak.text('admissionIntro')}
          </p>
          {form.wasRestored && (
            <p className="ff-note" role="status">
              {speak.text('admissionRestored')}
            </p>
          )}
          {sections.map((section) => (
            <fieldset key={section} className="ff-section">
              <legend>{speak.section(section, SECTION_TITLES[section])}</legend>
              <div className="ff-grid">
                {sectionFields(band, section).map((field) => {
                  if (field.name === 'abcId') {
                    return (
                      <AbcIdField
                        key="abcId"
                        field={field}
                        id={fieldId('abcId')}
                        value={form.values.abcId}
                        error={form.errors.abcId}
                        texts={abcTexts(speak)}
                        fieldTexts={speak.field('abcId')}
                        onChange={(v) => form.change('abcId', v)}
                      />
                    );
                  }
                  if (field.kind !== 'file') {
                    const name = field.name as TextField;
                    const input = (
                      <FormField
                        key={name}
                        field={field}
                        id={fieldId(name)}
                        value={form.values[name]}
                        error={form.errors[name]}
                        required={!field.labelledOptional}
                        options={name === 'admissionClass' ? classOptions : undefined}
                        texts={speak.field(name)}
                        onChange={(v) => form.change(name, v)}
                      />
                    );
                    const age = name === 'dateOfBirth' ? ageOf(form.values) : undefined;
                    if (!age) return input;
                    return (
                      <Fragment key={name}>
                        {input}
                        <AgeNotice
                          id={fieldId('ageConfirm')}
                          check={age}
                          className={classTexts(form.values.admissionClass)}
                          confirmed={ageConfirmed === ageKey(form.values)}
                          error={form.errors.ageConfirm}
                          speak={speak}
                          onConfirm={(yes) => {
                            setAgeConfirmed(yes ? ageKey(form.values) : '');
                            form.clearError('ageConfirm');
                          }}
                        />
                      </Fragment>
                    );
                  }
                  const name = field.name as FileField;
                  if (name === 'scholarshipDocument' && !scholarshipYes) return null;
                  return (
                    <FileInput
                      key={name}
                      id={fieldId(name)}
                      field={name}
                      label={speak.field(name)?.label ?? field.label}
                      speak={speak}
                      keep={draft}
                      required={requiredFiles.has(name) || name === 'scholarshipDocument'}
                      state={uploads[name] ?? { status: 'empty' }}
                      onState={(s) => setUpload(name, s)}
                      error={form.errors[name]}
                    />
                  );
                })}
              </div>
            </fieldset>
          ))}
          <div className="ff-grid">
            <FormField
              field={CONSENT}
              id={fieldId('consent')}
              value={form.values.consent}
              error={form.errors.consent}
              consentTexts={consentTexts(speak, lang)}
              onChange={(v) => form.change('consent', v)}
            />
          </div>
          <Honeypot value={form.honeypot} onChange={form.setHoneypot} label={speak.text('honeypot')} />
          {form.formError && (
            <p className="ff-form-error" role="alert">
              {form.formError}
            </p>
          )}
          <div className="ff-actions">
            <button type="submit" className="ff-button" disabled={!form.canSend} aria-busy={form.busy}>
              {form.busy && <span className="ff-spinner" aria-hidden="true" />}
              {speak.text(form.busy ? 'admissionBusy' : 'admissionSubmit')}
            </button>
            <ClearForm speak={speak} onClear={clearAll} documents />
          </div>
        </form>
      )}
    </div>
  );
}
