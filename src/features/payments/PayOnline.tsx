/**
 * The status page's "Pay online" button: asks POST /v1/api/payments/order for the order of what is
 * due (proven by the pair the status was checked with), keeps the pair in this tab's sessionStorage
 * (so the return shows the receipt without the mobile number in any address), and only then loads
 * the checkout script the answer names (Razorpay's Standard Checkout, or the test gateway's own, with
 * the same contract): no third-party script on the page until the family taps Pay. Standard Checkout
 * offers UPI intent on a phone (the family's UPI app opens) and a QR code on a computer; with
 * callback_url and redirect it posts the signed result to our callback (POST /v1/api/payments/callback).
 */
import { useState } from 'react';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { formatRupees, rupeesToPaise } from '../../lib/money.ts';
import type { StatusCheckText, StatusCheckTexts } from '../../lib/status-check.ts';
import { textsFor } from '../../components/forms/StatusLookup.tsx';
import type { CheckoutOptions, OrderAnswer } from './online.ts';
import { PAY_PAIR_KEY } from '../../lib/status-check.ts';
import type { PaidKind } from '../kinds.ts';

interface Checkout {
  open(): void;
}
type CheckoutConstructor = new (options: CheckoutOptions & { modal: { ondismiss: () => void } }) => Checkout;
declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

/** One load of the checkout script per page, however often Pay is tapped. */
const loading = new Map<string, Promise<CheckoutConstructor>>();
function loadCheckout(src: string): Promise<CheckoutConstructor> {
  const known = loading.get(src);
  if (known) return known;
  const loaded = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout script defined no Razorpay'));
    script.onerror = () => reject(new Error(`checkout script did not load: ${src}`));
    document.head.append(script);
  });
  // A failed load (slow data dropped) may be tried again by the next tap.
  loaded.catch(() => loading.delete(src));
  loading.set(src, loaded);
  return loaded;
}

interface Props {
  kind: PaidKind;
  /** The record's number and mobile number, as the status was checked. */
  number: string;
  contactNo: string;
  answer: StatusCheckTexts;
  lang: Language;
  text: StatusCheckText;
}

export function PayOnline({ kind, number, contactNo, answer, lang, text }: Props) {
  const t = textsFor(text);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  if (answer.feeState !== 'due' || !answer.payOnline || !answer.feeDue) return null;
  const amount = formatRupees(rupeesToPaise(answer.feeDue.amount) ?? 0);

  async function pay() {
    if (busy) return;
    setBusy(true);
    setProblem('');
    try {
      const { status, body } = await answerOf<OrderAnswer>(
        await apiJson('/payments/order', 'POST', { kind, number, contactNo, language: lang }),
      );
      if (status !== 201) {
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
      const Razorpay = await loadCheckout(order.checkoutScript);
      // Closing the checkout without paying leaves the family here, with Pay to tap again.
      new Razorpay({ ...order.checkout, modal: { ondismiss: () => setBusy(false) } }).open();
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
      {problem && (
        <p className="ff-form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
