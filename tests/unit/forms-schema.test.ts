import { describe, expect, it } from 'vitest';
import { BANDS } from '../../src/lib/classes.ts';
import { validateAdmission, bandOf } from '../../src/features/admission/schema.ts';
import { validateEnquiry } from '../../src/features/enquiry/schema.ts';
import { validateTcRequest } from '../../src/features/tc-request/schema.ts';
import { ADMISSION_FILE_FIELDS } from '../../src/features/admission/admission.ts';
import { ENQUIRY_CASES, TC_CASES, admissionCases, fieldError, validAdmission, type Case } from './forms-cases.ts';
import { isBirthDate, type Result } from '../../src/lib/forms/validate.ts';

function expectCase(result: Result<unknown>, c: Case) {
  if (!c.error) {
    expect(result.ok ? 'accepted' : `${result.error} ${JSON.stringify(result.fields)}`).toBe('accepted');
    return;
  }
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error).toBe(c.error);
  for (const f of c.fields ?? []) expect(result.fields).toHaveProperty(f, fieldError(c, f));
}

describe('enquiry schema (the table shared with the HTTP test)', () => {
  it.each(ENQUIRY_CASES.map((c) => [c.name, c] as const))('%s', (_, c) => expectCase(validateEnquiry(c.input), c));
});

describe('TC request schema', () => {
  it.each(TC_CASES.map((c) => [c.name, c] as const))('%s', (_, c) => expectCase(validateTcRequest(c.input), c));

  it('drops the client payment fields and normalises the admission number and Aadhaar', () => {
    const typed = TC_CASES[0]!.input.aadharUid as string;
    const ok = validateTcRequest({
      ...TC_CASES[0]!.input,
      admissionNumber: '  rmcp/2019/0457 ',
      aadharUid: `${typed.slice(0, 4)} ${typed.slice(4, 8)}-${typed.slice(8)}`,
      paymentStatus: 'paid',
      transactionId: 'T-1',
    });
    expect(ok.ok && ok.data).toMatchObject({ admissionNumber: 'RMCP/2019/0457', aadharUid: typed });
    expect(ok.ok && Object.keys(ok.data)).not.toContain('paymentStatus');
    expect(ok.ok && Object.keys(ok.data)).not.toContain('transactionId');
  });
});

for (const band of BANDS) {
  describe(`admission schema: ${band} band`, () => {
    it.each(admissionCases(band).map((c) => [c.name, c] as const))('%s', (_, c) =>
      expectCase(validateAdmission(c.input), c),
    );
  });
}

describe('admission bands', () => {
  it('stores the band and the canonical class: early-years 1 is P.N.C, not class 1', () => {
    const r = validateAdmission({ ...validAdmission('pre-primary'), admissionClass: '1' });
    expect(r.ok && [r.data.band, r.data.classLabel]).toEqual(['pre-primary', 'P.N.C']);
    const m = validateAdmission({ ...validAdmission('middle'), admissionClass: '1' });
    expect(m.ok && [m.data.band, m.data.classLabel]).toEqual(['middle', '1']);
  });

  it('infers the band from the class when a client sends none', () => {
    expect(bandOf({ admissionClass: 'N.C' })).toBe('pre-primary');
    expect(bandOf({ admissionClass: '3', governmentScholarship: 'no' })).toBe('middle');
    expect(bandOf({ admissionClass: '4' })).toBe('middle');
    expect(bandOf({ admissionClass: '11' })).toBe('senior');
    expect(bandOf({ band: 'nursery' })).toBeUndefined();
    const input: Record<string, unknown> = { ...validAdmission('senior'), admissionClass: '9' };
    delete input.band;
    const r = validateAdmission(input);
    expect(r.ok && [r.data.band, r.data.classLabel]).toEqual(['senior', '9']);
  });

  it.each([
    ['1', 'P.N.C'],
    ['2', 'N.C'],
    ['3', 'K.G'],
  ])('reads class %s without a band or a scholarship answer as the early-years form sends it: %s', (value, label) => {
    expect(bandOf({ admissionClass: value })).toBe('pre-primary');
    const input: Record<string, unknown> = { ...validAdmission('pre-primary'), admissionClass: value };
    delete input.band;
    const r = validateAdmission(input);
    expect(r.ok && [r.data.band, r.data.classLabel]).toEqual(['pre-primary', label]);
  });

  it("keeps only the band's documents, and the scholarship one only when the answer is yes", () => {
    const everything = Object.fromEntries(ADMISSION_FILE_FIELDS.map((f) => [f, 'id']));
    const p = validateAdmission({ ...validAdmission('pre-primary'), ...everything });
    expect(p.ok && Object.keys(p.data.files).length).toBe(9);
    const m = validateAdmission({ ...validAdmission('middle'), ...everything, governmentScholarship: 'no' });
    expect(m.ok && Object.keys(m.data.files).length).toBe(11);
    const s = validateAdmission({ ...validAdmission('senior'), ...everything, governmentScholarship: 'yes' });
    expect(s.ok && Object.keys(s.data.files).length).toBe(13);
  });
});

describe('a date not in the future is judged by the day in India', () => {
  it.each([
    // 23:30 in India on 7 December: the 8th is tomorrow.
    ['2026-12-07T18:00:00Z', '2026-12-07', true],
    ['2026-12-07T18:00:00Z', '2026-12-08', false],
    // 00:30 in India on 8 December, still the 7th in UTC: the 8th is today (the register's date of admission).
    ['2026-12-07T19:00:00Z', '2026-12-08', true],
    ['2026-12-07T19:00:00Z', '2026-12-09', false],
    ['2026-12-07T19:00:00Z', '1980-01-01', true],
    ['2026-12-07T19:00:00Z', '1979-12-31', false],
    ['2026-12-07T19:00:00Z', '2026-02-30', false],
  ])('at %s, %s is %s', (now, value, ok) => {
    expect(isBirthDate(value, new Date(now))).toBe(ok);
  });
});
