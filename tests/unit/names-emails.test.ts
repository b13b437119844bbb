/**
 * People's names and e-mail addresses on the public forms, checked by the schema the islands and
 * the functions share: what names hold is accepted in any script, a link, an address or digits are
 * refused with words saying which, in English and in Hindi; an address is an ordinary mailbox's.
 */
import { describe, expect, it } from 'vitest';
import { validateEnquiry } from '../../src/features/enquiry/schema.ts';
import { isEmail, nameProblem } from '../../src/lib/forms/validate.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { EMAIL_ACCEPTED, EMAIL_REFUSED, NAMES_ACCEPTED, NAMES_REFUSED, validEnquiry } from './forms-cases.ts';

const HINDI: Record<string, RegExp> = {
  'form.nameLink': /^नाम में वेबसाइट का पता या लिंक नहीं/,
  'form.nameEmail': /^नाम में ई-मेल पता नहीं/,
  'form.nameDigits': /^नाम में अंक नहीं/,
  'form.nameCharacters': /^नाम में केवल अक्षर/,
};

describe('names', () => {
  it.each(NAMES_ACCEPTED)('accepts %s', (name) => expect(nameProblem(name)).toBeUndefined());

  it.each(NAMES_REFUSED)('refuses %s, saying why in both languages', (name, english) => {
    const result = validateEnquiry({ ...validEnquiry(), studentName: name });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields.studentName).toBe(english);
    const code = result.codes.studentName!;
    expect(fill('en', code as never)).toBe(english);
    expect(fill('hi', code as never)).toMatch(HINDI[code]!);
  });

  it('a Devanagari name with its matras and a nukta is one name', () => {
    for (const name of ['श्रीमती सुनीता देवी', 'ज़ैनब ख़ान', 'क्षितिज त्रिपाठी']) expect(nameProblem(name)).toBeUndefined();
  });

  it('initials are not a web address', () => {
    for (const name of ['R.K. Sharma', 'R.K.Sharma', 'Dr. A. P. J. Kalam']) expect(nameProblem(name)).toBeUndefined();
  });
});

describe('e-mail addresses', () => {
  it.each(EMAIL_ACCEPTED)('accepts %s', (email) => expect(isEmail(email)).toBe(true));
  it.each(EMAIL_REFUSED)('refuses %s', (email) => expect(isEmail(email)).toBe(false));

  it('the refusal keeps the form.email message, in both languages', () => {
    const result = validateEnquiry({ ...validEnquiry(), email: 'a@[127.0.0.1]' });
    expect(result.ok || result.codes.email).toBe('form.email');
    expect(fill('hi', 'form.email')).toBe('कृपया सही ई-मेल पता भरें।');
  });

  it('refuses addresses over the lengths of RFC 5321', () => {
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isEmail(`a@${'b'.repeat(250)}.in`)).toBe(false);
  });
});
