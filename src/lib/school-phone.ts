/**
 * The school's own phones as the profile keeps them: the text as the office writes it ('05735-222345',
 * a landline with its STD code, or a mobile), printed on every page and document, beside its E.164
 * form ('+915735222345'), which every `tel:` link dials. An Indian number is ten digits after +91
 * (STD code and subscriber number together, the trunk 0 left off), so the E.164 form comes from the
 * digits as src/lib/forms/phone.ts reads a family's mobile; whether the STD code exists is checked
 * once, when the principal saves (src/features/school/phone-check.ts), never on a parent's page.
 */
import { phoneDigits } from './forms/phone.ts';

/** The E.164 form of an Indian number as written, or undefined when it is not ten digits after +91/0. */
export function e164Of(written: string): string | undefined {
  const digits = phoneDigits(written);
  return digits && `+91${digits}`;
}

/** The `tel:` link of a number's E.164 form. */
export const telHref = (e164: string) => `tel:${e164}`;
