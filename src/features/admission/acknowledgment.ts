/**
 * The acknowledgment a parent keeps after sending an admission form, as the form island shows it
 * and as its PDF (GET /v1/api/admission/acknowledgment, acknowledgment.server.ts) prints it: the
 * links both carry and how the words are filled in. The island gets its words from the page
 * (acknowledgment-texts.ts), so the text tables themselves never ship to the browser.
 */
import type { Language, TextCode } from '../../lib/i18n/index.ts';
import { romanClass } from '../../lib/classes.ts';
import { statusPagePath, statusPageUrl } from '../../lib/status-pages.ts';
import { ADMISSION_STATUS_PAGE } from './kind-letters.ts';
import { schoolInUse, schoolName } from '../../lib/school-profile.ts';

/** The words of the acknowledgment: its own `ack.*` messages and how a class is named. */
export type AckCode = Extract<TextCode, `ack.${string}`> | 'class.name';
export type AckTexts = Record<AckCode, string>;

/** What the island shows after a successful submit. */
export interface AckFacts {
  referenceNumber: string;
  /** When the application was stored, ISO. */
  createdAt: string;
  /** The class's canonical label: P.N.C, N.C, K.G or 1-12. */
  admissionClass: string;
  studentName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** Male or Female (the form's value). */
  gender: string;
  address: string;
  /** The mobile number given on the form: the office calls it, and it proves the application is yours. */
  contactNo: string;
  /** The labels of the documents sent, in the form's order. */
  documents: string[];
}

/** `template` with each `{name}` replaced by `values[name]` (as the text tables' `fill` does). */
export const fillIn = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** How a class reads to a parent: 'Class 5' / 'कक्षा 5'; the early-years names as they are. */
export const classIn = (texts: Pick<AckTexts, 'class.name'>, label: string) =>
  /^\d+$/.test(label) ? fillIn(texts['class.name'], { class: label, roman: romanClass(label) }) : label;

export const ACKNOWLEDGMENT_PATH = '/v1/api/admission/acknowledgment';

/**
 * The status page in the language the form was filled in, with the reference number filled in:
 * the page itself on this site, and the full address for the QR code and WhatsApp.
 */
export const statusPath = (reference: string, language: Language) =>
  statusPagePath(ADMISSION_STATUS_PAGE, language, reference);
export const statusUrl = (reference: string, language: Language) =>
  statusPageUrl(ADMISSION_STATUS_PAGE, language, reference);

/** The PDF of an application, proven by its reference number and the form's mobile number. */
export const acknowledgmentHref = (reference: string, contactNo: string, language: Language) =>
  `${ACKNOWLEDGMENT_PATH}?${new URLSearchParams({ referenceNumber: reference, contactNo, lang: language })}`;

/** WhatsApp's share link (the parent picks the chat) with the school, the reference number and the status page. */
export const whatsappHref = (texts: Pick<AckTexts, 'ack.whatsapp.text'>, reference: string, language: Language) =>
  `https://wa.me/?text=${encodeURIComponent(fillIn(texts['ack.whatsapp.text'], { school: schoolName(schoolInUse(), language), reference, url: statusUrl(reference, language) }))}`;

/** How a gender reads to a parent, in the acknowledgment's words. */
export const genderIn = (texts: Pick<AckTexts, 'ack.gender.Male' | 'ack.gender.Female'>, value: string) =>
  value === 'Male' || value === 'Female' ? texts[`ack.gender.${value}`] : value;
