import { describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { validateEnquiry } from '../../src/features/enquiry/schema.ts';
import { validateTcRequest } from '../../src/features/tc-request/schema.ts';
import { validateAdmission } from '../../src/features/admission/schema.ts';
import { privacyNotice } from '../../src/features/privacy/notice.ts';
import { NOTICE_VERSION } from '../../src/features/privacy/consent.server.ts';
import { privacy } from '../../src/config/privacy.ts';
import { validAdmission, validEnquiry, validTc } from './forms-cases.ts';

const FORMS = [
  ['enquiry', (v: Record<string, unknown>) => validateEnquiry({ ...validEnquiry(), ...v })],
  ['tc-request', (v: Record<string, unknown>) => validateTcRequest({ ...validTc(), ...v })],
  [
    'admission (early years)',
    (v: Record<string, unknown>) => validateAdmission({ ...validAdmission('pre-primary'), ...v }),
  ],
  [
    'admission (classes 6-12)',
    (v: Record<string, unknown>) => validateAdmission({ ...validAdmission('senior'), ...v }),
  ],
] as const;

describe('the consent box of every form', () => {
  it.each(FORMS)('%s: accepted as JSON true or the text "true"', (_, check) => {
    expect(check({ consent: true }).ok).toBe(true);
    expect(check({ consent: 'true' }).ok).toBe(true);
  });

  it.each(FORMS)(
    '%s: missing, false, "on" or "yes" is refused with the consent message on the consent field',
    (_, check) => {
      for (const consent of [undefined, false, 'false', 'on', 'yes', '', 1]) {
        const result = check({ consent });
        expect(result.ok, String(consent)).toBe(false);
        if (result.ok) continue;
        expect(result.error).toBe(FORM_TEXTS.consent);
        expect(Object.keys(result.fields)).toEqual(['consent']);
      }
    },
  );

  it.each(FORMS)("%s: checked last, so a form's earlier message stays the answer", (_, check) => {
    const result = check({ consent: undefined, contact: '12', fatherMobile: '12', contactNo: '12' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).not.toBe(FORM_TEXTS.consent);
  });
});

describe('the ABC (APAAR) ID', () => {
  it.each(['REFUSED', 'NOGEN', 'refused', ' nogen '])(
    '%s stands in for the ID and spares the ABC card (every band)',
    (answer) => {
      for (const band of ['pre-primary', 'middle', 'senior'] as const) {
        const input: Record<string, unknown> = { ...validAdmission(band), abcId: answer };
        delete input.abcCard;
        const result = validateAdmission(input);
        expect(result.ok, band).toBe(true);
        if (result.ok) {
          expect(result.data.text.abcId).toBe(answer.trim().toUpperCase());
          expect(result.data.files.abcCard).toBeUndefined();
        }
      }
    },
  );

  it('a typed ID still needs the ABC card', () => {
    const input: Record<string, unknown> = { ...validAdmission('middle'), abcId: '123456789012' };
    delete input.abcCard;
    const result = validateAdmission(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe(FORM_TEXTS.abcCard);
  });
});

describe('the privacy notice', () => {
  it('names the grievance officer as the school chose (by role until a name is given) and every retention period in both languages', () => {
    const named = {
      ...privacy,
      grievanceOfficer: {
        ...privacy.grievanceOfficer,
        name: 'Mrs. Asha Verma',
        phone: '05735-222345',
        email: 'privacy@school.example',
      },
    };
    for (const lang of ['en', 'hi'] as const) {
      const text = JSON.stringify(privacyNotice(lang));
      expect(text).toContain(privacy.grievanceOfficer.role[lang]);
      expect(text).not.toMatch(/9876543210|rmcpschool|Sunita/);
      expect(text).toContain(lang === 'en' ? 'Through the school office' : 'विद्यालय कार्यालय के माध्यम से');
      const withContacts = JSON.stringify(privacyNotice(lang, named));
      for (const fact of ['Mrs. Asha Verma', '05735-222345', 'privacy@school.example'])
        expect(withContacts).toContain(fact);
      expect(text).toContain(String(privacy.retention.closedApplicationDays));
      expect(text).toContain(String(privacy.retention.enquiryDays / 365));
      expect(text).toContain(String(privacy.retention.decidedTcRequestDays / 365));
    }
  });

  it('says Aadhaar is voluntary exactly when the school makes it so', () => {
    const voluntary = { en: 'voluntary', hi: 'ज़रूरी नहीं' };
    for (const lang of ['en', 'hi'] as const) {
      expect(JSON.stringify(privacyNotice(lang, { ...privacy, aadhaarRequired: true }))).not.toContain(voluntary[lang]);
      expect(JSON.stringify(privacyNotice(lang, { ...privacy, aadhaarRequired: false }))).toContain(voluntary[lang]);
    }
  });

  it('has a version that is a hash of its text', () => {
    expect(NOTICE_VERSION).toMatch(/^[0-9a-f]{12}$/);
  });
});
