/**
 * The office's channels to a parent: a phone call and a WhatsApp chat with a message already
 * written, in English and in Hindi, naming the record and its status.
 */
import { fill, type Language, type TextCode } from './i18n/index.ts';
import { officePhone, schoolInUse, schoolName } from './school-profile.ts';

/** tel: link of a family's mobile number (10 digits); the school's own phones link by their E.164 form (phoneLinks in src/features/school/profile.ts). */
export const telLink = (mobile: string) => `tel:+91${mobile}`;

/** A WhatsApp chat with `mobile` (10 digits, India) with `text` typed in, ready to send. */
export const whatsappLink = (mobile: string, text: string) =>
  `https://wa.me/91${mobile}?text=${encodeURIComponent(text)}`;

/**
 * A message to a parent in `language`: the school's name and office phone filled in with `values`,
 * as the school's profile has them (on the server, as read at most a short while ago). While the
 * school has set no phone, the words around it go too ('call the school office[ on {phone}]').
 */
export function parentMessage(language: Language, code: TextCode, values: Record<string, string>): string {
  const school = schoolInUse();
  return fill(language, code, { school: schoolName(school, language), phone: officePhone(school), ...values });
}

/** The same message in English and Hindi. */
export const inBothLanguages = (message: (language: Language) => string) => ({ en: message('en'), hi: message('hi') });

/** How a record's status reads to a parent in `language`. */
export const statusTexts = (language: Language, entity: string, status: string) =>
  fill(language, `status.${entity}.${status}` as TextCode, {});
