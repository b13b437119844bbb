/**
 * The transfer certificate request. Submit: check the fields; then, busy (spinner, button
 * disabled), read how many requests exist for the admission number, and create the request
 * (payment pending) whatever the count: requests others made for the number never turn the family
 * away (the server marks one past the two for the office's check). The TC fee (read from GET
 * /v1/api/fees) is stated above the button. Once sent, a confirmation takes the form's place: what
 * happens next (that the office checks it first, when it came past the two), the fee, the status
 * page's link with the admission number filled in, the school's phone. A page not in English hands
 * its words (`text`) and language (`lang`, sent with the request).
 */
import { useId, useState } from 'react';
import { useTcFeePaise } from '../fees/use-tc-fee.ts';
import { formatRupees } from '../../lib/money.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { DonePanel, fillNodes } from '../../components/forms/DonePanel.tsx';
import type { Language } from '../../lib/i18n/languages.ts';
import { consentTexts, speaker, type FormTexts, type Speaker } from '../../lib/forms/island-texts.ts';
import { api, apiJson } from '../../lib/api-client.ts';
import { Toasts } from '../../lib/toast.tsx';
import { FormField, Honeypot } from '../../components/forms/fields.tsx';
import { ClearForm } from '../../components/forms/ClearForm.tsx';
import { outcomeOf, submissionFields, useFormSubmit, type Outcome } from '../../components/forms/useFormSubmit.ts';
import type { Field } from '../../lib/record.ts';
import type { TcRequest } from './tc-request.ts';
import { TC_FORM, emptyTcRequest, validateTcRequest, type TcValues } from './schema.ts';
import '../../components/forms/forms.css';

async function send(
  data: TcValues,
  meta: { key: string; honeypot: string },
  lang: Language,
  speak: Speaker,
): Promise<Outcome<TcRequest>> {
  try {
    const res = await api(`/tc-request/admission-number/${encodeURIComponent(data.admissionNumber)}`);
    // A limit's refusal says so, with the minutes to wait and the school's phone, as the submit's does.
    // The count itself refuses nothing: a stranger's requests must not stop the family's.
    if (res.status === 429) return outcomeOf(res);
  } catch (error) {
    console.error('TC count check failed', error);
    return { kind: 'failed', message: speak.msg('tcCheckFailed') };
  }
  const res = await apiJson('/tc-request', 'POST', {
    ...data,
    consent: true,
    language: lang,
    paymentStatus: 'pending',
    transactionId: 'NA',
    ...submissionFields(meta),
  });
  return outcomeOf<TcRequest>(res);
}

/** What the confirmation repeats of the request sent (the form empties itself), and whether the office checks it first. */
interface Sent {
  admissionNumber: string;
  contact: string;
  overLimit?: boolean;
}

export default function TcRequestForm({ lang = 'en', text }: { lang?: Language; text?: FormTexts }) {
  const uid = useId();
  const speak = speaker(text);
  // The TC fee as the principal set it: stated once it is known.
  const feePaise = useTcFeePaise();
  const fee = feePaise === undefined ? undefined : formatRupees(feePaise);
  const [done, setDone] = useState<Sent | undefined>();
  const { formRef, ...form } = useFormSubmit({
    draft: 'tc-request',
    empty: emptyTcRequest,
    check: validateTcRequest,
    checkToast: () => 'warning',
    messages: { success: speak.msg('tcSuccess'), failure: speak.msg('tcFailure') },
    speak,
    send: (data, meta) => send(data, meta, lang, speak),
    clearAfterSuccess: true,
    onSuccess: (answer, data) =>
      setDone({ admissionNumber: data.admissionNumber, contact: data.contact, overLimit: answer.overLimit === true }),
  });

  if (done) {
    const status = `${pathIn(lang, '/admissions/tc-request/status')}?${new URLSearchParams({ number: done.admissionNumber })}`;
    return (
      <div className="ff">
        <Toasts />
        <DonePanel heading={speak.text('tcDoneHeading')} speak={speak}>
          {done.overLimit && <p>{speak.text('tcDoneHeld', { mobile: done.contact })}</p>}
          {fee && <p>{speak.text('tcDoneNext', { fee })}</p>}
          <p>
            {fillNodes(speak.text('tcDoneStatus', { number: done.admissionNumber, mobile: done.contact }), {
              link: <a href={status}>{speak.text('tcStatusPage')}</a>,
            })}
          </p>
        </DonePanel>
      </div>
    );
  }

  return (
    <div className="ff">
      <Toasts />
      <form ref={formRef} className="ff-form" noValidate onSubmit={form.submit} aria-busy={form.busy}>
        <div className="ff-grid">
          {TC_FORM.map((field) => (
            <FormField
              key={field.name}
              field={field}
              id={`${uid}-${field.name}`}
              value={form.values[field.name]}
              error={form.errors[field.name]}
              required={!(field as Field).labelledOptional}
              consentTexts={consentTexts(speak, lang)}
              texts={speak.field(field.name)}
              onChange={(v) => form.change(field.name, v)}
            />
          ))}
        </div>
        <Honeypot value={form.honeypot} onChange={form.setHoneypot} label={speak.text('honeypot')} />
        {fee && <p className="ff-fee">{speak.text('tcFee', { fee })}</p>}
        {/* A limit's refusal, in the page's language with the minutes and the phone. */}
        {form.formError && (
          <p className="ff-form-error" role="alert">
            {form.formError}
          </p>
        )}
        <button type="submit" className="ff-button" disabled={!form.canSend} aria-busy={form.busy}>
          {form.busy && <span className="ff-spinner" aria-hidden="true" />}
          {speak.text(form.busy ? 'tcBusy' : 'tcSubmit')}
        </button>
        <ClearForm speak={speak} onClear={form.clear} />
      </form>
    </div>
  );
}
