/**
 * What the school writes to a parent about their record: one template per record and event (the
 * submission, a change of status), in English and in Hindi, filled from the record. The e-mails
 * the server sends and the WhatsApp messages the office sends by hand are both these letters.
 */
import { parentMessage, statusWords } from '../contact.ts';
import { classFor, type Language, type MessageCode } from './index.ts';
import { statusPageUrl } from '../status-pages.ts';

export type MessageEntity = 'enquiry' | 'admission' | 'tc-request';
export type MessageEvent = 'submitted' | 'status';

/** A message as sent: the template's code (`<entity>.<event>`), the e-mail's subject and the text. */
export interface Letter {
  template: `${MessageEntity}.${MessageEvent}`;
  language: Language;
  subject: string;
  body: string;
}

/** What the letters about an enquiry name (an enquiry's JSON has these). */
export interface EnquiryFacts {
  studentName: string;
  admissionClass: string;
  status: string;
}

export interface AdmissionFacts {
  referenceNumber: string;
  studentFirstName: string;
  studentMiddleName: string;
  studentLastName: string;
  admissionClass: string;
  status: string;
}

export interface TcRequestFacts {
  studentName: string;
  admissionNumber: string;
  status: string;
}

/** The letter of `template`: its subject, and its text between the greeting and the office's sign-off. */
function letter(language: Language, template: Letter['template'], values: Record<string, string>): Letter {
  const part = (code: string) => parentMessage(language, code as MessageCode, values);
  // An application or a TC request links its status page, in the parent's language, its number filled in.
  const link = values.link ? [part(`message.${template.split('.')[0]}.link`)] : [];
  const body = [part('message.greeting'), part(`message.${template}`), ...link, part('message.questions'), part('message.sign-off')].join('\n\n');
  return { template, language, subject: part(`message.${template}.subject`), body };
}

const fullName = (a: Pick<AdmissionFacts, 'studentFirstName' | 'studentMiddleName' | 'studentLastName'>) =>
  [a.studentFirstName, a.studentMiddleName, a.studentLastName].map((part) => part.trim()).filter(Boolean).join(' ');

const enquiryValues = (language: Language, e: EnquiryFacts) => ({
  student: e.studentName,
  class: classFor(language, e.admissionClass),
  status: statusWords(language, 'enquiry', e.status),
});

const admissionValues = (language: Language, a: AdmissionFacts) => ({
  reference: a.referenceNumber,
  student: fullName(a),
  class: classFor(language, a.admissionClass),
  status: statusWords(language, 'admission', a.status),
  link: statusPageUrl('admission', language, a.referenceNumber),
});

const tcValues = (language: Language, tc: TcRequestFacts) => ({
  student: tc.studentName,
  admissionNumber: tc.admissionNumber,
  status: statusWords(language, 'tc-request', tc.status),
  link: statusPageUrl('tc-request', language, tc.admissionNumber),
});

export const enquirySubmitted = (language: Language, e: EnquiryFacts) => letter(language, 'enquiry.submitted', enquiryValues(language, e));
export const enquiryStatusChanged = (language: Language, e: EnquiryFacts) => letter(language, 'enquiry.status', enquiryValues(language, e));
export const admissionSubmitted = (language: Language, a: AdmissionFacts) => letter(language, 'admission.submitted', admissionValues(language, a));
export const admissionStatusChanged = (language: Language, a: AdmissionFacts) => letter(language, 'admission.status', admissionValues(language, a));
export const tcRequestSubmitted = (language: Language, tc: TcRequestFacts) => letter(language, 'tc-request.submitted', tcValues(language, tc));
export const tcRequestStatusChanged = (language: Language, tc: TcRequestFacts) => letter(language, 'tc-request.status', tcValues(language, tc));

interface FactsOf {
  enquiry: EnquiryFacts;
  admission: AdmissionFacts;
  'tc-request': TcRequestFacts;
}

/** Every template, by record and event. */
export const TEMPLATES: { [E in MessageEntity]: Record<MessageEvent, (language: Language, facts: FactsOf[E]) => Letter> } = {
  enquiry: { submitted: enquirySubmitted, status: enquiryStatusChanged },
  admission: { submitted: admissionSubmitted, status: admissionStatusChanged },
  'tc-request': { submitted: tcRequestSubmitted, status: tcRequestStatusChanged },
};
