/**
 * The letters to parents: every template in English and Hindi is filled from the record (no
 * placeholder left), names the class or the school's numbers and the status in that language and
 * nothing typed on the public form (no name, no admission number: the address may be anyone's); the
 * outbox picks e-mail where there is an address and WhatsApp otherwise; the retry delays grow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Letter, LetterEvent } from '../../src/features/outbox/letters.ts';
import { admissionDocumentRejected, admissionStatusChanged } from '../../src/features/admission/kind-letters.ts';
import { tcRequestStatusChanged } from '../../src/features/tc-request/kind-letters.ts';
import { KINDS, kindOf, type KindName } from '../../src/features/kinds.ts';
import { LANGUAGES, fill } from '../../src/lib/i18n/index.ts';
import { defaultProfile, phonesOf, putSchoolInUse } from '../../src/lib/school-profile.ts';
import { EN } from '../../src/lib/i18n/en.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { messageFor } from '../../src/features/outbox/outbox.server.ts';
import { MAX_ATTEMPTS, retryMinutes } from '../../src/server/mailer.ts';
import { site } from '../../src/config/site.ts';

const FACTS = {
  enquiry: { studentName: 'Asha Verma', admissionClass: '5', status: 'contacted' },
  admission: {
    referenceNumber: 'RMCP-2026-000123',
    studentFirstName: 'Ravi',
    studentMiddleName: '',
    studentLastName: 'Kumar',
    admissionClass: 'K.G',
    status: 'waitlisted',
  },
  'tc-request': { studentName: 'Neha Singh', admissionNumber: 'ADM-77', status: 'issued' },
} as const;

// The kinds made by hand, whose facts are above; a kind written by `npm run new-kind` tests its own
// letters (tests/api/<kind>.test.ts).
const cases = KINDS.map((k) => k.name as KindName)
  .filter((name): name is keyof typeof FACTS => name in FACTS)
  .flatMap((entity) =>
    (['submitted', 'status'] as LetterEvent[]).flatMap((event) =>
      LANGUAGES.map((language) => [entity, event, language] as const),
    ),
  );

describe('templates', () => {
  it.each(cases)('%s %s in %s: filled, named, signed', (entity, event, language) => {
    const letter = (kindOf(entity).letters!.byEvent[event] as (l: typeof language, f: unknown) => Letter)(
      language,
      FACTS[entity],
    );
    expect(letter.template).toBe(`${entity}.${event}`);
    expect(letter.language).toBe(language);
    for (const text of [letter.subject, letter.body]) expect(text).not.toMatch(/[{}]/);
    expect(letter.subject.length).toBeGreaterThan(10);
    expect(letter.body).toContain(language === 'hi' ? site.contact.hindiName : site.contact.name);
    // The starting facts give no phone: the letter says to call the office, naming no number.
    expect(letter.body).toContain(fill(language, 'message.questions', { phone: '' }));
    expect(letter.body).not.toMatch(/[[\]]|\d{10}/);
    expect(letter.body.startsWith(language === 'hi' ? 'नमस्ते' : 'Namaste')).toBe(true);
    for (const typed of ['Asha', 'Verma', 'Ravi', 'Kumar', 'Neha', 'Singh', 'ADM-77']) {
      expect(letter.subject).not.toContain(typed);
      expect(letter.body).not.toContain(typed);
    }
    if (entity === 'admission') expect(letter.body).toContain('RMCP-2026-000123');
    if (entity === 'enquiry') expect(letter.body).toContain(language === 'hi' ? 'कक्षा V' : 'Class 5');
    // An application links its status page in the letter's language, its reference filled in; a TC
    // request its page without the admission number, which was typed on the form.
    const hi = language === 'hi' ? '/hi' : '';
    if (entity === 'admission')
      expect(letter.body).toContain(`${site.url}${hi}/admissions/status?ref=RMCP-2026-000123`);
    if (entity === 'tc-request')
      expect(letter.body).toMatch(new RegExp(`${site.url}${hi}/admissions/tc-request/status$`, 'm'));
    if (event === 'status') {
      const words = (language === 'hi' ? HI : EN)[`status.${entity}.${FACTS[entity].status}` as keyof typeof EN];
      expect(letter.body).toContain(words);
    }
    // Hindi letters are in Hindi: no English sentence slipped in.
    if (language === 'hi') expect(letter.body).not.toMatch(/\b(the|is|your|please)\b/i);
  });
});

describe('a letter once the school has saved its phone', () => {
  afterEach(() => putSchoolInUse(defaultProfile()));
  it.each(LANGUAGES)('names the office phone as the school writes it (%s)', (language) => {
    putSchoolInUse({ ...defaultProfile(), ...phonesOf(['05735-222345']), shortNameHi: 'आर.एम.सी.पी.' });
    const letter = tcRequestStatusChanged(language, FACTS['tc-request']);
    expect(letter.body).toContain(fill(language, 'message.questions', { phone: '05735-222345' }));
  });
});

describe('messageFor', () => {
  const enquiry = {
    student_name: 'Asha',
    admission_class: '3',
    status: 'new',
    email: 'parent@example.in',
    father_mobile: '9876500001',
    language: 'hi',
  };

  it('writes an e-mail where the record has an address, in the form language', () => {
    const [m, ...more] = messageFor('enquiry', 'submitted', enquiry);
    // Without a WhatsApp or SMS provider, a record with an address gets the e-mail alone (as before issue 28).
    expect(more).toEqual([]);
    expect(m!).toMatchObject({
      channel: 'email',
      recipient: 'parent@example.in',
      language: 'hi',
      template: 'enquiry.submitted',
    });
    expect(m!.body).toContain('कक्षा III');
  });

  it('a WhatsApp message to the mobile number otherwise (applications have no address), English by default', () => {
    const [m] = messageFor('admission', 'status', {
      reference_number: 'RMCP-2026-000001',
      student_first_name: 'Ravi',
      student_middle_name: '',
      student_last_name: 'K',
      admission_class: '7',
      status: 'admitted',
      contact_no: '9876500002',
    });
    expect(m!).toMatchObject({
      channel: 'whatsapp',
      recipient: '9876500002',
      language: 'en',
      template: 'admission.status',
    });
    expect(m!.body).toContain('is now: admitted');
    expect(messageFor('enquiry', 'status', { ...enquiry, email: '', father_mobile: '' })).toEqual([]);
  });
});

describe('letters that ask for something', () => {
  const admitted = { ...FACTS.admission, status: 'admitted', session: '2027-28', feeDuePaise: 600_000 };

  it.each(LANGUAGES)(
    'an admission in %s asks for the fee, naming class and session, and links the status page in its language',
    (language) => {
      const letter = admissionStatusChanged(language, admitted);
      expect(letter.body).not.toMatch(/[{}]/);
      expect(letter.body).toContain('₹6,000.00');
      expect(letter.body).toContain('2027-28');
      expect(letter.body).toContain(language === 'hi' ? 'प्रवेश शुल्क' : 'admission fee for K.G');
      expect(letter.body).toContain(
        `${site.url}${language === 'hi' ? '/hi' : ''}/admissions/status?ref=RMCP-2026-000123`,
      );
      // Nothing due, or not admitted: nothing asked.
      expect(admissionStatusChanged(language, { ...admitted, feeDuePaise: 0 }).body).not.toContain('₹');
      expect(admissionStatusChanged(language, { ...admitted, status: 'waitlisted' }).body).not.toContain('₹');
    },
  );

  it.each(LANGUAGES)('a rejected document in %s: which, why, and where to send it again', (language) => {
    const letter = admissionDocumentRejected(language, FACTS.admission, { label: 'ABC card', reason: 'Expired' });
    expect(letter.template).toBe('admission.document');
    for (const text of [letter.subject, letter.body]) expect(text).not.toMatch(/[{}]/);
    expect(letter.subject).toContain('ABC card');
    expect(letter.body).toContain('Expired');
    expect(letter.body).toContain(
      `${site.url}${language === 'hi' ? '/hi' : ''}/admissions/status?ref=RMCP-2026-000123`,
    );
  });

  it("a rejected TC request says why (the office's words); its letters link the TC status page without the typed admission number", () => {
    const letter = tcRequestStatusChanged('hi', {
      ...FACTS['tc-request'],
      status: 'rejected',
      rejectionReason: 'दूसरे विद्यालय का प्रवेश संख्या',
    });
    expect(letter.body).toContain('विद्यालय की टिप्पणी: “दूसरे विद्यालय का प्रवेश संख्या”');
    expect(letter.body).toContain(`${site.url}/hi/admissions/tc-request/status\n`);
    expect(letter.body).not.toContain('ADM-77');
  });
});

describe('retry delays', () => {
  it('start at 5 minutes, double each time and stop growing at 6 hours', () => {
    expect(Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryMinutes(i + 1))).toEqual([
      5, 10, 20, 40, 80, 160, 320, 360,
    ]);
  });
});
