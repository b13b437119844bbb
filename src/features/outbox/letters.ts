/**
 * What the school writes to a parent about their record: one template per record and event (the
 * submission, a change of status), in English and in Hindi, filled from the record. Each kind writes
 * its own letters, in its folder (src/features/<kind>/kind-letters.ts), with what is here; the e-mails
 * the server sends and the WhatsApp messages the office sends by hand are both these letters.
 *
 * A letter goes to an address or a number typed on a public form, which may be anyone's: so it
 * carries nothing else typed there (no name, no admission number), only what the school made or
 * chose (the reference number, the class, the status, the fee, the office's own reason, the
 * school's facts) and fixed words. Nobody can make the school's mail say their words.
 */
import { parentMessage } from '../../lib/contact.ts';
import { formatRupees } from '../../lib/money.ts';
import type { Language, TextCode } from '../../lib/i18n/index.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { site } from '../../config/site.ts';
import type { MobileTemplate } from '../../config/mobile-templates.ts';

export type LetterEvent = 'submitted' | 'status';

/** A payment as its "received" message names it. */
export interface ReceivedPayment {
  amountPaise: number;
  receipt: string;
}

/** `<kind>.<event>`, or a letter of a kind's own (an application's rejected document: 'admission.document'). */
type LetterTemplate = `${string}.${string}`;

/** A message as sent: the template's code (`<entity>.<event>`), the e-mail's subject and the text. */
export interface Letter {
  template: LetterTemplate;
  language: Language;
  subject: string;
  body: string;
  /**
   * The same news as a registered WhatsApp / SMS template (src/config/mobile-templates.ts): its name and
   * the values of its variables (the opt-out link is added where the number is known).
   */
  mobile: MobileLetter;
}

export interface MobileLetter {
  template: MobileTemplate;
  values: Record<string, string>;
}

/**
 * The letter of `template`: its subject, and its text between the greeting and the office's sign-off;
 * `extra` are further paragraphs' codes after the template's own (what to pay, why, the status page).
 */
export function letter(
  language: Language,
  template: Letter['template'],
  values: Record<string, string>,
  mobile: MobileLetter,
  extra: TextCode[] = [],
): Letter {
  const part = (code: string) => parentMessage(language, code as TextCode, values);
  const body = [
    part('message.greeting'),
    part(`message.${template}`),
    ...extra.map(part),
    part('message.questions'),
    part('message.sign-off'),
  ].join('\n\n');
  return { template, language, subject: part(`message.${template}.subject`), body, mobile };
}

/** The record as a registered template names it ('admission application AD-… for Class 5'): `mobile.what.<kind>`. */
export const what = (language: Language, entity: string, values: Record<string, string>) =>
  parentMessage(language, `mobile.what.${entity}` as TextCode, values);

/** The school's site, for a kind without a status page. */
export const homeUrl = (language: Language) => `${site.url}${pathIn(language, '/')}`;

/**
 * A payment the school received (at the desk or online) for a record of `entity`: how much, its
 * receipt, and where to download it (`values.link`, the kind's status page); `values` are the kind's
 * own letters' values.
 */
export function paymentReceived(
  language: Language,
  entity: string,
  values: Record<string, string> & { link: string },
  payment: ReceivedPayment,
): Letter {
  const all = { ...values, amount: formatRupees(payment.amountPaise), receipt: payment.receipt };
  return letter(language, `${entity}.payment`, all, {
    template: 'payment',
    values: { fee: all.amount, receipt: payment.receipt, link: all.link },
  });
}
