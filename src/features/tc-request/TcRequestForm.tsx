/**
 * The transfer certificate request. Submit: check the fields; then, busy (spinner, button
 * disabled), read how many requests exist for the admission number; under 2, create the request
 * (payment pending); otherwise refuse. Cleared after success.
 */
import { useId } from 'react';
import { MSG } from '../../lib/forms/messages.ts';
import { api, apiJson } from '../../lib/api-client.ts';
import { Toasts } from '../../lib/toast.tsx';
import { FormField, Honeypot, type ConsentWords } from '../../components/forms/fields.tsx';
import { outcomeOf, submissionFields, useFormSubmit, type Outcome } from '../../components/forms/useFormSubmit.ts';
import type { Field } from '../../lib/record.ts';
import { TC_LIMIT } from './tc-request.ts';
import { TC_FORM, emptyTcRequest, validateTcRequest, type TcValues } from './schema.ts';
import '../../components/forms/forms.css';

async function send(data: TcValues, meta: { key: string; honeypot: string }): Promise<Outcome<unknown>> {
  let earlier: number;
  try {
    const res = await api(`/tc-request/admission-number/${encodeURIComponent(data.admissionNumber)}`);
    if (res.status !== 200) return { kind: 'warning', message: MSG.tcLimit };
    earlier = Number(await res.json());
  } catch (error) {
    console.error('TC count check failed', error);
    return { kind: 'failed', message: MSG.tcCheckFailed };
  }
  if (!(earlier < TC_LIMIT)) return { kind: 'warning', message: MSG.tcLimit };
  const res = await apiJson('/tc-request', 'POST', { ...data, consent: true, paymentStatus: 'pending', transactionId: 'NA', ...submissionFields(meta) });
  if (res.status === 409) return { kind: 'warning', message: MSG.tcLimit };
  return outcomeOf(res);
}

/** `consentWords`: the consent box's words in the page's language, handed by the page. */
export default function TcRequestForm({ consentWords }: { consentWords: ConsentWords }) {
  const uid = useId();
  const form = useFormSubmit({
    draft: 'tc-request',
    empty: emptyTcRequest,
    check: validateTcRequest,
    checkToast: () => 'warning',
    messages: { success: MSG.tcSuccess, failure: MSG.tcFailure },
    send,
    clearAfterSuccess: true,
  });

  return (
    <div className="ff">
      <Toasts />
      <form ref={form.formRef} className="ff-form" noValidate onSubmit={form.submit} aria-busy={form.busy}>
        <div className="ff-grid">
          {TC_FORM.map((field) => (
            <FormField
              key={field.name} field={field} id={`${uid}-${field.name}`} value={form.values[field.name]} error={form.errors[field.name]}
              required={!(field as Field).labelledOptional} consentWords={consentWords} onChange={(v) => form.change(field.name, v)}
            />
          ))}
        </div>
        <Honeypot value={form.honeypot} onChange={form.setHoneypot} />
        <button type="submit" className="ff-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy && <span className="ff-spinner" aria-hidden="true" />}
          {form.busy ? 'Please wait…' : 'Request TC'}
        </button>
      </form>
    </div>
  );
}
