/**
 * The status page's "Pay online" button: asks POST /v1/api/payments/order for the order of what is
 * due (proven by the pair the status was checked with), keeps the pair in this tab's sessionStorage
 * (so the return shows the receipt without the mobile number in any address), and sends the family
 * to the gateway's hosted checkout with a plain form POST: no third-party script on our pages.
 */
import { useState } from 'react';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { formatRupees, rupeesToPaise } from '../../lib/money.ts';
import type { StatusCheckText, StatusCheckWords } from '../../lib/status-check.ts';
import { wordsFor } from '../../components/forms/StatusLookup.tsx';
import { PAY_PAIR_KEY, type OrderAnswer, type PayKind } from './online.ts';

interface Props {
  kind: PayKind;
  /** The record's number and mobile number, as the status was checked. */
  number: string;
  contactNo: string;
  answer: StatusCheckWords;
  lang: Language;
  text: StatusCheckText;
}

export function PayOnline({ kind, number, contactNo, answer, lang, text }: Props) {
  const t = wordsFor(text);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  if (answer.feeState !== 'due' || !answer.payOnline || !answer.feeDue) return null;
  const amount = formatRupees(rupeesToPaise(answer.feeDue.amount) ?? 0);

  async function pay() {
    if (busy) return;
    setBusy(true);
    setProblem('');
    try {
      const { status, body } = await answerOf<OrderAnswer>(await apiJson('/payments/order', 'POST', { kind, number, contactNo, language: lang }));
      if (status !== 200 && status !== 201) {
        setProblem(t(status === 409 ? 'statusCheck.pay.nothingDue' : 'statusCheck.pay.failed'));
        setBusy(false);
        return;
      }
      const order = body as OrderAnswer;
      try {
        sessionStorage.setItem(PAY_PAIR_KEY, JSON.stringify({ kind, number, contactNo }));
      } catch {
        // A browser that keeps nothing: the family types the mobile number again on return.
      }
      const form = document.createElement('form');
      form.method = 'post';
      form.action = order.checkoutUrl;
      for (const [name, value] of Object.entries(order.fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    } catch (error) {
      console.error('payments/order failed', error);
      setProblem(t('statusCheck.pay.failed'));
      setBusy(false);
    }
  }

  return (
    <div className="sc-pay">
      <button type="button" className="ff-button sc-pay-button" onClick={pay} disabled={busy} aria-busy={busy}>
        {busy && <span className="ff-spinner" aria-hidden="true" />}
        {busy ? t('statusCheck.pay.busy') : t('statusCheck.pay.button', { amount })}
      </button>
      <p className="sc-pay-hint">{t('statusCheck.pay.hint')}</p>
      {answer.payOnline === 'test' && <p className="sc-pay-test">{t('statusCheck.pay.test')}</p>}
      {problem && <p className="ff-form-error" role="alert">{problem}</p>}
    </div>
  );
}
