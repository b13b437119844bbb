/**
 * The check of a phone the principal types into the school's profile (./phone.ts says how the
 * profile keeps it): a landline with its STD code ('05735-222345', '0573 5222345', '+91 5735 222345')
 * or a mobile ('98765 43210'). libphonenumber-js knows India's numbering plan (which STD codes exist
 * and how long the number after each is: its full metadata, which refuses '1111111111'), so no table
 * of our own. Only the profile's schema and the principal's screen load it, never a parent's page.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The longest phone the profile takes as typed: '+91 (0) 5735-222345' with room for spaces. */
export const SCHOOL_PHONE_MAX = 24;

/** Why a phone is refused: a message code of the tables in src/lib/i18n (en and hi). */
export type PhoneRefusal = 'school.phone.invalid' | 'school.phone.foreign';

export type ReadPhone = { ok: true; text: string; e164: string } | { ok: false; refusal: PhoneRefusal };

// Format characters (direction marks) ride along with a number copied from a phone's contacts.
const FORMAT = /\p{Cf}/gu;
/** What a written number holds: digits and the separators people put between them, one leading +. */
const WRITTEN = /^\+?[\d\s\-.()/]+$/;

/**
 * Reads a phone as typed: the text kept (trimmed, spaces collapsed) and its E.164 form; refused when
 * it is not a valid Indian number (an STD code and its subscriber number, or a mobile).
 */
export function readSchoolPhone(typed: string): ReadPhone {
  const text = typed.replace(FORMAT, '').replace(/\s+/g, ' ').trim();
  if (!text || text.length > SCHOOL_PHONE_MAX || !WRITTEN.test(text))
    return { ok: false, refusal: 'school.phone.invalid' };
  const number = parsePhoneNumberFromString(text, 'IN');
  if (number && number.country !== 'IN' && number.isValid()) return { ok: false, refusal: 'school.phone.foreign' };
  if (!number || number.country !== 'IN' || !number.isValid()) return { ok: false, refusal: 'school.phone.invalid' };
  return { ok: true, text, e164: number.number };
}
