/**
 * The texts the school registers (WhatsApp templates, DLT SMS templates) and the code that fills
 * them agree: each `mobile.*` text has its template's variables once each, in their order, in both
 * languages, never first or last (Meta refuses a body that starts or ends with one); and
 * docs/operations.md lists exactly these texts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EN } from '../../src/lib/i18n/en.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { MOBILE_TEMPLATES } from '../../src/config/mobile-templates.ts';
import { site } from '../../src/config/site.ts';
import {
  admissionDocumentRejected,
  admissionPaymentReceived,
  admissionStatusChanged,
} from '../../src/features/admission/kind-letters.ts';
import {
  tcRequestPaymentReceived,
  tcRequestStatusChanged,
  tcRequestSubmitted,
} from '../../src/features/tc-request/kind-letters.ts';

const DOC = readFileSync(resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8');
const LANGUAGES = [
  ['en', EN, site.contact.name],
  ['hi', HI, site.contact.hindiName],
] as const;

describe.each(Object.entries(MOBILE_TEMPLATES))('the %s template', (name, template) => {
  it.each(LANGUAGES)(
    'in %s has its variables in order, none at either end, and is in the operations guide',
    (language, table, school) => {
      const text = `${table[`mobile.${name}` as keyof typeof table]} ${table['mobile.stop']}`.replace(
        '{school}',
        school,
      );
      const places = template.params.map((p) => text.indexOf(`{${p}}`));
      expect(places.every((at) => at > 0)).toBe(true);
      expect([...places].sort((a, b) => a - b)).toEqual(places);
      for (const p of template.params) expect(text.split(`{${p}}`)).toHaveLength(2);
      expect(text.replace(/\{(\w+)\}/g, '')).not.toMatch(/[{}]/);
      expect(text.trim().endsWith('}')).toBe(false);
      let whatsapp = text;
      let dlt = text;
      template.params.forEach((p, i) => {
        whatsapp = whatsapp.replace(`{${p}}`, `{{${i + 1}}}`);
        dlt = dlt.replace(`{${p}}`, p === 'link' || p === 'optOut' ? '{#url#}' : '{#var#}');
      });
      expect(DOC).toContain(`#### \`${template.whatsapp}\` (${name}): ${template.params.join(', ')}`);
      expect(DOC).toContain(`- ${language} WhatsApp: \`${whatsapp}\``);
      expect(DOC).toContain(`- ${language} DLT: \`${dlt}\``);
    },
  );
});

describe('which template each event takes', () => {
  const admission = {
    referenceNumber: 'RMCP-2026-000123',
    admissionClass: 'K.G',
    status: 'received',
    session: '2027-28',
  };
  it.each(['en', 'hi'] as const)(
    'in %s: a step is a status, a decision its own, admitted with a fee to pay the fee due; a TC: its fee due, then ready',
    (language) => {
      const template = (status: string, feeDuePaise = 0) =>
        admissionStatusChanged(language, { ...admission, status, feeDuePaise }).mobile;
      expect(template('under-review').template).toBe('status');
      for (const decision of ['not-admitted', 'waitlisted'])
        expect(template(decision, 600_000).template).toBe('decision');
      expect(template('admitted').template).toBe('decision');
      expect(template('admitted', 600_000)).toMatchObject({ template: 'fee-due', values: { fee: '₹6,000.00' } });
      expect(tcRequestSubmitted(language, { status: 'requested', feeDuePaise: 50_000 })).toMatchObject({
        mobile: { template: 'fee-due', values: { fee: '₹500.00' } },
      });
      expect(tcRequestSubmitted(language, { status: 'requested', feeDuePaise: 0 }).mobile.template).toBe('received');
      expect(tcRequestStatusChanged(language, { status: 'issued' }).mobile.template).toBe('tc-ready');
      expect(tcRequestStatusChanged(language, { status: 'rejected', rejectionReason: 'x' }).mobile.template).toBe(
        'status',
      );
      const paid = tcRequestPaymentReceived(
        language,
        { status: 'fee-paid' },
        { amountPaise: 50_000, receipt: 'RMCP-R-2026-000007' },
      );
      expect(paid.mobile).toMatchObject({
        template: 'payment',
        values: { fee: '₹500.00', receipt: 'RMCP-R-2026-000007' },
      });
      expect(paid.body).toContain('RMCP-R-2026-000007');
      expect(paid.body).not.toMatch(/[{}]/);
    },
  );
});

describe('the Hindi letters read as Hindi, and the office’s own words are marked as its note', () => {
  const NOTE = 'The admission number is of another school';
  /** What is left of a letter once its links, reference numbers and the quoted office note are taken out. */
  const unmarkedLatin = (body: string) =>
    body
      .replace(/https?:\/\/\S+/g, '')
      .replace(/विद्यालय की टिप्पणी: “[^”]*”/g, '')
      .replace(/\b[A-Z]{2,}(-[\w]+)+\b/g, '')
      .match(/[A-Za-z]{3,}/g) ?? [];

  const letters = {
    'a rejected TC request': tcRequestStatusChanged('hi', { status: 'rejected', rejectionReason: NOTE }),
    'a TC request received with its fee': tcRequestSubmitted('hi', { status: 'requested', feeDuePaise: 50000 }),
    'an admitted application with its fee': admissionStatusChanged('hi', {
      referenceNumber: 'RMCP-2026-000123',
      admissionClass: 'K.G',
      status: 'admitted',
      session: '2027-28',
      feeDuePaise: 250000,
    }),
    'a rejected document': admissionDocumentRejected(
      'hi',
      { referenceNumber: 'RMCP-2026-000123', admissionClass: 'K.G', status: 'under-review' },
      { label: 'पिता की फ़ोटो', reason: 'फ़ोटो धुँधली है।' },
    ),
    'a payment': admissionPaymentReceived(
      'hi',
      { referenceNumber: 'RMCP-2026-000123', admissionClass: 'K.G', status: 'admitted' },
      { amountPaise: 250000, receipt: 'R-2026-0001' },
    ),
  };

  it.each(Object.entries(letters))('%s: no English but the office’s marked note', (_name, letter) => {
    expect(letter.language).toBe('hi');
    expect(unmarkedLatin(letter.body)).toEqual([]);
    expect(unmarkedLatin(letter.subject)).toEqual([]);
  });

  it('the clerk’s note is quoted as the school’s, in Hindi and English', () => {
    expect(letters['a rejected TC request'].body).toContain(`विद्यालय की टिप्पणी: “${NOTE}”`);
    expect(tcRequestStatusChanged('en', { status: 'rejected', rejectionReason: NOTE }).body).toContain(
      `Office’s note: “${NOTE}”`,
    );
  });

  it('a rejected document is named as the document sent, not word for word (“भेजा गया पिता की फ़ोटो”)', () => {
    const body = letters['a rejected document'].body;
    expect(body).toContain('आपका भेजा हुआ दस्तावेज़ “पिता की फ़ोटो” विद्यालय कार्यालय में स्वीकार नहीं हो सका');
    expect(body).not.toContain('भेजा गया पिता');
  });
});
