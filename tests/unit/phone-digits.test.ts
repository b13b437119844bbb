/**
 * Phone numbers as families paste them: read as the 10 digits the school stores, the same by every
 * form's schema (which the island runs before sending and the API before storing), the status
 * lookups and the search box; refused with each form's own words when they are not a number; and
 * every phone input long enough to take the pasted forms whole.
 */
import { describe, expect, it } from 'vitest';
import { PHONE_INPUT_MAX, nationalDigits, phoneDigits } from '../../src/lib/forms/phone.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { validateEnquiry } from '../../src/features/enquiry/schema.ts';
import { validateTcRequest } from '../../src/features/tc-request/schema.ts';
import { validateAdmission } from '../../src/features/admission/schema.ts';
import { checkAdmissionLookup } from '../../src/features/admission/status-check.ts';
import { ENQUIRY } from '../../src/features/enquiry/enquiry.ts';
import { TC_REQUEST } from '../../src/features/tc-request/tc-request.ts';
import { ADMISSION } from '../../src/features/admission/admission.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { validAdmission, validEnquiry, validTc } from './forms-cases.ts';

/** As typed or pasted, and the 10 digits stored. */
const TAKEN: [typed: string, digits: string][] = [
  ['9811122233', '9811122233'],
  ['+91 98111 22233', '9811122233'],
  ['+91-98111-22233', '9811122233'],
  ['+919811122233', '9811122233'],
  ['91 9811122233', '9811122233'],
  ['919811122233', '9811122233'],
  ['098111-22233', '9811122233'],
  ['09811122233', '9811122233'],
  ['0091 98111 22233', '9811122233'],
  ['+91 (0) 98111 22233', '9811122233'],
  ['(+91) 98111.22233', '9811122233'],
  ['98111.222.33', '9811122233'],
  ['(981) 112-2233', '9811122233'],
  [' 98111 22233 ', '9811122233'],
  // Copied from a phone's contacts or WhatsApp: a no-break space, an en dash, the invisible direction marks around it.
  ['\u202A+91\u00A098111\u00A022233\u202C', '9811122233'],
  ['98111\u201322233', '9811122233'],
  ['\u200E01123456789', '1123456789'],
];

/** Not an Indian number of 10 digits. */
const REFUSED = [
  '',
  '98111',
  '981112223',
  '98111222334',
  '+1 9811122233',
  '+44 20 7946 0958',
  '+91 98111 2223',
  '9811122233x',
  '98111+22233',
  '++919811122233',
  '९८१११२२२३३',
  '98111\u000722233',
  '0099811122233',
  '91981112223',
  'tel:9811122233',
];

describe('phoneDigits', () => {
  it.each(TAKEN)('reads %j as %s', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
  });
  it.each(REFUSED)('refuses %j', (typed) => {
    expect(phoneDigits(typed)).toBeUndefined();
  });
});

describe('nationalDigits (the start of a number typed into the search box)', () => {
  it.each([
    ['+91 98111', '98111'],
    ['981112', '981112'],
    ['+91-98111-2', '981112'],
    ['0091 98111 22233', '9811122233'],
    ['91981', '91981'],
    ['', ''],
  ])('reads %j as %j', (typed, digits) => {
    expect(nationalDigits(typed)).toBe(digits);
  });
  it.each(['Sharma', '+1 555', 'RMCP-2026-000123', '98111 or 22233'])('refuses %j', (typed) => {
    expect(nationalDigits(typed)).toBeUndefined();
  });
});

// Each form's phone field, its valid input and its own message for a wrong number (the school's words, verbatim).
const FORMS = [
  {
    form: 'enquiry',
    field: 'fatherMobile',
    message: FORM_TEXTS.fatherMobile,
    check: (phone: string) => validateEnquiry({ ...validEnquiry(), fatherMobile: phone }),
  },
  {
    form: 'TC request',
    field: 'contact',
    message: FORM_TEXTS.tcContact,
    check: (phone: string) => validateTcRequest({ ...validTc(), contact: phone }),
  },
  {
    form: 'admission',
    field: 'contactNo',
    message: FORM_TEXTS.contactNo,
    check: (phone: string) => {
      const result = validateAdmission({ ...validAdmission('senior'), contactNo: phone });
      return result.ok ? { ...result, data: result.data.text } : result;
    },
  },
] as const;

describe.each(FORMS)('the $form form', ({ field, message, check }) => {
  it.each(TAKEN)('takes %j and sends and stores %s', (typed, digits) => {
    const result = check(typed);
    expect(result.ok ? (result.data as Record<string, string>)[field] : result.error).toBe(digits);
  });
  it.each(REFUSED.filter(Boolean))('refuses %j with its own message', (typed) => {
    const result = check(typed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.error, result.fields[field]]).toEqual([message, message]);
  });
});

describe('the status lookups', () => {
  it('take the number pasted and look it up as stored', () => {
    const result = checkAdmissionLookup({ referenceNumber: 'RMCP-2026-000123', contactNo: '+91 98111 22233' }, (code) =>
      fill('en', code),
    );
    expect(result.ok && result.data.contactNo).toBe('9811122233');
  });
});

describe('the phone inputs', () => {
  const phones = [...ENQUIRY.fields, ...TC_REQUEST.fields, ...ADMISSION.fields].filter((f) => f.kind === 'phone');
  it('are long enough for every pasted form (a browser cuts a paste at maxlength)', () => {
    expect(phones.map((f) => f.name).sort()).toEqual(['contact', 'contactNo', 'fatherMobile']);
    const longest = Math.max(...TAKEN.map(([typed]) => typed.length));
    for (const f of phones) expect(f.max, f.name).toBe(PHONE_INPUT_MAX);
    expect(PHONE_INPUT_MAX).toBeGreaterThanOrEqual(longest);
  });
});
