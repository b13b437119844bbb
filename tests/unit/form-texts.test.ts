/**
 * The public forms' words: every form code has its English and its Hindi text, the English ones
 * are the forms' texts as they always were, every field of the three forms (and every choice of
 * its selects) has Hindi words, and a failed check names its message's code beside the text.
 */
import { describe, expect, it } from 'vitest';
import { FORM_EN, FORM_PART_TEXTS, FORM_TEXTS, REQUEST_TEXTS, type FormCode } from '../../src/lib/forms/texts.ts';
import { EN } from '../../src/lib/i18n/en.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { enquiryTexts } from '../../src/features/enquiry/enquiry-texts.ts';
import { tcRequestTexts } from '../../src/features/tc-request/tc-request-texts.ts';
import { admissionTexts } from '../../src/features/admission/admission-texts.ts';
import { wingTexts } from '../../src/features/admission/wings.ts';
import { ENQUIRY_FORM, validateEnquiry } from '../../src/features/enquiry/schema.ts';
import { TC_FORM } from '../../src/features/tc-request/schema.ts';
import { BANDS_DEF, SECTION_TITLES, bandFields } from '../../src/features/admission/admission.ts';
import { validateAdmission } from '../../src/features/admission/schema.ts';
import { speaker } from '../../src/lib/forms/island-texts.ts';
import { BANDS } from '../../src/lib/classes.ts';
import type { Field } from '../../src/lib/record.ts';

const DEVANAGARI = /[\u0900-\u097f]/;
const CODES = Object.keys(FORM_EN) as FormCode[];

describe('form codes', () => {
  it('keep the forms’ English texts exactly', () => {
    expect(FORM_TEXTS).toEqual({
      required: 'Please fill in all required fields.',
      aadhaar: 'Please enter a valid 12-digit Aadhaar number.',
      // The Aadhaar field says why, and a date of birth outside the class's range is confirmed.
      aadhaarCheckDigit:
        'This Aadhaar number has a typing mistake: its last digit does not match the other 11. Please check each digit against the card.',
      fatherMobile: 'Please enter a valid 10-digit mobile number.',
      email: 'Please enter a valid email address.',
      option: 'Please choose one of the listed options.',
      date: 'Please enter a valid date of birth.',
      tooLong: 'Please shorten this field.',
      // A person's name holding what names never hold says which.
      nameLink: 'A name cannot contain a web address or link. Please write only the name.',
      nameEmail: 'A name cannot contain an e-mail address. Please write only the name.',
      nameDigits: 'A name cannot contain numbers. Please write only the name.',
      nameCharacters: "A name can have only letters, spaces and the marks . ' -",
      enquirySubmitting: 'Submitting Enquiry...',
      enquirySuccess: 'Enquiry form submitted successfully!',
      enquiryFailure: 'Failed to Submit Enquiry!',
      contactNo: 'Please enter a valid contact number.',
      aadharFiles: 'Please upload Aadhar files.',
      photos: 'Please upload photos.',
      photoFiles: 'Please upload photo files.',
      additionalDocuments: 'Please upload additional documents.',
      domicile: 'Please upload domicile certificate.',
      abcCard: 'Please upload ABC card.',
      previousTc: 'Please upload previous school transfer certificate.',
      previousMarksheet: 'Please upload previous marksheet.',
      documents: 'Please upload documents.',
      scholarship: 'Please upload scholarship document.',
      admissionClass: 'Please select a valid admission class.',
      // A class the school profile does not offer.
      classNotOffered:
        'The school does not take admissions to this class. Please choose one of the classes the form lists.',
      scholarshipChoice: 'Please choose yes or no for government scholarship.',
      admissionSubmitting: 'Submitting Admission Form...',
      admissionSuccess: 'Admission form submitted successfully!',
      admissionFailure: 'Failed to submit admission form',
      uploadMissing: 'This upload has expired or was already used. Please choose the file again.',
      fileTooLarge: 'File size must be less than 10MB',
      fileType: 'Only PDF, JPG, JPEG and PNG files are allowed.',
      photoUnreadable: 'This photo could not be read. Please take the photo again or choose another file.',
      uploadFailed: 'Upload failed. Please check your connection and try again.',
      imageTooSmall:
        'This photo is too small to read (its width and height must both be at least 200 pixels). Please take the photo again or choose another file.',
      tcContact: 'Please enter a valid 10-digit phone number.',
      tcCheckFailed: 'Failed to check TC requests or initiate payment.',
      tcFailure: 'Failed to Request TC!',
      tcSuccess: 'TC Requested successfully!',
      leavingDate:
        'Please enter the date of leaving: a real date, not more than 15 years ago and not more than 3 months ahead.',
      ageConfirm: 'Please check the date of birth, then tick the box under it to confirm it.',
      consent:
        "Please tick the box to confirm that you are the child's parent or lawful guardian and agree to the privacy notice.",
      honeypot: 'Your submission could not be accepted.',
      wrongType: 'Invalid field type.',
    });
  });

  it('are in the English table once, as the forms’ own', () => {
    for (const [key, text] of Object.entries(FORM_TEXTS)) expect(EN[`form.${key}` as FormCode]).toBe(text);
    for (const [key, text] of Object.entries(REQUEST_TEXTS)) expect(EN[`request.${key}` as FormCode]).toBe(text);
    for (const [key, text] of Object.entries(FORM_PART_TEXTS)) expect(EN[`formText.${key}` as FormCode]).toBe(text);
    expect(CODES).toHaveLength(
      Object.keys(FORM_TEXTS).length + Object.keys(REQUEST_TEXTS).length + Object.keys(FORM_PART_TEXTS).length,
    );
  });

  it.each(CODES)('%s has Hindi words, with the same placeholders', (code) => {
    const hindi = HI[code];
    expect(hindi).toMatch(DEVANAGARI);
    expect(hindi).not.toBe(EN[code]);
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}|<\*>/g)].map((m) => m[0]).sort();
    expect(names(hindi)).toEqual(names(EN[code]));
  });
});

