/**
 * The home page's admission enquiry (spec 01 sections 2-5, 8; issue 5 point 2): a modal dialog
 * 1.5 s after the page has loaded, with a close button and Esc; focus moves in, stays in, and goes
 * back where it was. Once closed (or sent) it stays closed for the rest of the visit (sessionStorage).
 * The form itself renders only when the dialog opens, so the home page's HTML and its hydration carry
 * an empty dialog, not fourteen hidden fields.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  CATEGORIES, ENQUIRY_CLASSES, ENQUIRY_FIELDS, ENQUIRY_MAX, FATHER_OCCUPATIONS, GENDERS, MOTHER_OCCUPATIONS,
  validateEnquiry, type EnquiryField,
} from '../../lib/forms/enquiry.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD, newSubmissionKey } from '../../lib/forms/honeypot.ts';
import { apiJson } from '../../lib/api-client.ts';
import { Toasts, toast, TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { Honeypot, Select, TextArea, TextInput, focusFirstError } from './fields.tsx';
import { useDraft } from './useDraft.ts';
import { useModalDialog } from '../public/useModalDialog.ts';
import './forms.css';

export const POPUP_DELAY_MS = 1500;
export const POPUP_CLOSED_KEY = 'rmcp-enquiry-closed';

type Values = Record<EnquiryField | '_key', string>;
const emptyValues = (): Values => Object.fromEntries([...ENQUIRY_FIELDS, '_key'].map((f) => [f, ''])) as Values;

const LABELS: Record<EnquiryField, string> = {
  admissionClass: 'Admission class', studentName: "Student's name", fatherName: "Father's name", motherName: "Mother's name",
  gender: 'Gender', dateOfBirth: 'Date of birth', fatherMobile: "Father's mobile number", email: 'E-mail',
  category: 'Category', lastSchoolAttended: 'Last school attended', fatherOccupation: "Father's occupation",
  motherOccupation: "Mother's occupation", address: 'Address', referredBy: 'Referred by',
};
/** The fields the original form marks as required; the others are labelled optional, yet checked too (spec 01 section 5). */
const MARKED_REQUIRED = new Set<EnquiryField>(['admissionClass', 'studentName', 'fatherName', 'motherName', 'gender', 'dateOfBirth', 'fatherMobile', 'email', 'category', 'address']);

function closedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(POPUP_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Milliseconds left until 1.5 s after the load event (the island may hydrate later than load). */
function delayAfterLoad(): number {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const loadedAt = nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : performance.now();
  return Math.max(0, POPUP_DELAY_MS - (performance.now() - loadedAt));
}

export default function EnquiryPopup() {
  const uid = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const trapTab = useModalDialog(dialogRef, open);
  const { values, setValues, setField, clearDraft } = useDraft<Values>('enquiry', emptyValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [honeypot, setHoneypot] = useState('');

  useEffect(() => {
    if (closedThisVisit()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => setOpen(true), delayAfterLoad());
    };
    if (document.readyState === 'complete') arm();
    else window.addEventListener('load', arm, { once: true });
    return () => {
      window.removeEventListener('load', arm);
      if (timer) clearTimeout(timer);
    };
  }, []);

  function close() {
    try {
      sessionStorage.setItem(POPUP_CLOSED_KEY, '1');
    } catch {
      /* storage disabled: it simply may show again on the next page load */
    }
    setOpen(false);
  }

  function change(name: EnquiryField, value: string) {
    setField(name, value);
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateEnquiry(values);
    if (!checked.ok) {
      setErrors(checked.fields);
      if (checked.error === MSG.required) toast.warning(checked.error);
      else toast.error(checked.error);
      focusFirstError(formRef.current, checked.fields);
      return;
    }
    setErrors({});
    const key = values._key || newSubmissionKey();
    if (!values._key) setField('_key', key);
    setBusy(true);
    const notice = toast.loading(MSG.enquirySubmitting);
    try {
      const payload: Record<string, string> = { ...checked.data, [SUBMISSION_KEY_FIELD]: key };
      if (honeypot) payload[HONEYPOT_FIELD] = honeypot;
      const res = await apiJson('/enquiry', 'POST', payload);
      if (res.status !== 201) {
        const answer = (await res.json().catch(() => ({}))) as { fields?: Record<string, string> };
        if (answer.fields) setErrors(answer.fields);
        throw new Error(`HTTP ${res.status}`);
      }
      toast.update(notice, { render: MSG.enquirySuccess, type: 'success', isLoading: false, autoClose: TOAST_AUTO_CLOSE, closeButton: true });
      clearDraft();
      setValues(emptyValues());
      close();
    } catch (error) {
      console.error('Enquiry submission failed', error);
      toast.update(notice, { render: MSG.enquiryFailure, type: 'error', isLoading: false, autoClose: TOAST_AUTO_CLOSE, closeButton: true });
    } finally {
      setBusy(false);
    }
  }

  const id = (f: string) => `${uid}-${f}`;
  const common = (f: EnquiryField) => ({
    id: id(f), name: f, label: LABELS[f] + (MARKED_REQUIRED.has(f) ? '' : ' (optional)'), value: values[f],
    error: errors[f], required: true, onChange: (v: string) => change(f, v),
  });

  return (
    <>
      <Toasts />
      <dialog
        ref={dialogRef}
        className="ff-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={id('title')}
        aria-describedby={id('desc')}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onKeyDown={trapTab}
      >
        <div className="ff-dialog__box">
          <div className="ff-dialog__head">
            <h2 id={id('title')}>Admission Enquiry</h2>
            <button type="button" className="ff-dialog__close" aria-label="Close enquiry form" onClick={close} data-autofocus>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <p id={id('desc')} className="ff-intro">
            Tell us about your child and we will call you back. Please fill in every field.
          </p>
          {open && (
            <form ref={formRef} className="ff-form" noValidate onSubmit={submit}>
              <div className="ff-grid">
                <Select {...common('admissionClass')} options={ENQUIRY_CLASSES.map((c) => ({ value: c, text: /^\d+$/.test(c) ? `Class ${c}` : c }))} placeholder="Select class" />
                <TextInput {...common('studentName')} autoComplete="off" maxLength={ENQUIRY_MAX.studentName} />
                <TextInput {...common('fatherName')} autoComplete="name" maxLength={ENQUIRY_MAX.fatherName} />
                <TextInput {...common('motherName')} autoComplete="off" maxLength={ENQUIRY_MAX.motherName} />
                <Select {...common('gender')} options={GENDERS} placeholder="Select gender" />
                <TextInput {...common('dateOfBirth')} type="date" />
                <TextInput {...common('fatherMobile')} type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} hint="10 digits" />
                <TextInput {...common('email')} type="email" inputMode="email" autoComplete="email" maxLength={ENQUIRY_MAX.email} />
                <Select {...common('category')} options={CATEGORIES} placeholder="Select category" />
                <TextInput {...common('lastSchoolAttended')} maxLength={ENQUIRY_MAX.lastSchoolAttended} />
                <Select {...common('fatherOccupation')} options={FATHER_OCCUPATIONS} placeholder="Select occupation" />
                <Select {...common('motherOccupation')} options={MOTHER_OCCUPATIONS} placeholder="Select occupation" />
                <TextArea {...common('address')} rows={4} maxLength={ENQUIRY_MAX.address} />
                <TextInput {...common('referredBy')} maxLength={ENQUIRY_MAX.referredBy} />
              </div>
              <Honeypot value={honeypot} onChange={setHoneypot} />
              <button type="submit" className="ff-button" disabled={busy} aria-busy={busy}>
                {busy && <span className="ff-spinner" aria-hidden="true" />}
                Submit
              </button>
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}
