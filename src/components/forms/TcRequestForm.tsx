/**
 * The transfer certificate request (spec 01 sections 2-5, 7, 8; issue 5 point 8). Submit: check the
 * fields; then, busy (spinner, button disabled), read how many requests exist for the admission
 * number; under 2, create the request (payment pending); otherwise refuse. Cleared after success.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { TC_FIELDS, TC_MAX, TC_LIMIT, validateTcRequest, type TcField } from '../../lib/forms/tc-request.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD, newSubmissionKey } from '../../lib/forms/honeypot.ts';
import { api, apiJson } from '../../lib/api-client.ts';
import { Toasts, toast, TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { Honeypot, TextArea, TextInput, focusFirstError } from './fields.tsx';
import { useDraft } from './useDraft.ts';
import './forms.css';

type Values = Record<TcField | '_key', string>;
const emptyValues = (): Values => Object.fromEntries([...TC_FIELDS, '_key'].map((f) => [f, ''])) as Values;

const LABELS: Record<TcField, string> = {
  studentName: "Student's name", admissionNumber: 'Admission number', aadharUid: 'Student Aadhaar number',
  parentName: "Parent's name", reason: 'Reason for the TC', contact: 'Contact number', email: 'E-mail',
};

export default function TcRequestForm() {
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, setField, clearDraft } = useDraft<Values>('tc-request', emptyValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [honeypot, setHoneypot] = useState('');

  function change(name: TcField, value: string) {
    setField(name, value);
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateTcRequest(values);
    if (!checked.ok) {
      setErrors(checked.fields);
      toast.warning(checked.error);
      focusFirstError(formRef.current, checked.fields);
      return;
    }
    setErrors({});
    const key = values._key || newSubmissionKey();
    if (!values._key) setField('_key', key);
    setBusy(true);
    try {
      let earlier: number;
      try {
        const res = await api(`/tc-request/admission-number/${encodeURIComponent(checked.data.admissionNumber)}`);
        if (res.status !== 200) {
          toast.warning(MSG.tcLimit);
          return;
        }
        earlier = Number(await res.json());
      } catch (error) {
        console.error('TC count check failed', error);
        toast.error(MSG.tcCheckFailed);
        return;
      }
      if (!(earlier < TC_LIMIT)) {
        toast.warning(MSG.tcLimit);
        return;
      }
      const payload: Record<string, string> = {
        ...checked.data, paymentStatus: 'pending', transactionId: 'NA', [SUBMISSION_KEY_FIELD]: key,
      };
      if (honeypot) payload[HONEYPOT_FIELD] = honeypot;
      try {
        const res = await apiJson('/tc-request', 'POST', payload);
        if (res.status === 409) {
          toast.warning(MSG.tcLimit);
          return;
        }
        if (res.status !== 201) {
          const answer = (await res.json().catch(() => ({}))) as { fields?: Record<string, string> };
          if (answer.fields) setErrors(answer.fields);
          throw new Error(`HTTP ${res.status}`);
        }
        toast.success(MSG.tcSuccess, { autoClose: TOAST_AUTO_CLOSE });
        clearDraft();
        setValues(emptyValues());
      } catch (error) {
        console.error('TC request failed', error);
        toast.error(MSG.tcFailure);
      }
    } finally {
      setBusy(false);
    }
  }

  const common = (f: TcField) => ({
    id: `${uid}-${f}`, name: f, label: LABELS[f], value: values[f], error: errors[f], required: true,
    maxLength: TC_MAX[f], onChange: (v: string) => change(f, v),
  });

  return (
    <div className="ff">
      <Toasts />
      <form ref={formRef} className="ff-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="ff-grid">
          <TextInput {...common('studentName')} autoComplete="off" />
          <TextInput {...common('admissionNumber')} autoComplete="off" />
          <TextInput {...common('aadharUid')} inputMode="numeric" autoComplete="off" hint="12 digits, as printed on the card" />
          <TextInput {...common('parentName')} autoComplete="name" />
          <TextInput {...common('contact')} type="tel" inputMode="numeric" autoComplete="tel-national" hint="10 digits" />
          <TextInput {...common('email')} type="email" inputMode="email" autoComplete="email" />
          <TextArea {...common('reason')} rows={4} />
        </div>
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="ff-button" disabled={busy} aria-busy={busy}>
          {busy && <span className="ff-spinner" aria-hidden="true" />}
          {busy ? 'Please wait…' : 'Request TC'}
        </button>
      </form>
    </div>
  );
}
