/**
 * The school's own phones: kept as the office writes them, landlines with their STD code as well as
 * mobiles, each dialled by its E.164 form; junk refused with words in English and Hindi. And a
 * sentence naming a fact the school has not set reads without it.
 */
import { describe, expect, it } from 'vitest';
import { readSchoolPhone } from '../../src/features/school/phone-check.ts';
import { e164Of } from '../../src/lib/school-phone.ts';
import { validateProfile } from '../../src/features/school/profile-schema.ts';
import { defaultProfile, phoneLinks, phonesOf } from '../../src/lib/school-profile.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { fillIn } from '../../src/lib/forms/texts.ts';

describe('readSchoolPhone', () => {
  it.each([
    // Landlines of towns in Uttar Pradesh, with their STD codes as people write them.
    ['05735-222345', '+915735222345'],
    ['0573 5222345', '+915735222345'],
    ['+91 5735 222345', '+915735222345'],
    ['(05735) 222345', '+915735222345'],
    ['0091 5735 222345', '+915735222345'],
    ['0121-2345678', '+911212345678'], // Meerut
    ['0522 2612345', '+915222612345'], // Lucknow
    ['0532-2345678', '+915322345678'], // Prayagraj
    ['0562 2345678', '+915622345678'], // Agra
    ['0581-2345678', '+915812345678'], // Bareilly
    ['05921-234567', '+915921234567'], // Moradabad district
    // Mobiles, as before.
    ['9811122233', '+919811122233'],
    ['+91 98111 22233', '+919811122233'],
    ['098111-22233', '+919811122233'],
    ['\u202A+91 98111 22233\u202C', '+919811122233'],
  ])('%s is kept as written and dials %s', (typed, e164) => {
    const read = readSchoolPhone(typed);
    expect(read).toEqual({ ok: true, text: typed.replace(/\p{Cf}/gu, '').trim(), e164 });
    // The profile's own reading of a saved number (no numbering plan loaded) gives the same link.
    expect(e164Of(typed)).toBe(e164);
  });

  it.each([
    ['12', 'school.phone.invalid'],
    ['05735-22234', 'school.phone.invalid'], // a digit short
    ['057352223456', 'school.phone.invalid'], // a digit too many
    ['1111111111', 'school.phone.invalid'], // no such STD code
    ['0000000000', 'school.phone.invalid'],
    ['call 05735-222345', 'school.phone.invalid'],
    ['05735-222345 ext 12', 'school.phone.invalid'],
    ['<script>', 'school.phone.invalid'],
    ['', 'school.phone.invalid'],
    ['+44 20 7946 0958', 'school.phone.foreign'],
    ['+1 202 555 0100', 'school.phone.foreign'],
  ])('%j is refused (%s), with words in English and Hindi', (typed, refusal) => {
    expect(readSchoolPhone(typed)).toEqual({ ok: false, refusal });
    const en = fill('en', refusal as 'school.phone.invalid');
    const hi = fill('hi', refusal as 'school.phone.invalid');
    expect(en).toMatch(/STD code/);
    expect(hi).toMatch(/एसटीडी कोड/);
  });

  it('refuses through the profile schema with the English words, naming the box', () => {
    const { updatedAt: _, ...body } = defaultProfile();
    const result = validateProfile({ ...body, phones: ['05735-222345', '0573-22'] });
    expect(result).toMatchObject({ ok: false, fields: { 'phones.1': fill('en', 'school.phone.invalid') } });
    expect(validateProfile({ ...body, phones: ['+44 20 7946 0958'] })).toMatchObject({
      ok: false,
      fields: { 'phones.0': fill('en', 'school.phone.foreign') },
    });
  });

  it('saves what was typed beside its E.164 form, and every link dials that', () => {
    const { updatedAt: _, ...body } = defaultProfile();
    const result = validateProfile({ ...body, phones: [' 05735-222345 ', '+91 98111 22233'] });
    expect(result).toMatchObject({
      ok: true,
      data: { phones: ['05735-222345', '+91 98111 22233'], phonesE164: ['+915735222345', '+919811122233'] },
    });
    const profile = { ...defaultProfile(), ...phonesOf(['05735-222345', '98111 22233']) };
    expect(phoneLinks(profile)).toEqual([
      { number: '05735-222345', href: 'tel:+915735222345' },
      { number: '98111 22233', href: 'tel:+919811122233' },
    ]);
  });
});

describe('fillIn', () => {
  it('drops a clause whose fact is unset, keeps it without brackets when set, and leaves it for later when not given', () => {
    const template = 'Please try again, or call the school office[ on {phone}].';
    expect(fillIn(template, { phone: '' })).toBe('Please try again, or call the school office.');
    expect(fillIn(template, { phone: '05735-222345' })).toBe(
      'Please try again, or call the school office on 05735-222345.',
    );
    expect(fillIn(template)).toBe(template);
    expect(fillIn('Expected { "ids": [...] }')).toBe('Expected { "ids": [...] }');
    expect(fill('hi', 'message.questions', { phone: '' })).toBe('किसी भी जानकारी के लिए विद्यालय कार्यालय से संपर्क करें।');
    expect(fill('hi', 'message.questions', { phone: '05735-222345' })).toBe(
      'किसी भी जानकारी के लिए विद्यालय कार्यालय से 05735-222345 पर संपर्क करें।',
    );
  });
});
