/**
 * The transfer certificate request: the pupil, the class (among those the school offers now), the
 * section if the family knows it and the date of leaving, the parent and the reason. Submit: check
 * the fields; then, busy (spinner, button disabled), read how many requests exist for the
 * admission number, and create the request (payment pending) whatever the count: requests others
 * made for the number never turn the family away (the server marks one past the two for the
 * office's check). The TC fee (GET /v1/api/fees) is stated above the button with the one way it
 * is paid (GET /v1/api/tc-request/payment: online from the status page where the site takes
 * payments, else as the office says). Once sent, a confirmation takes the form's place: the
 * reference number and its acknowledgment PDF, what happens next (that the office checks it
 * first, when it came past the two), the fee, the status page's link with the admission number
 * filled in, the school's phone. A page not in English hands its words (`text`) and language
 * (`lang`, sent with the request).
 */
import { useEffect, useId, useState } from 'react';
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
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { offeredClassesNow } from '../../lib/offered-classes.ts';
import { tcAcknowledgmentHref } from './acknowledgment.ts';
import { useTcPayOnline } from './use-tc-payment.ts';
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
  referenceNumber: string;
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
  // How the fee is paid, as the site is set up: one sentence, once known.
  const payOnline = useTcPayOnline();
  // The classes the school offers now; every class until the answer comes.
  const [offered, setOffered] = useState<readonly string[]>(ALL_CLASSES);
  useEffect(() => {
    let live = true;
    void offeredClassesNow().then((now) => {
      if (live && now?.length) setOffered(now);
    });
    return () => {
      live = false;
    };
  }, []);
  const classOptions = ALL_CLASSES.filter((c) => offered.includes(c)).map((c) => ({ value: c, text: classText(c) }));
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
      setDone({
        referenceNumber: answer.referenceNumber,
        admissionNumber: data.admissionNumber,
        contact: data.contact,
        overLimit: answer.overLimit === true,
      }),
  });

  if (done) {
    const status = `${pathIn(lang, '/admissions/tc-request/status')}?${new URLSearchParams({ number: done.admissionNumber })}`;
    return (
      <div className="ff">
        <Toasts />
        <DonePanel heading={speak.text('tcDoneHeading')} speak={speak}>
          {done.referenceNumber && (
            <>
              <p>
                {speak.text('tcReference')}: <strong className="ff-reference">{done.referenceNumber}</strong>
              </p>
              <p>{speak.text('tcReferenceKeep')}</p>
              <p>
                <a
                  className="ff-button"
                  href={tcAcknowledgmentHref(done.referenceNumber, done.contact, lang)}
                  download={`tc-acknowledgment-${done.referenceNumber}.pdf`}
                >
                  {speak.text('tcDownload')}
                </a>
              </p>
            </>
          )}
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
              options={field.name === 'studentClass' ? classOptions : undefined}
              onChange={(v) => form.change(field.name, v)}
            />
          ))}
        </div>
        <Honeypot value={form.honeypot} onChange={form.setHoneypot} label={speak.text('honeypot')} />
        {(fee || payOnline !== undefined) && (
          <p className="ff-fee">
            {fee && speak.text('tcFee', { fee })}
            {fee && payOnline !== undefined && ' '}
            {payOnline !== undefined && speak.text(payOnline ? 'tcPayOnline' : 'tcPayOffice')}
          </p>
        )}
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
