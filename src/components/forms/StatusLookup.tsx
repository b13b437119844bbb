/**
 * A parent's status lookup, for any record: its number and the form's mobile number, checked by the
 * record's shared check, sent to its status endpoint. The answer is drawn by the record's island
 * under a heading that takes the focus; no match, too many tries and a lost connection are said in
 * words. Every word comes from the text table of `lang`. The number can come prefilled from the
 * page's URL (`?ref=...` on a QR code's link); what was typed before the island hydrated is kept.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { rupeesToPaise, formatRupees } from '../../lib/money.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { fillIn } from '../../lib/forms/texts.ts';
import { PHONE_INPUT_MAX } from '../../lib/forms/phone.ts';
import type { Result } from '../../lib/forms/validate.ts';
import {
  isLookupRefusal,
  type Say,
  type StatusCheckCode,
  type StatusCheckText,
  type StatusCheckTexts,
  PAY_PAIR_KEY,
  isPaymentOutcome,
  type PaymentOutcome,
} from '../../lib/status-check.ts';
import { toast, Toasts } from '../../lib/toast.tsx';
import { officePhoneOnPage } from '../../lib/school-contact.ts';
import { TextInput, focusFirstError } from './fields.tsx';
import { typedBeforeHydration, useHydrated } from './early-input.ts';
import './forms.css';
import './status-check.css';

export type Translate = (code: StatusCheckCode, values?: Record<string, string>) => string;
/** The page's words (its language's StatusCheckText), each `{name}` filled in. */
export const textsFor =
  (text: StatusCheckText): Translate =>
  (code, values) =>
    fillIn(text[code], values);

/** What went wrong, for an answer that is not the record: the status and the words the parent reads. */
/** `body` is the refusal's answer: a 429 names the minutes to wait. */
export function problemOf(t: Translate, status: number, notFound: StatusCheckCode, body: object = {}): string {
  const phone = officePhoneOnPage();
  if (status === 404) return `${t(notFound)} ${t('statusCheck.notFound.help', { phone })}`;
  if (status === 429) {
    const { retryAfterMinutes, code } = body as { retryAfterMinutes?: number; code?: string };
    const values = { phone, minutes: String(retryAfterMinutes ?? 60) };
    return code && isLookupRefusal(code) ? t(code, values) : t('statusCheck.tooMany', values);
  }
  return t('statusCheck.failed');
}

interface NumberField {
  /** The body's name of the record's number. */
  name: string;
  label: StatusCheckCode;
  hint: StatusCheckCode;
  /** The URL parameter that may prefill it. */
  param: string;
}

interface Props<P, A> {
  lang: Language;
  /** The words of the page's language. */
  text: StatusCheckText;
  number: NumberField;
  check: (input: unknown, say: Say) => Result<P>;
  /** The API path of the lookup, e.g. '/admission/status'. */
  path: string;
  notFound: StatusCheckCode;
  heading: (answer: A, t: Translate) => string;
  /** The answer's body, given the checked pair (to prove a later change) and a way to show a newer answer. */
  children: (answer: A, pair: P, update: (answer: A) => void) => ReactNode;
}

