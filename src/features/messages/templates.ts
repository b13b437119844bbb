/**
 * What the school writes to a parent about their record: one template per record and event (the
 * submission, a change of status), in English and in Hindi, filled from the record; each kind in
 * src/features/kinds.ts names its own. The e-mails the server sends and the WhatsApp messages the
 * office sends by hand are both these letters.
 *
 * A letter goes to an address or a number typed on a public form, which may be anyone's: so it
 * carries nothing else typed there (no name, no admission number), only what the school made or
 * chose (the reference number, the class, the status, the fee, the office's own reason, the
 * school's facts) and fixed words. Nobody can make the school's mail say their words.
 */
import { parentMessage, statusWords } from '../../lib/contact.ts';
import { formatRupees } from '../../lib/money.ts';
import { classFor, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { statusPageUrl } from '../../lib/status-pages.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { site } from '../../config/site.ts';
import type { MobileTemplate } from '../../config/messages.ts';
import type { ReceivedPayment } from '../record-kind.ts';

export type MessageEvent = 'submitted' | 'status';

/** `<kind>.<event>`, or a letter of a kind's own (an application's rejected document: 'admission.document'). */
type LetterTemplate = `${string}.${string}`;

/** A message as sent: the template's code (`<entity>.<event>`), the e-mail's subject and the text. */
export interface Letter {
  template: LetterTemplate;
  language: Language;
  subject: string;
  body: string;
  /**
   * The same news as a registered WhatsApp / SMS template (src/config/messages.ts): its name and
   * the values of its variables (the opt-out link is added where the number is known).
   */
  mobile: MobileLetter;
}

export interface MobileLetter {
  template: MobileTemplate;
  values: Record<string, string>;
}

/** What the letters about an enquiry name (an enquiry's JSON has these). */
export interface EnquiryFacts {
  admissionClass: string;
  status: string;
}

export interface AdmissionFacts {
  referenceNumber: string;
  admissionClass: string;
  status: string;
  /** The session applied for ('2027-28'). */
  session?: string;
  /** What is still to pay, in paise (0 when paid, waived or closed): an admitted family is asked for it. */
  feeDuePaise?: number;
}

export interface TcRequestFacts {
  status: string;
  /** What is still to pay, in paise (0 when paid, waived or closed). */
  feeDuePaise?: number;
  /** The office's reason, once rejected. */
  rejectionReason?: string;
}

/**
 * The letter of `template`: its subject, and its text between the greeting and the office's sign-off;
 * `extra` are further paragraphs' codes after the template's own (what to pay, why, the status page).
 */
function letter(
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

/** The record as a registered template names it ('admission application AD-… for Class 5'). */
const what = (language: Language, entity: 'enquiry' | 'admission' | 'tc-request', values: Record<string, string>) =>
  parentMessage(language, `mobile.what.${entity}`, values);

/** The admission statuses that are the school's decision (the rest are steps on the way). */
const DECISIONS = ['admitted', 'waitlisted', 'not-admitted'];

const enquiryValues = (language: Language, e: EnquiryFacts) => ({
  class: classFor(language, e.admissionClass),
  status: statusWords(language, 'enquiry', e.status),
});

const admissionValues = (language: Language, a: AdmissionFacts) => ({
  reference: a.referenceNumber,
  class: classFor(language, a.admissionClass),
  status: statusWords(language, 'admission', a.status),
  session: a.session ?? '',
  fee: formatRupees(a.feeDuePaise ?? 0),
  link: statusPageUrl('admission', language, a.referenceNumber),
});

// The status page without the admission number: that number was typed on the form.
const tcValues = (language: Language, tc: TcRequestFacts) => ({
  status: statusWords(language, 'tc-request', tc.status),
  reason: tc.rejectionReason ?? '',
  fee: formatRupees(tc.feeDuePaise ?? 0),
  link: statusPageUrl('tc-request', language),
});

// An enquiry has no status page: its messages link the school's site.
const homeUrl = (language: Language) => `${site.url}${pathIn(language, '/')}`;

/**
 * A status move's further paragraphs. The admission fee is asked for when the application is
 * admitted (before that the status page shows it as not yet payable); a rejected TC request says
 * why. Every one links the status page (a rejected document's letter has the link in its own text).
 */
const admissionMoveParts = (a: AdmissionFacts): TextCode[] => [
  ...(a.status === 'admitted' && (a.feeDuePaise ?? 0) > 0 && a.session ? ['message.admission.fee' as const] : []),
  'message.admission.link',
];
const tcMoveParts = (tc: TcRequestFacts): TextCode[] => [
  ...(tc.status === 'rejected' && tc.rejectionReason ? ['message.tc-request.reason' as const] : []),
  'message.tc-request.link',
];

export const enquirySubmitted = (language: Language, e: EnquiryFacts) => {
  const values = enquiryValues(language, e);
  return letter(language, 'enquiry.submitted', values, {
    template: 'received',
    values: { what: what(language, 'enquiry', values), link: homeUrl(language) },
  });
};
export const enquiryStatusChanged = (language: Language, e: EnquiryFacts) => {
  const values = enquiryValues(language, e);
  return letter(language, 'enquiry.status', values, {
    template: 'status',
    values: { what: what(language, 'enquiry', values), status: values.status, link: homeUrl(language) },
  });
};
export const admissionSubmitted = (language: Language, a: AdmissionFacts) => {
  const values = admissionValues(language, a);
  return letter(
    language,
    'admission.submitted',
    values,
    { template: 'received', values: { what: what(language, 'admission', values), link: values.link } },
    ['message.admission.link'],
  );
};
/** An admitted family with a fee to pay gets the fee-due template (the decision and the pay link); other decisions theirs. */
export const admissionStatusChanged = (language: Language, a: AdmissionFacts) => {
  const values = admissionValues(language, a);
  const mobile = { what: what(language, 'admission', values), status: values.status, link: values.link };
  const feeDue = a.status === 'admitted' && (a.feeDuePaise ?? 0) > 0;
  const template: MobileTemplate = feeDue ? 'fee-due' : DECISIONS.includes(a.status) ? 'decision' : 'status';
  return letter(
    language,
    'admission.status',
    values,
    { template, values: feeDue ? { ...mobile, fee: values.fee } : mobile },
    admissionMoveParts(a),
  );
};
/** A TC request with its fee to pay gets the fee-due template: received, and what to pay, where. */
export const tcRequestSubmitted = (language: Language, tc: TcRequestFacts) => {
  const values = tcValues(language, tc);
  const mobile = { what: what(language, 'tc-request', values), link: values.link };
  const feeDue = (tc.feeDuePaise ?? 0) > 0;
  return letter(
    language,
    'tc-request.submitted',
    values,
    feeDue
      ? { template: 'fee-due', values: { ...mobile, status: values.status, fee: values.fee } }
      : { template: 'received', values: mobile },
    [...(feeDue ? ['message.tc-request.fee' as const] : []), 'message.tc-request.link'],
  );
};
/** An issued TC is ready at the office: its own template. */
export const tcRequestStatusChanged = (language: Language, tc: TcRequestFacts) => {
  const values = tcValues(language, tc);
  const mobile: MobileLetter =
    tc.status === 'issued'
      ? { template: 'tc-ready', values: { link: values.link } }
      : {
          template: 'status',
          values: { what: what(language, 'tc-request', values), status: values.status, link: values.link },
        };
  return letter(language, 'tc-request.status', values, mobile, tcMoveParts(tc));
};

/** A document the office rejected: which, why (in the family's words), and the status page to send a new one. */
export const admissionDocumentRejected = (
  language: Language,
  a: AdmissionFacts,
  document: { label: string; reason: string },
) => {
  const values = { ...admissionValues(language, a), document: document.label, reason: document.reason };
  return letter(language, 'admission.document', values, {
    template: 'document',
    values: {
      document: document.label,
      what: what(language, 'admission', values),
      reason: document.reason,
      link: values.link,
    },
  });
};

/** A payment the school received (at the desk or online): how much, its receipt, and where to download it. */
export function paymentReceived(
  language: Language,
  entity: 'admission',
  facts: AdmissionFacts,
  payment: ReceivedPayment,
): Letter;
export function paymentReceived(
  language: Language,
  entity: 'tc-request',
  facts: TcRequestFacts,
  payment: ReceivedPayment,
): Letter;
export function paymentReceived(
  language: Language,
  entity: 'admission' | 'tc-request',
  facts: AdmissionFacts | TcRequestFacts,
  payment: ReceivedPayment,
): Letter {
  const own =
    entity === 'admission'
      ? admissionValues(language, facts as AdmissionFacts)
      : tcValues(language, facts as TcRequestFacts);
  const values = { ...own, amount: formatRupees(payment.amountPaise), receipt: payment.receipt };
  return letter(language, `${entity}.payment`, values, {
    template: 'payment',
    values: { fee: values.amount, receipt: payment.receipt, link: values.link },
  });
}
