/**
 * /tc-verification: anyone (a new school, a parent) types a TC's number and date of issue as printed
 * on it; when both match a TC the school issued, the student's name, the date of issue and a link
 * to the signed TC's scan are shown under a heading that takes the focus. No match, too many tries
 * (this connection's, or the whole site's pause) and a lost connection are said in words. Every word comes from the page's language (`text`).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { dayMonthYear } from '../../lib/dates.ts';
import { fillIn } from '../../lib/forms/texts.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { officePhoneOnPage } from '../../lib/school-contact.ts';
import { TextInput, focusFirstError } from '../../components/forms/fields.tsx';
import { useHydrated } from '../../components/forms/early-input.ts';
import { checkVerification, type VerifiedTc, type VerifyCode, type VerifyText } from './verification.ts';
import '../../components/forms/forms.css';
import '../../components/forms/status-check.css';
import './tc-verification.css';

export default function TcVerification({ lang = 'en', text }: { lang?: Language; text: VerifyText }) {
  const t = (code: VerifyCode, values?: Record<string, string>) => fillIn(text[code], values);
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const [values, setValues] = useState({ tcNumber: '', issuedOn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [found, setFound] = useState<(VerifiedTc & { shown: number }) | null>(null);

  const shown = found?.shown;
  useEffect(() => {
    if (shown !== undefined) headingRef.current?.focus();
  }, [shown]);

  const change = (name: 'tcNumber' | 'issuedOn', value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem('');
    const input = { ...values, language: lang };
    const result = checkVerification(input, (code) => text[code]);
    if (!result.ok) {
      setErrors(result.fields);
      focusFirstError(formRef.current, result.fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { status, body } = await answerOf<VerifiedTc>(await apiJson('/tc-verification', 'POST', input));
      if (status === 200) {
        setFound({ ...(body as VerifiedTc), shown: Date.now() });
        return;
      }
      setFound(null);
      const phone = officePhoneOnPage();
      if (status === 404) setProblem(`${t('tcVerify.notFound')} ${t('tcVerify.notFoundHelp', { phone })}`);
      else if (status === 429) {
        // The site-wide pause is nobody's connection: said so, with its (short) wait and the phone.
        const refusal = body as { retryAfterMinutes?: number; code?: string };
        const code = refusal.code === 'request.tcVerifyPaused' ? 'tcVerify.paused' : 'tcVerify.tooMany';
        setProblem(t(code, { phone, minutes: String(refusal.retryAfterMinutes ?? 60) }));
      } else if (status === 400 && body.fields) {
        setErrors(
          Object.fromEntries(
            Object.keys(body.fields).map((f) => [
              f,
              f === 'issuedOn' ? t('tcVerify.error.date') : t('tcVerify.error.number'),
            ]),
          ),
        );
      } else setProblem(t('tcVerify.failed'));
    } catch {
      setProblem(t('tcVerify.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ff sc">
      <form ref={formRef} className="ff-form sc-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="ff-grid">
          <TextInput
            id={`${uid}-number`}
            name="tcNumber"
            label={t('tcVerify.field.number')}
            hint={t('tcVerify.field.numberHint')}
            value={values.tcNumber}
            required
            error={errors.tcNumber}
            autoComplete="off"
            maxLength={40}
            onChange={(v) => change('tcNumber', v)}
          />
          <TextInput
            id={`${uid}-date`}
            name="issuedOn"
            type="date"
            label={t('tcVerify.field.date')}
            hint={t('tcVerify.field.dateHint')}
            value={values.issuedOn}
            required
            error={errors.issuedOn}
            onChange={(v) => change('issuedOn', v)}
          />
        </div>
        <button type="submit" className="ff-button" disabled={busy || !hydrated} aria-busy={busy}>
          {busy && <span className="ff-spinner" aria-hidden="true" />}
          {busy ? t('tcVerify.checking') : t('tcVerify.submit')}
        </button>
        {problem && (
          <p className="ff-form-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      {found && (
        <section className="sc-result" aria-labelledby={`${uid}-result`}>
          <h2 id={`${uid}-result`} ref={headingRef} tabIndex={-1}>
            {t('tcVerify.found')}
          </h2>
          <dl className="sc-facts">
            <div>
              <dt>{t('tcVerify.student')}</dt>
              <dd>{found.studentName}</dd>
            </div>
            <div>
              <dt>{t('tcVerify.number')}</dt>
              <dd>{found.tcNumber}</dd>
            </div>
            <div>
              <dt>{t('tcVerify.issuedOn')}</dt>
              <dd>{dayMonthYear(found.issuedOn)}</dd>
            </div>
          </dl>
          <p className="tcv-scan">
            <a href={found.scanUrl}>{t(found.signed ? 'tcVerify.scan' : 'tcVerify.drawn')}</a>
          </p>
          <p className="tcv-note">
            {t(found.signed ? 'tcVerify.scanNote' : 'tcVerify.drawnNote', { minutes: String(found.scanMinutes) })}
          </p>
        </section>
      )}
    </div>
  );
}
