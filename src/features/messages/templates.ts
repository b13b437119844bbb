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

export type MessageEvent = 'submitted' | 'status';

/** `<kind>.<event>`, or a letter of a kind's own (an application's rejected document: 'admission.document'). */
type LetterTemplate = `${string}.${string}`;

/** A message as sent: the template's code (`<entity>.<event>`), the e-mail's subject and the text. */
export interface Letter {
  template: LetterTemplate;
  language: Language;
  subject: string;
  body: string;
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
  /** The office's reason, once rejected. */
  rejectionReason?: string;
}

/**
 * The letter of `template`: its subject, and its text between the greeting and the office's sign-off;
 * `extra` are further paragraphs' codes after the template's own (what to pay, why, the status page).
 */
function letter(language: Language, template: Letter['template'], values: Record<string, string>, extra: TextCode[] = []): Letter {
  const part = (code: string) => parentMessage(language, code as TextCode, values);
  const body = [part('message.greeting'), part(`message.${template}`), ...extra.map(part), part('message.questions'), part('message.sign-off')].join('\n\n');
  return { template, language, subject: part(`message.${template}.subject`), body };
}

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
  link: statusPageUrl('tc-request', language),
});

/**
 * A status move's further paragraphs. The admission fee is asked for when the application is
 * admitted (before that the status page shows it as not yet payable); a rejected TC request says
 * why. Every one links the status page (a rejected document's letter has the link in its own text).
 */
const admissionMoveParts = (a: AdmissionFacts): TextCode[] => [...(a.status === 'admitted' && (a.feeDuePaise ?? 0) > 0 && a.session ? ['message.admission.fee' as const] : []), 'message.admission.link'];
const tcMoveParts = (tc: TcRequestFacts): TextCode[] => [...(tc.status === 'rejected' && tc.rejectionReason ? ['message.tc-request.reason' as const] : []), 'message.tc-request.link'];

export const enquirySubmitted = (language: Language, e: EnquiryFacts) => letter(language, 'enquiry.submitted', enquiryValues(language, e));
export const enquiryStatusChanged = (language: Language, e: EnquiryFacts) => letter(language, 'enquiry.status', enquiryValues(language, e));
export const admissionSubmitted = (language: Language, a: AdmissionFacts) => letter(language, 'admission.submitted', admissionValues(language, a), ['message.admission.link']);
export const admissionStatusChanged = (language: Language, a: AdmissionFacts) => letter(language, 'admission.status', admissionValues(language, a), admissionMoveParts(a));
export const tcRequestSubmitted = (language: Language, tc: TcRequestFacts) => letter(language, 'tc-request.submitted', tcValues(language, tc), ['message.tc-request.link']);
export const tcRequestStatusChanged = (language: Language, tc: TcRequestFacts) => letter(language, 'tc-request.status', tcValues(language, tc), tcMoveParts(tc));

/** A document the office rejected: which, why (in the family's words), and the status page to send a new one. */
export const admissionDocumentRejected = (language: Language, a: AdmissionFacts, document: { label: string; reason: string }) =>
  letter(language, 'admission.document', { ...admissionValues(language, a), document: document.label, reason: document.reason });
