/**
 * The home page's admission enquiry: a modal dialog 1.5 s after the page has loaded, with a close
 * button and Esc; focus moves in, stays in, and goes back where it was. Once closed (or sent) it
 * stays closed for the rest of the visit (sessionStorage). Once sent, a confirmation takes the
 * form's place (what happens next, the school's phone), focus on its heading, until it is closed.
 * Signed-in staff never see it: their browser holds the script-readable XSRF-TOKEN cookie, set and
 * cleared with the session. The form itself renders only when the
 * dialog opens, so the home page's HTML and its hydration carry an empty dialog, not fourteen hidden fields.
 * A page not in English hands its language (`lang`, sent with the enquiry) and its words (`text`,
 * from enquiryWords in enquiry-words.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formCode } from '../../lib/forms/messages.ts';
import type { Language } from '../../lib/messages/languages.ts';
import { consentWords, speaker, type FormWords } from '../../lib/forms/words.ts';
import { apiJson, readXsrfCookie } from '../../lib/api-client.ts';
import { Toasts } from '../../lib/toast.tsx';
import { FormField, Honeypot } from '../../components/forms/fields.tsx';
import { DonePanel } from '../../components/forms/DonePanel.tsx';
import { classText } from '../../lib/classes.ts';
import type { Field } from '../../lib/record.ts';
import { ClearForm } from '../../components/forms/ClearForm.tsx';
import { outcomeOf, submissionFields, useFormSubmit } from '../../components/forms/useFormSubmit.ts';
import { useModalDialog } from '../../components/ui/useModalDialog.ts';
import { ENQUIRY_FORM, emptyEnquiry, validateEnquiry } from './schema.ts';
import '../../components/forms/forms.css';

export const POPUP_DELAY_MS = 1500;
export const POPUP_CLOSED_KEY = 'rmcp-enquiry-closed';

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

function rememberClosed() {
  try {
    sessionStorage.setItem(POPUP_CLOSED_KEY, '1');
  } catch {
    /* storage disabled: it simply may show again on the next page load */
  }
}

/** What the confirmation repeats of the enquiry sent (the form empties itself). */
interface Sent {
  mobile: string;
  admissionClass: string;
}

export default function EnquiryPopup({ lang = 'en', text }: { lang?: Language; text?: FormWords }) {
  const uid = useId();
  const speak = speaker(text);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const trapTab = useModalDialog(dialogRef, open);
  const sending = useRef<Sent>({ mobile: '', admissionClass: '' });
  const [done, setDone] = useState<Sent | undefined>();
  const form = useFormSubmit({
    draft: 'enquiry',
    empty: emptyEnquiry,
    check: validateEnquiry,
    checkToast: (failure) => (failure.code === formCode('required') ? 'warning' : 'error'),
    messages: { loading: speak.msg('enquirySubmitting'), success: speak.msg('enquirySuccess'), failure: speak.msg('enquiryFailure') },
    speak,
    send: async (data, meta) => {
      sending.current = { mobile: data.fatherMobile, admissionClass: data.admissionClass };
      return outcomeOf(await apiJson('/enquiry', 'POST', { ...data, consent: true, language: lang, ...submissionFields(meta) }));
    },
    clearAfterSuccess: true,
    onSuccess: () => {
      // Sent: it stays closed for the rest of the visit, but first says what happens next.
      rememberClosed();
      setDone(sending.current);
    },
  });

  useEffect(() => {
    if (closedThisVisit() || readXsrfCookie()) return;
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
    rememberClosed();
    setOpen(false);
    setDone(undefined);
  }

  const id = (f: string) => `${uid}-${f}`;
  /** How a class reads on this page. */
  const classWords = (value: string) => speak.field('admissionClass')?.options?.[value] ?? classText(value);

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
            <h2 id={id('title')}>{speak.text('enquiryTitle')}</h2>
            <button type="button" className="ff-dialog__close" aria-label={speak.text('enquiryClose')} onClick={close} data-autofocus>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <p id={id('desc')} className="ff-intro" hidden={!!done}>
            {speak.text('enquiryIntro')}
          </p>
          {open && done && (
            <DonePanel heading={speak.text('enquiryDoneHeading')} speak={speak} level={3} action={{ label: speak.text('doneClose'), onClick: close }}>
              <p>{speak.text('enquiryDoneNext', { mobile: done.mobile, class: classWords(done.admissionClass) })}</p>
              <p>{speak.text('enquiryDoneVisit')}</p>
            </DonePanel>
          )}
          {open && !done && (
            <form ref={form.formRef} className="ff-form" noValidate onSubmit={form.submit}>
              <div className="ff-grid">
                {ENQUIRY_FORM.map((field) => (
                  <FormField
                    key={field.name} field={field} id={id(field.name)} value={form.values[field.name]} error={form.errors[field.name]}
                    required={!(field as Field).labelledOptional} consentWords={consentWords(speak, lang)} words={speak.field(field.name)} onChange={(v) => form.change(field.name, v)}
                  />
                ))}
              </div>
              <Honeypot value={form.honeypot} onChange={form.setHoneypot} label={speak.text('honeypot')} />
              <button type="submit" className="ff-button" disabled={!form.canSend} aria-busy={form.busy}>
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
