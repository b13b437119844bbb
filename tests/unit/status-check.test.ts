/** The parents' status lookups as both sides check them: numbers and mobile numbers as typed (tests/unit/phone-digits.test.ts), each wrong field named, in English or Hindi. */
import { describe, expect, it } from 'vitest';
import {
  checkAdmissionLookup,
  checkReplacement,
  normaliseReference,
} from '../../src/features/admission/status-check.ts';
import { checkTcLookup } from '../../src/features/tc-request/status-check.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { statusCheckText } from '../../src/components/forms/status-check-texts.ts';
import type { Say } from '../../src/lib/status-check.ts';

/** As the server words them (the text tables) and as an island does (the words its page hands over). */
const EN: Say = (code) => fill('en', code);
const HI: Say = (code) => statusCheckText('hi')[code];

describe('normaliseReference', () => {
  it('takes the number in any case and with stray spaces; refuses what cannot be one', () => {
    expect(normaliseReference(' rmcp-2026-000123 ')).toBe('RMCP-2026-000123');
    expect(normaliseReference('RMCP - 2026 - 000123')).toBe('RMCP-2026-000123');
    expect(normaliseReference('RMCP-2026-1234567')).toBe('RMCP-2026-1234567');
    for (const bad of ['', 'RMCP-2026-123', 'RMCP-26-000123', 'RMCP-R-2026-000001', '000123', 'RMCP-2026-000123-1'])
      expect(normaliseReference(bad), bad).toBeUndefined();
  });
});

describe('the lookups', () => {
  it('answer the pair normalised, with the language asked for (English otherwise)', () => {
    expect(
      checkAdmissionLookup({ referenceNumber: 'rmcp-2026-000123', contactNo: '+91 9988776655', language: 'hi' }, EN),
    ).toEqual({
      ok: true,
      data: { referenceNumber: 'RMCP-2026-000123', contactNo: '9988776655', language: 'hi' },
    });
    expect(checkTcLookup({ admissionNumber: ' adm  42 ', contactNo: '9988776655', language: 'fr' }, EN)).toEqual({
      ok: true,
      data: { admissionNumber: 'ADM 42', contactNo: '9988776655', language: 'en' },
    });
  });

  it('name every field found wanting, in the language of the page', () => {
    const en = checkAdmissionLookup({}, EN);
    expect(en).toMatchObject({
      ok: false,
      fields: {
        referenceNumber: fill('en', 'statusCheck.error.reference'),
        contactNo: fill('en', 'statusCheck.error.mobile'),
      },
    });
    const hi = checkTcLookup({ admissionNumber: 'A'.repeat(41), contactNo: '1' }, HI);
    expect(hi).toMatchObject({
      ok: false,
      fields: {
        admissionNumber: fill('hi', 'statusCheck.error.admissionNumber'),
        contactNo: fill('hi', 'statusCheck.error.mobile'),
      },
    });
    expect(checkAdmissionLookup({ referenceNumber: 123, contactNo: '9988776655' }, EN)).toMatchObject({
      ok: false,
      kind: 'type',
      fields: { referenceNumber: expect.any(String) },
    });
  });

  it('a replacement also needs one of the documents and an upload', () => {
    const pair = { referenceNumber: 'RMCP-2026-000123', contactNo: '9988776655' };
    expect(checkReplacement({ ...pair, field: 'studentPhoto', uploadId: 'u1' }, EN)).toMatchObject({
      ok: true,
      data: { field: 'studentPhoto', uploadId: 'u1' },
    });
    expect(checkReplacement({ ...pair, field: 'constructor' }, EN)).toMatchObject({
      ok: false,
      fields: { field: expect.any(String), uploadId: expect.any(String) },
    });
    expect(checkReplacement({ ...pair, field: 'referenceNumber', uploadId: 'u1' }, EN)).toMatchObject({
      ok: false,
      fields: { field: expect.any(String) },
    });
  });
});
