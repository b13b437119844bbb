/** The Mandatory Public Disclosure's rules: the dashboard's warnings by date, the documents' dates, the typed figures. */
import { describe, expect, it } from 'vitest';
import {
  disclosureWarnings,
  passPercentage,
  validateDocumentDates,
  validateFigures,
  type DocumentKey,
} from '../../src/features/disclosure/disclosure.ts';

const doc = (key: DocumentKey, issuedOn: string, validUntil: string | null = null) => ({ key, issuedOn, validUntil });
const report = doc('annual-report', '2026-05-10');

describe('disclosureWarnings', () => {
  it.each([
    // [today, valid until, warning]
    ['2026-10-01', '2026-12-31', undefined],
    ['2026-11-30', '2026-12-31', undefined],
    ['2026-12-01', '2026-12-31', 'expiring'],
    ['2026-12-31', '2026-12-31', 'expiring'],
    ['2027-01-01', '2026-12-31', 'lapsed'],
  ])('on %s a certificate valid until %s warns %s', (today, validUntil, kind) => {
    const warnings = disclosureWarnings([doc('fire-safety', '2025-01-01', validUntil), report], today).filter(
      (w) => w.key === 'fire-safety',
    );
    expect(warnings).toEqual(kind ? [{ kind, key: 'fire-safety', date: validUntil }] : []);
  });

  it('never warns of a document without a valid-until date', () => {
    expect(disclosureWarnings([doc('affiliation-letter', '2015-04-01'), report], '2026-10-01')).toEqual([]);
  });

  it.each([
    // [today, the annual report's issue date or none, warning and its date]
    ['2026-04-01', undefined, { kind: 'annual-report-due', date: '2026-09-15' }],
    ['2026-09-15', undefined, { kind: 'annual-report-due', date: '2026-09-15' }],
    ['2026-09-16', undefined, { kind: 'annual-report-overdue', date: '2026-09-15' }],
    // Last year's report does not count for this year's session.
    ['2026-06-01', '2025-09-01', { kind: 'annual-report-due', date: '2026-09-15' }],
    ['2026-06-01', '2026-04-02', undefined],
    ['2026-12-01', '2026-09-10', undefined],
    // January to March: the report of the session that ended last March, due last September.
    ['2027-02-01', '2026-09-10', undefined],
    ['2027-02-01', '2025-09-10', { kind: 'annual-report-overdue', date: '2026-09-15' }],
  ])('on %s with an annual report issued %s warns %o', (today, issuedOn, expected) => {
    const docs = issuedOn ? [doc('annual-report', issuedOn)] : [];
    expect(disclosureWarnings(docs, today)).toEqual(expected ? [{ ...expected, key: 'annual-report' }] : []);
  });
});

describe('validateDocumentDates', () => {
  const today = '2026-11-26';
  it('takes an issue date up to today and a valid-until date on or after it', () => {
    expect(validateDocumentDates({ issuedOn: '2026-04-01', validUntil: '2027-03-31', uploadId: 'u' }, today)).toEqual({
      ok: true,
      data: { issuedOn: '2026-04-01', validUntil: '2027-03-31', uploadId: 'u' },
    });
    expect(validateDocumentDates({ issuedOn: '2026-04-01', validUntil: '2026-04-01' }, today)).toMatchObject({
      ok: true,
    });
    expect(validateDocumentDates({ issuedOn: '2026-04-01', validUntil: '' }, today)).toEqual({
      ok: true,
      data: { issuedOn: '2026-04-01', validUntil: null },
    });
  });
  it.each([
    [{ issuedOn: '2026-04-01', validUntil: '2026-03-31' }, 'validUntil'],
    [{ issuedOn: '2026-02-30' }, 'issuedOn'],
    [{ issuedOn: '2026-11-27' }, 'issuedOn'],
    [{}, 'issuedOn'],
    [{ issuedOn: '2026-04-01', validUntil: 20270331 }, 'validUntil'],
    [{ issuedOn: '2026-04-01', uploadId: 5 }, 'uploadId'],
  ])('%o is refused naming %s', (input, field) => {
    const result = validateDocumentDates(input as Record<string, unknown>, today);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields)).toContain(field);
  });
});

describe('validateFigures', () => {
  it('keeps what is filled, drops what is empty, and checks counts, links and results', () => {
    const ok = validateFigures({
      staff: { teachers: ' 52 ', pgt: '', counsellor: 'Ms. A. Sharma, M.A. Psychology' },
      infrastructure: { inspectionVideo: 'https://www.youtube.com/watch?v=abc' },
      results: { x: [{ year: '2025-26', registered: 84, passed: 83, remarks: '' }] },
    });
    expect(ok).toEqual({
      ok: true,
      data: {
        staff: { teachers: '52', counsellor: 'Ms. A. Sharma, M.A. Psychology' },
        infrastructure: { inspectionVideo: 'https://www.youtube.com/watch?v=abc' },
        results: { x: [{ year: '2025-26', registered: 84, passed: 83, remarks: '' }], xii: [] },
      },
    });
  });
  const whole = { staff: {}, infrastructure: {}, results: {} };
  it.each([
    [{ staff: { teachers: 'fifty' } }, 'staff.teachers'],
    [{ infrastructure: { inspectionVideo: 'javascript:alert(1)' } }, 'infrastructure.inspectionVideo'],
    [{ results: { x: [{ year: '2025-27', registered: 1, passed: 1 }] } }, 'results.x.0.year'],
    [{ results: { xii: [{ year: '2025-26', registered: 10, passed: 11 }] } }, 'results.xii.0.passed'],
    [
      {
        results: {
          x: [
            { year: '2025-26', registered: 1, passed: 1 },
            { year: '2025-26', registered: 1, passed: 1 },
          ],
        },
      },
      'results.x.1.year',
    ],
    [{ staff: 'all' }, 'staff'],
    [{ a: { a: { a: 1 } }, staff: undefined, infrastructure: undefined, results: undefined }, 'staff'],
  ])('%o is refused naming %s', (input, field) => {
    const result = validateFigures({ ...whole, ...input });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields)).toContain(field);
  });
  it('writes the pass percentage with one decimal', () => {
    expect(passPercentage({ registered: 84, passed: 83 })).toBe('98.8');
    expect(passPercentage({ registered: 0, passed: 0 })).toBe('');
  });
});
