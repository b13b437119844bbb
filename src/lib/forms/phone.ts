/**
 * A phone number as families type or paste it, read the same way by the forms, the API, the
 * status lookups and the messages: '+91 98111 22233', '+91-98111-22233', '91 9811122233',
 * '098111-22233', '0091 98111 22233', '(+91) 98111.22233' are all the 10 digits 9811122233.
 * Spaces, dashes, dots and brackets go, and so do the invisible direction marks a phone's contacts
 * or WhatsApp put around a copied number; then a +91 or 0091 country code, or a 0 in front, comes
 * off. A number with another country's code is none of these: the school stores Indian numbers.
 */

/**
 * The longest phone number a form's input takes: '+91 (0) 98111 22233' is 19 characters, and a
 * number copied from WhatsApp carries two invisible marks (17 for '+91 98111 22233'). A browser
 * cuts a paste at the input's maxlength, so a tighter one would lose the last digits.
 */
export const PHONE_INPUT_MAX = 20;

// Separators people write between digits, and format characters (U+202A/U+202C, U+200E, U+FEFF) that ride along with a copy.
const SEPARATORS = /[\s\p{Pd}.()\p{Cf}]/gu;

/**
 * The number's own digits: separators dropped, the country code (+91, 0091, or 91 before ten
 * digits) and a leading 0 taken off. Undefined when it holds anything but digits, separators and
 * one leading +, or a + with another country's code. Its length is not checked (a search types the
 * start of a number).
 */
export function nationalDigits(value: string): string | undefined {
  const compact = value.replace(SEPARATORS, '');
  if (!/^\+?\d*$/.test(compact)) return undefined;
  if (compact.startsWith('+'))
    return compact.startsWith('+91') ? compact.slice(3).replace(/^0(?=\d{10}$)/, '') : undefined;
  if (compact.length === 14 && compact.startsWith('0091')) return compact.slice(4);
  if (compact.length === 12 && compact.startsWith('91')) return compact.slice(2);
  if (compact.length === 11 && compact.startsWith('0')) return compact.slice(1);
  return compact;
}

/** The 10 digits the school stores for a number as typed or pasted; undefined when it is not one. */
export function phoneDigits(value: string): string | undefined {
  const digits = nationalDigits(value);
  return digits !== undefined && /^\d{10}$/.test(digits) ? digits : undefined;
}