export function StatusLookup<P extends object, A extends StatusCheckTexts>({
  lang,
  text,
  number,
  check,
  path,
  notFound,
  heading,
  children,
}: Props<P, A>) {
  const t = textsFor(text);
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState({ number: '', contactNo: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [found, setFound] = useState<{ answer: A; pair: P; shown: number } | null>(null);
  /** Back from the gateway (`?payment=`): how the payment ended, said above the answer. */
  const [payment, setPayment] = useState<PaymentOutcome | null>(null);

  const hydrated = useHydrated();

  async function lookUp(typed: { number: string; contactNo: string }) {
    setProblem('');
    const input = { [number.name]: typed.number, contactNo: typed.contactNo, language: lang };
    const result = check(input, (code) => text[code]);
    if (!result.ok) {
      setErrors(result.fields);
      toast.warning(result.error);
      focusFirstError(formRef.current, result.fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { status, body } = await answerOf<A>(await apiJson(path, 'POST', input));
      if (status === 200) {
        setFound((f) => ({ answer: body as A, pair: result.data, shown: (f?.shown ?? 0) + 1 }));
        return;
      }
      setFound(null);
      if (status === 400 && body.fields) setErrors(body.fields);
      setProblem(status === 400 && body.error ? body.error : problemOf(t, status, notFound, body));
    } catch (error) {
      console.error(`${path}: the lookup failed`, error);
      toast.error(t('statusCheck.failed'));
    } finally {
      setBusy(false);
    }
  }

  // Back from the gateway: the pair this tab kept before leaving (never in the address) is looked up at once, so the receipt shows.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('payment');
    if (!isPaymentOutcome(outcome)) return;
    setPayment(outcome);
    let kept: { number?: string; contactNo?: string } = {};
    try {
      kept = JSON.parse(sessionStorage.getItem(PAY_PAIR_KEY) ?? '{}') as typeof kept;
    } catch {
      kept = {};
    }
    const given = params.get(number.param)?.trim();
    if (kept.number && kept.contactNo && (!given || given === kept.number)) {
      const pair = { number: kept.number, contactNo: kept.contactNo };
      setValues(pair);
      void lookUp(pair);
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The number from the address, then anything typed before the island hydrated.
  useEffect(() => {
    const given = new URLSearchParams(window.location.search).get(number.param)?.trim();
    const typed = typedBeforeHydration(formRef.current, { [number.name]: '', contactNo: '' });
    const early = { number: typed[number.name] ?? given, contactNo: typed.contactNo };
    if (early.number || early.contactNo)
      setValues((v) => ({ number: early.number ?? v.number, contactNo: early.contactNo ?? v.contactNo }));
  }, [number.param, number.name]);

  // A new answer (a lookup, or a change made from it) takes the focus, so it is read out.
  const shown = found?.shown;
  useEffect(() => {
    if (shown !== undefined) headingRef.current?.focus();
  }, [shown]);

  const change = (name: 'number' | 'contactNo', value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    const field = name === 'number' ? number.name : name;
    setErrors((e) => (field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e));
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    await lookUp(values);
  }

  const field = (name: 'number' | 'contactNo') => (name === 'number' ? number.name : 'contactNo');
  return (
    <div className="ff sc">
      <Toasts />
      <form ref={formRef} className="ff-form sc-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="ff-grid">
          <TextInput
            id={`${uid}-number`}
            name={number.name}
            label={t(number.label)}
            hint={t(number.hint)}
            value={values.number}
            required
            error={errors[field('number')]}
            autoComplete="off"
            maxLength={40}
            onChange={(v) => change('number', v)}
          />
          <TextInput
            id={`${uid}-mobile`}
            name="contactNo"
            label={t('statusCheck.field.mobile')}
            hint={t('statusCheck.field.mobileHint')}
            value={values.contactNo}
            required
            error={errors.contactNo}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            onChange={(v) => change('contactNo', v)}
          />
        </div>
        <button type="submit" className="ff-button" disabled={busy || !hydrated} aria-busy={busy}>
          {busy && <span className="ff-spinner" aria-hidden="true" />}
          {busy ? t('statusCheck.checking') : t('statusCheck.submit')}
        </button>
        {problem && (
          <p className="ff-form-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      {payment && (
        <p className={`sc-payment sc-payment-${payment}`} role="status">
          {t(`statusCheck.payment.${payment}`)}
        </p>
      )}
      {found && (
        <section className="sc-result" aria-labelledby={`${uid}-result`}>
          <h2 id={`${uid}-result`} ref={headingRef} tabIndex={-1}>
            {heading(found.answer, t)}
          </h2>
          {children(found.answer, found.pair, (answer) =>
            setFound((f) => ({ answer, pair: found.pair, shown: (f?.shown ?? 0) + 1 })),
          )}
        </section>
      )}
    </div>
  );
}

interface FactsProps {
  answer: StatusCheckTexts;
  lang: Language;
  text: StatusCheckText;
  before?: [string, ReactNode][];
  after?: [string, ReactNode][];
}

/**
 * The answer's facts as a list of terms: the record's own first, then status, last change and the
 * fee (what it is for and whether anything is to pay now); what to do next.
 */
export function StatusFacts({ answer, lang, text, before = [], after = [] }: FactsProps) {
  const t = textsFor(text);
  const rows: [string, ReactNode, string?][] = [
    ...before,
    [t('statusCheck.result.status'), answer.statusLabel, 'sc-status'],
    [t('statusCheck.result.updated'), formatDateTime(answer.updatedAt, lang)],
    [t('statusCheck.result.fee'), answer.feeText, answer.feeState === 'due' ? 'sc-due' : undefined],
    ...after,
  ];
  return (
    <>
      <dl className="sc-facts">
        {rows.map(([term, value, className]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('statusCheck.result.next')}</h3>
      <p className="sc-next">{answer.nextStep}</p>
    </>
  );
}

/** The family's receipts, each with its PDF (`href`: the address of one, proven by the lookup's pair); nothing when there is none. */
export function Receipts({
  answer,
  text,
  href,
}: {
  answer: StatusCheckTexts;
  text: StatusCheckText;
  href: (number: string) => string;
}) {
  const t = textsFor(text);
  if (!answer.receipts.length) return null;
  return (
    <>
      <h3>{t('statusCheck.receipts.heading')}</h3>
      <ul className="sc-receipts">
        {answer.receipts.map((r) => {
          const values = {
            number: r.number,
            date: r.paidOn.split('-').reverse().join('-'),
            amount: formatRupees(Math.abs(rupeesToPaise(r.amount) ?? 0)),
          };
          return (
            <li key={r.number}>
              <span>{t(r.amount < 0 ? 'statusCheck.receipts.refund' : 'statusCheck.receipts.payment', values)}</span>
              <a href={href(r.number)} download>
                {t('statusCheck.receipts.download', { number: r.number })}
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