const choicesOf = (field: Field) => field.options ?? [];

function expectTexts(
  fields: readonly Field[],
  texts: Record<string, { label: string; hint?: string; placeholder?: string; options?: Record<string, string> }>,
) {
  for (const field of fields.filter((f) => !f.hidden && f.kind !== 'consent')) {
    const w = texts[field.name];
    expect(w?.label, field.name).toMatch(DEVANAGARI);
    if (field.hint) expect(w?.hint, field.name).toMatch(DEVANAGARI);
    if (field.kind === 'select') {
      expect(w?.placeholder, field.name).toMatch(DEVANAGARI);
      for (const option of choicesOf(field)) expect(w?.options?.[option], `${field.name} ${option}`).toBeTruthy();
    }
  }
}

describe('Hindi form words', () => {
  it('name every field, hint and choice of the enquiry and the TC request', () => {
    expectTexts(ENQUIRY_FORM, enquiryTexts('hi')!.fields);
    expectTexts(TC_FORM, tcRequestTexts('hi')!.fields);
    expect(enquiryTexts('hi')!.fields.admissionClass!.options).toMatchObject({
      'P.N.C': 'P.N.C',
      '1': 'कक्षा I',
      '4': 'कक्षा IV',
      '9': 'कक्षा IX',
      '12': 'कक्षा XII',
    });
  });

  it.each(BANDS)('name every field, section and class of the %s admission form', (band) => {
    const texts = admissionTexts('hi', band)!;
    expectTexts(bandFields(band), texts.fields);
    for (const section of Object.keys(SECTION_TITLES)) expect(texts.sections?.[section]).toMatch(DEVANAGARI);
    for (const option of BANDS_DEF[band].classOptions)
      expect(texts.fields.admissionClass!.options?.[option.value]).toBeTruthy();
    expect(wingTexts('hi', band).heading).toMatch(DEVANAGARI);
  });

  it('are handed only to pages not in English', () => {
    expect(enquiryTexts('en')).toBeUndefined();
    expect(admissionTexts('en', 'senior')).toBeUndefined();
    expect(tcRequestTexts('en')).toBeUndefined();
  });
});

describe('a failed check', () => {
  it('names its code and each field’s code beside the English text', () => {
    const failed = validateEnquiry({ studentName: 'A' });
    expect(failed).toMatchObject({ ok: false, error: FORM_TEXTS.required, code: 'form.required' });
    if (failed.ok) return;
    expect(failed.codes.fatherMobile).toBe('form.required');
    const admission = validateAdmission({ band: 'senior', contactNo: '12' });
    expect(admission.ok).toBe(false);
  });

  it('reads in the page’s words by its code, in English without them', () => {
    const hindi = speaker(enquiryTexts('hi'));
    expect(hindi.say('form.required', FORM_TEXTS.required)).toBe('कृपया सभी आवश्यक जानकारी भरें।');
    expect(hindi.sayAll({ email: FORM_TEXTS.email }, { email: 'form.email' })).toEqual({ email: HI['form.email'] });
    expect(hindi.say('not-a-code', 'As the server said')).toBe('As the server said');
    const english = speaker();
    expect(english.say('form.required', 'As the server said')).toBe('As the server said');
    expect(english.text('fileUploading', { name: 'a.pdf', percent: '40' })).toBe('Uploading a.pdf: 40%');
    expect(hindi.text('fileUploading', { name: 'a.pdf', percent: '40' })).toBe('a.pdf अपलोड हो रही है: 40%');
  });
});
