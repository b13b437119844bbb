/** What the school writes to a family about their application (src/features/outbox/letters.ts has what letters share). */
import { statusTexts } from '../../lib/contact.ts';
import { formatRupees } from '../../lib/money.ts';
import { classFor, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { statusPageUrl, type StatusPage } from '../../lib/status-pages.ts';
import type { MobileTemplate } from '../../config/mobile-templates.ts';
import { letter, paymentReceived, what, type ReceivedPayment } from '../outbox/letters.ts';

/** The parents' status page of an application, found by its reference number. */
export const ADMISSION_STATUS_PAGE: StatusPage = { path: '/admissions/status', param: 'ref' };

export interface AdmissionFacts {
  referenceNumber: string;
  admissionClass: string;
  status: string;
  /** The session applied for ('2027-28'). */
  session?: string;
  /** What is still to pay, in paise (0 when paid, waived or closed): an admitted family is asked for it. */
  feeDuePaise?: number;
}

/** The admission statuses that are the school's decision (the rest are steps on the way). */
const DECISIONS = ['admitted', 'waitlisted', 'not-admitted'];

const admissionValues = (language: Language, a: AdmissionFacts) => ({
  reference: a.referenceNumber,
  class: classFor(language, a.admissionClass),
  status: statusTexts(language, 'admission', a.status),
  session: a.session ?? '',
  fee: formatRupees(a.feeDuePaise ?? 0),
  link: statusPageUrl(ADMISSION_STATUS_PAGE, language, a.referenceNumber),
});

/**
 * A status move's further paragraphs. The admission fee is asked for when the application is
 * admitted (before that the status page shows it as not yet payable). Every one links the status
 * page (a rejected document's letter has the link in its own text); an admitted family's says the
 * admission letter is there, since the letter itself needs the mobile number, which no link carries.
 */
const admissionMoveParts = (a: AdmissionFacts): TextCode[] => [
  ...(a.status === 'admitted' && (a.feeDuePaise ?? 0) > 0 && a.session ? ['message.admission.fee' as const] : []),
  a.status === 'admitted' ? 'message.admission.letter' : 'message.admission.link',
];

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

/** A payment the school received for an application. */
export const admissionPaymentReceived = (language: Language, a: AdmissionFacts, payment: ReceivedPayment) =>
  paymentReceived(language, 'admission', admissionValues(language, a), payment);
