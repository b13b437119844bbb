/**
 * The home page's admission enquiry, drawn by the server (EnquiryPopup.astro renders this component
 * to HTML) and hydrated only once the visitor starts on the form (popup-island.tsx). Opening it 1.5 s
 * after load, the close button, Esc, keeping focus inside and giving it back, and staying closed for
 * the rest of the visit are the opener's (popup-opener.ts): a few lines of script, no framework,
 * before and after hydration alike. Submit is on from the start: a submit before the island has
 * taken over is held by the opener and handed to the island once it has. Once sent, a confirmation
 * takes the form's place (what happens next, the school's phone), focus on its heading, until it is
 * closed. A page not in English hands its language (`lang`, sent with the enquiry) and its words
 * (`text`, from enquiryTexts in enquiry-texts.ts). Its class select lists the classes the school
 * offers: those its page was drawn with (`classes`: every class when absent; popup-classes.ts), then,
 * once the island has the school's profile (src/lib/offered-classes.ts), those it offers now.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formCode } from '../../lib/forms/texts.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { consentTexts, speaker, type FormTexts } from '../../lib/forms/island-texts.ts';
import { apiJson } from '../../lib/api-client.ts';
import { Toasts } from '../../lib/toast.tsx';
import { FormField, Honeypot } from '../../components/forms/fields.tsx';
import { DonePanel } from '../../components/forms/DonePanel.tsx';
import { classText, inClassOrder } from '../../lib/classes.ts';
import { offeredClassesNow } from '../../lib/offered-classes.ts';
import type { Field } from '../../lib/record.ts';
import { ClearForm } from '../../components/forms/ClearForm.tsx';
import { outcomeOf, submissionFields, useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import { useHydrated } from '../../components/forms/early-input.ts';
import { ENQUIRY_FORM, emptyEnquiry, validateEnquiry } from './schema.ts';
import { rememberClosed } from './popup-visit.ts';
import '../../components/forms/forms.css';

/** What the confirmation repeats of the enquiry sent (the form empties itself). */
interface Sent {
  mobile: string;
  admissionClass: string;
}

export interface EnquiryPopupProps {
  lang?: Language;
  text?: FormTexts;
  /** The classes the page was drawn with; absent: every class. */
  classes?: string[];
}

/** `onReady`: called once the island has taken over and holds what was typed before (the opener then sends a submit it held). */
export default function EnquiryPopup({
  lang = 'en',
  text,
  classes,
  onReady,
}: EnquiryPopupProps & { onReady?: () => void }) {
  const uid = useId();
  const speak = speaker(text);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [done, setDone] = useState<Sent | undefined>();
  const { formRef, ...form } = useFormSubmit({
    draft: 'enquiry',
    empty: emptyEnquiry,
    check: validateEnquiry,
    checkToast: (failure) => (failure.code === formCode('required') ? 'warning' : 'error'),
    messages: {
      loading: speak.msg('enquirySubmitting'),
      success: speak.msg('enquirySuccess'),
      failure: speak.msg('enquiryFailure'),
    },
    speak,
    send: async (data, meta) => {
      return outcomeOf(
        await apiJson('/enquiry', 'POST', { ...data, consent: true, language: lang, ...submissionFields(meta) }),
      );
    },
    clearAfterSuccess: true,
    onSuccess: (_answer, data) => {
      // Sent: it stays closed for the rest of the visit, but first says what happens next.
      rememberClosed();
      setDone({ mobile: data.fatherMobile, admissionClass: data.admissionClass });
    },
  });

  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onReady?.();
  }, [hydrated, onReady]);
  const [offered, setOffered] = useState(classes);
  useEffect(() => {
    void offeredClassesNow().then((now) => now && setOffered(inClassOrder(now)));
  }, []);

  const id = (f: string) => `${uid}-${f}`;
  /** How a class reads on this page. */
  const classTexts = (value: string) => speak.field('admissionClass')?.options?.[value] ?? classText(value);

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
      >
        <div className="ff-dialog__box">
          <div className="ff-dialog__head">
            <h2 id={id('title')}>{speak.text('enquiryTitle')}</h2>
            <button
              type="button"
              className="ff-dialog__close"
              aria-label={speak.text('enquiryClose')}
              data-close
              data-autofocus
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <p id={id('desc')} className="ff-intro" hidden={!!done}>
            {speak.text('enquiryIntro')}
          </p>
          {done ? (
            <DonePanel
              heading={speak.text('enquiryDoneHeading')}
              speak={speak}
              level={3}
              action={{ label: speak.text('doneClose'), onClick: () => dialogRef.current?.close() }}
            >
              <p>{speak.text('enquiryDoneNext', { mobile: done.mobile, class: classTexts(done.admissionClass) })}</p>
              <p>{speak.text('enquiryDoneVisit')}</p>
            </DonePanel>
          ) : (
            <form ref={formRef} className="ff-form" noValidate onSubmit={form.submit}>
              <div className="ff-grid">
                {ENQUIRY_FORM.map((field) => (
                  <FormField
                    key={field.name}
                    field={field}
                    id={id(field.name)}
                    value={form.values[field.name]}
                    error={form.errors[field.name]}
                    required={!(field as Field).labelledOptional}
                    consentTexts={consentTexts(speak, lang)}
                    texts={speak.field(field.name)}
                    onChange={(v) => form.change(field.name, v)}
                    options={
                      field.name === 'admissionClass' && offered
                        ? offered.map((c) => ({ value: c, text: classText(c) }))
                        : undefined
                    }
                  />
                ))}
              </div>
              <Honeypot value={form.honeypot} onChange={form.setHoneypot} label={speak.text('honeypot')} />
              <button type="submit" className="ff-button" disabled={form.busy} aria-busy={form.busy}>
                {form.busy && <span className="ff-spinner" aria-hidden="true" />}
                {speak.text('enquirySubmit')}
              </button>
              <ClearForm speak={speak} onClear={form.clear} />
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}
