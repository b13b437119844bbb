/**
 * ONE table of cases for the public forms. It drives the unit test of the shared
 * schemas (what the islands show) and the HTTP test of the functions (what the server answers):
 * the same input must get the same message on both sides.
 */
import type { Band } from '../../src/lib/classes.ts';
import { BANDS_DEF, bandFiles } from '../../src/features/admission/admission.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { verhoeffCheckDigit } from '../../src/lib/forms/verhoeff.ts';
import { ageRule } from '../../src/config/admissions.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';

/** A valid Aadhaar number (Verhoeff check digit appended). */
export const aadhaar = (first11 = '23456789012') => first11 + verhoeffCheckDigit(first11);
/** The same first 11 digits with a wrong check digit. */
export const badAadhaar = (first11 = '23456789012') => first11 + String((Number(verhoeffCheckDigit(first11)) + 1) % 10);

export interface Case {
  name: string;
  input: Record<string, unknown>;
  /** undefined: accepted. */
  error?: string;
  /** Fields the refusal must name, each with `error` unless `fieldErrors` gives its own message. */
  fields?: string[];
  fieldErrors?: Record<string, string>;
}

/** The message a case expects on a field. */
export const fieldError = (c: Case, field: string) => c.fieldErrors?.[field] ?? c.error;

// ---------------------------------------------------------------- names and e-mail addresses (every form)
/** What names hold: any script with its marks, spaces, `.`, `'` and `-`. */
export const NAMES_ACCEPTED = [
  'Aarav Sharma',
  'आरव शर्मा',
  'श्रीमती सुनीता देवी',
  "D'Souza",
  'R.K. Verma-Singh',
  'Zoë Müller',
  'محمد علی',
  'ਗੁਰਪ੍ਰੀਤ ਕੌਰ',
];
/** Names refused, each with the message that says why. */
export const NAMES_REFUSED: [string, string][] = [
  ['http://x.y', FORM_TEXTS.nameLink],
  ['Pay at https://pay.example/x', FORM_TEXTS.nameLink],
  ['www.example.com', FORM_TEXTS.nameLink],
  ['pay.example/x', FORM_TEXTS.nameLink],
  ['ram@example.com', FORM_TEXTS.nameEmail],
  ['Aarav 9876543210', FORM_TEXTS.nameDigits],
  ['Aarav ४५६', FORM_TEXTS.nameDigits],
  ['Aarav <b>', FORM_TEXTS.nameCharacters],
  ['...', FORM_TEXTS.nameCharacters],
];
export const EMAIL_ACCEPTED = ['rakesh@example.com', 'rakesh.sharma+school@mail.example.co.in', "o'brien@example.in"];
/** Addresses no ordinary mailbox has: an IP literal, a quoted local part, a dotless domain, and more. */
export const EMAIL_REFUSED = [
  'a@[127.0.0.1]',
  '"a b"@example.in',
  'rakesh@localhost',
  'rakesh@127.0.0.1',
  '.rakesh@example.com',
  'ra..kesh@example.com',
  'rakesh@-example.com',
];

/** Each refused name in `field` of a form's valid input. */
const nameCases = (withPatch: (patch: Record<string, unknown>) => Record<string, unknown>, field: string): Case[] =>
  NAMES_REFUSED.map(([name, error]) => ({
    name: `${field} refused: ${name}`,
    input: withPatch({ [field]: name }),
    error,
    fields: [field],
  }));

// ---------------------------------------------------------------- enquiry
export const validEnquiry = (): Record<string, string> => ({
  admissionClass: 'K.G',
  studentName: 'Aarav Sharma',
  fatherName: 'Rakesh Sharma',
  motherName: 'Sunita Sharma',
  gender: 'Male',
  dateOfBirth: '2020-04-15',
  fatherMobile: '9876543210',
  email: 'rakesh@example.com',
  category: 'OBC',
  lastSchoolAttended: 'None',
  fatherOccupation: 'Agriculture',
  motherOccupation: 'Housewife',
  address: 'Village Rampur\nPost Sikandrabad\nBulandshahr',
  referredBy: 'Neighbour',
  consent: 'true',
});
const enquiryWith = (patch: Record<string, unknown>) => ({ ...validEnquiry(), ...patch });

export const ENQUIRY_CASES: Case[] = [
  { name: 'valid', input: validEnquiry() },
  { name: 'valid with extra unknown fields (ignored)', input: enquiryWith({ favouriteColour: 'blue', _id: 'x' }) },
  { name: 'class 12', input: enquiryWith({ admissionClass: '12' }) },
  { name: 'all empty', input: {}, error: FORM_TEXTS.required, fields: ['studentName', 'address'] },
  ...(['admissionClass', 'studentName', 'address'] as const).map((f): Case => ({
    name: `empty ${f}`,
    input: enquiryWith({ [f]: '  ' }),
    error: FORM_TEXTS.required,
    fields: [f],
  })),
  // The fields labelled optional are, and so is the e-mail address.
  ...(['lastSchoolAttended', 'fatherOccupation', 'motherOccupation', 'referredBy', 'email'] as const).map(
    (f): Case => ({ name: `optional ${f} left empty`, input: enquiryWith({ [f]: '' }) }),
  ),
  {
    name: 'empty field wins over a bad mobile',
    input: enquiryWith({ address: '', fatherMobile: '12' }),
    error: FORM_TEXTS.required,
  },
  {
    name: 'every problem field named, each with its own message',
    input: enquiryWith({ studentName: '', fatherMobile: '12', email: 'rakesh@', dateOfBirth: '2020-02-30' }),
    error: FORM_TEXTS.required,
    fields: ['studentName', 'fatherMobile', 'email', 'dateOfBirth'],
    fieldErrors: { fatherMobile: FORM_TEXTS.fatherMobile, email: FORM_TEXTS.email, dateOfBirth: FORM_TEXTS.date },
  },
  {
    name: 'mobile 9 digits',
    input: enquiryWith({ fatherMobile: '987654321' }),
    error: FORM_TEXTS.fatherMobile,
    fields: ['fatherMobile'],
  },
  { name: 'mobile with letters', input: enquiryWith({ fatherMobile: '98765abc10' }), error: FORM_TEXTS.fatherMobile },
  {
    name: 'mobile before email',
    input: enquiryWith({ fatherMobile: '1', email: 'nope' }),
    error: FORM_TEXTS.fatherMobile,
  },
  { name: 'bad email', input: enquiryWith({ email: 'rakesh@' }), error: FORM_TEXTS.email, fields: ['email'] },
  {
    name: 'email with a control character',
    input: enquiryWith({ email: 'rakesh@exam\u001bple.com' }),
    error: FORM_TEXTS.email,
    fields: ['email'],
  },
  ...EMAIL_REFUSED.map((email): Case => ({
    name: `email not a mailbox: ${email}`,
    input: enquiryWith({ email }),
    error: FORM_TEXTS.email,
    fields: ['email'],
  })),
  ...EMAIL_ACCEPTED.map((email): Case => ({ name: `email accepted: ${email}`, input: enquiryWith({ email }) })),
  ...(['studentName', 'fatherName', 'motherName'] as const).flatMap((f) => nameCases(enquiryWith, f)),
  ...NAMES_ACCEPTED.map((name): Case => ({
    name: `name accepted: ${name}`,
    input: enquiryWith({ studentName: name, fatherName: name }),
  })),
  {
    name: 'a payment link, an address and digits in three names: each field says what is wrong, the answer the first',
    input: enquiryWith({
      studentName: 'Pay now https://pay.example/x',
      fatherName: 'pay@example.com',
      motherName: 'Call 9876543210',
    }),
    error: FORM_TEXTS.nameLink,
    fields: ['studentName', 'fatherName', 'motherName'],
    fieldErrors: { fatherName: FORM_TEXTS.nameEmail, motherName: FORM_TEXTS.nameDigits },
  },
  {
    name: 'a bad mobile wins over a bad name',
    input: enquiryWith({ fatherMobile: '1', studentName: 'http://x.y' }),
    error: FORM_TEXTS.fatherMobile,
  },
  {
    name: 'a bad name wins over a class not listed',
    input: enquiryWith({ admissionClass: '13', studentName: 'http://x.y' }),
    error: FORM_TEXTS.nameLink,
  },
  {
    name: 'gender not an option',
    input: enquiryWith({ gender: 'Other' }),
    error: FORM_TEXTS.option,
    fields: ['gender'],
  },
  {
    name: 'class not an option',
    input: enquiryWith({ admissionClass: '13' }),
    error: FORM_TEXTS.option,
    fields: ['admissionClass'],
  },
  {
    name: 'Housewife is a mother occupation only',
    input: enquiryWith({ fatherOccupation: 'Housewife' }),
    error: FORM_TEXTS.option,
    fields: ['fatherOccupation'],
  },
  {
    name: 'impossible date',
    input: enquiryWith({ dateOfBirth: '2020-02-30' }),
    error: FORM_TEXTS.date,
    fields: ['dateOfBirth'],
  },
  {
    name: 'too long address',
    input: enquiryWith({ address: 'x'.repeat(501) }),
    error: FORM_TEXTS.tooLong,
    fields: ['address'],
  },
  {
    name: 'wrong type: a number',
    input: enquiryWith({ fatherMobile: 9876543210 }),
    error: FORM_TEXTS.wrongType,
    fields: ['fatherMobile'],
  },
  {
    name: 'wrong type: a list',
    input: enquiryWith({ studentName: ['a'] }),
    error: FORM_TEXTS.wrongType,
    fields: ['studentName'],
  },
];

// ---------------------------------------------------------------- TC request
export const validTc = (): Record<string, string> => ({
  studentName: 'Priya Verma',
  admissionNumber: 'RMCP/2019/0457',
  aadharUid: aadhaar('34567890123'),
  dateOfBirth: '2013-08-15',
  studentClass: '7',
  section: 'B',
  leavingDate: dateInIndia(),
  parentName: 'Mahesh Verma',
  reason: 'Family moving to Meerut',
  contact: '9123456780',
  email: 'mahesh@example.com',
  paymentStatus: 'pending',
  transactionId: 'NA',
  consent: 'true',
});
const tcWith = (patch: Record<string, unknown>) => ({ ...validTc(), ...patch });

export const TC_CASES: Case[] = [
  { name: 'valid', input: validTc() },
  {
    name: 'Aadhaar typed with spaces',
    input: tcWith({ aadharUid: aadhaar('34567890123').replace(/(\d{4})(?=\d)/g, '$1 ') }),
  },
  { name: 'all empty', input: {}, error: FORM_TEXTS.required, fields: ['studentName', 'contact'] },
  ...(
    [
      'studentName',
      'dateOfBirth',
      'admissionNumber',
      'studentClass',
      'leavingDate',
      'aadharUid',
      'parentName',
      'reason',
      'contact',
    ] as const
  ).map((f): Case => ({
    name: `empty ${f}`,
    input: tcWith({ [f]: '' }),
    error: FORM_TEXTS.required,
    fields: [f],
  })),
  // The e-mail address is optional, and so is the section (the family may not know it).
  { name: 'e-mail left empty', input: tcWith({ email: '' }) },
  { name: 'section left empty', input: tcWith({ section: '' }) },
  {
    name: 'class not a class',
    input: tcWith({ studentClass: '13' }),
    error: FORM_TEXTS.option,
    fields: ['studentClass'],
  },
  { name: 'early-years class', input: tcWith({ studentClass: 'K.G' }) },
  {
    name: 'section too long',
    input: tcWith({ section: 'ABCDEFGHIJK' }),
    error: FORM_TEXTS.tooLong,
    fields: ['section'],
  },
  // The date of leaving may be soon to come (the end of a term), not years ahead nor decades back.
  { name: 'leaving next month', input: tcWith({ leavingDate: addDays(dateInIndia(), 30) }) },
  { name: 'leaving ten years ago', input: tcWith({ leavingDate: addDays(dateInIndia(), -3650) }) },
  {
    name: 'leaving a year ahead',
    input: tcWith({ leavingDate: addDays(dateInIndia(), 365) }),
    error: FORM_TEXTS.leavingDate,
    fields: ['leavingDate'],
  },
  {
    name: 'leaving in 1990',
    input: tcWith({ leavingDate: '1990-04-01' }),
    error: FORM_TEXTS.leavingDate,
    fields: ['leavingDate'],
  },
  {
    name: 'leaving not a date',
    input: tcWith({ leavingDate: '2026-02-30' }),
    error: FORM_TEXTS.leavingDate,
    fields: ['leavingDate'],
  },
  {
    name: 'Aadhaar checksum wrong',
    input: tcWith({ aadharUid: badAadhaar('34567890123') }),
    error: FORM_TEXTS.aadhaar,
    fields: ['aadharUid'],
    fieldErrors: { aadharUid: FORM_TEXTS.aadhaarCheckDigit },
  },
  { name: 'Aadhaar 11 digits', input: tcWith({ aadharUid: '34567890123' }), error: FORM_TEXTS.aadhaar },
  { name: 'Aadhaar before contact', input: tcWith({ aadharUid: '1', contact: '1' }), error: FORM_TEXTS.aadhaar },
  {
    name: 'contact 11 digits',
    input: tcWith({ contact: '91234567801' }),
    error: FORM_TEXTS.tcContact,
    fields: ['contact'],
  },
  { name: 'contact with a plus', input: tcWith({ contact: '+919123456' }), error: FORM_TEXTS.tcContact },
  { name: 'bad email', input: tcWith({ email: 'mahesh at example.com' }), error: FORM_TEXTS.email },
  {
    name: 'email with a control character',
    input: tcWith({ email: 'mah\u0007esh@example.com' }),
    error: FORM_TEXTS.email,
    fields: ['email'],
  },
  ...EMAIL_REFUSED.map((email): Case => ({
    name: `email not a mailbox: ${email}`,
    input: tcWith({ email }),
    error: FORM_TEXTS.email,
    fields: ['email'],
  })),
  ...(['studentName', 'parentName'] as const).flatMap((f) => nameCases(tcWith, f)),
  { name: 'Hindi names accepted', input: tcWith({ studentName: 'प्रिया वर्मा', parentName: 'महेश वर्मा' }) },
  { name: 'wrong type', input: tcWith({ contact: 9123456780 }), error: FORM_TEXTS.wrongType, fields: ['contact'] },
];

// ---------------------------------------------------------------- admissions
/** Stands for "a document is there" (the unit test) or a fresh unknown upload id (the HTTP test). */
export const FILE = '__file__';

/**
 * A date of birth inside a class's age range for the session applied for today: the youngest age
 * the class admits, born on 1 June (`years` more or fewer years to leave the range).
 */
export function birthDateFor(classLabel: string, years = 0): string {
  const start = Number(sessionOf().slice(0, 4));
  return `${start - ageRule.ranges[classLabel]![0] - 1 - years}-06-01`;
}

export function validAdmission(band: Band): Record<string, string> {
  const def = BANDS_DEF[band];
  const input: Record<string, string> = {
    band,
    studentFirstName: 'Aarav',
    studentMiddleName: 'Kumar',
    studentLastName: 'Sharma',
    studentAadharNo: aadhaar(),
    admissionClass: def.classOptions[0]!.value,
    dateOfBirth: birthDateFor(def.classOptions[0]!.label),
    gender: 'Male',
    address: 'Village Rampur, Post Sikandrabad, Bulandshahr 203205',
    fatherFirstName: 'Rakesh',
    fatherMiddleName: 'Chand',
    fatherLastName: 'Sharma',
    motherFirstName: 'Sunita',
    motherMiddleName: 'Devi',
    motherLastName: 'Sharma',
    abcId: '123456789012',
    contactNo: '9876543210',
    consent: 'true',
  };
  if (def.academic) input.governmentScholarship = 'no';
  for (const f of bandFiles(def)) if (f !== 'scholarshipDocument') input[f] = FILE;
  return input;
}

export function admissionCases(band: Band): Case[] {
  const def = BANDS_DEF[band];
  const v = () => validAdmission(band);
  const w = (patch: Record<string, unknown>) => ({ ...v(), ...patch });
  const without = (...keys: string[]) => {
    const input: Record<string, unknown> = v();
    for (const k of keys) delete input[k];
    return input;
  };
  const cases: Case[] = [
    { name: 'valid', input: v() },
    {
      name: 'valid, Aadhaar typed with spaces',
      input: w({ studentAadharNo: aadhaar().replace(/(\d{4})(?=\d)/g, '$1 ') }),
    },
    { name: 'valid, unknown fields ignored', input: w({ paymentStatus: 'paid', transactionId: 'T123', hacker: '1' }) },
    { name: 'all empty', input: { band }, error: FORM_TEXTS.required, fields: ['studentFirstName', 'abcId'] },
    ...def.required.map((f): Case => ({
      name: `empty ${f}`,
      input: w({ [f]: ' ' }),
      error: FORM_TEXTS.required,
      fields: [f],
    })),
    {
      name: 'empty name wins over a bad Aadhaar',
      input: w({ fatherFirstName: '', studentAadharNo: '1234' }),
      error: FORM_TEXTS.required,
    },
    {
      name: 'Aadhaar checksum wrong: the field says it is a typing mistake',
      input: w({ studentAadharNo: badAadhaar() }),
      error: FORM_TEXTS.aadhaar,
      fields: ['studentAadharNo'],
      fieldErrors: { studentAadharNo: FORM_TEXTS.aadhaarCheckDigit },
    },
    {
      name: 'Aadhaar starting with 1',
      input: w({ studentAadharNo: aadhaar('12345678901') }),
      error: FORM_TEXTS.aadhaar,
    },
    { name: 'Aadhaar 13 digits', input: w({ studentAadharNo: aadhaar() + '1' }), error: FORM_TEXTS.aadhaar },
    {
      name: 'Aadhaar wins over contact',
      input: w({ studentAadharNo: badAadhaar(), contactNo: '1' }),
      error: FORM_TEXTS.aadhaar,
    },
    { name: 'contact empty', input: without('contactNo'), error: FORM_TEXTS.contactNo, fields: ['contactNo'] },
    { name: 'contact not numeric', input: w({ contactNo: '98765-4321' }), error: FORM_TEXTS.contactNo },
    {
      name: 'contact wins over files',
      input: w({ contactNo: '123', studentAadharFile: '' }),
      error: FORM_TEXTS.contactNo,
    },
    {
      name: 'no father Aadhaar file',
      input: without('fatherAadharFile'),
      error: FORM_TEXTS.aadharFiles,
      fields: ['fatherAadharFile'],
    },
    {
      name: 'Aadhaar files win over photos',
      input: without('motherAadharFile', 'studentPhoto'),
      error: FORM_TEXTS.aadharFiles,
    },
    {
      name: 'no mother photo',
      input: without('motherPhoto'),
      error: band === 'middle' ? FORM_TEXTS.photoFiles : FORM_TEXTS.photos,
      fields: ['motherPhoto'],
    },
    {
      name: 'wrong class for the band',
      input: w({ admissionClass: band === 'senior' ? '5' : '7' }),
      error: FORM_TEXTS.admissionClass,
      fields: ['admissionClass'],
    },
    { name: 'wrong type', input: w({ abcId: 1234 }), error: FORM_TEXTS.wrongType, fields: ['abcId'] },
    ...nameCases(w, 'studentFirstName'),
    {
      name: 'a link in a middle name',
      input: w({ fatherMiddleName: 'http://x.y' }),
      error: FORM_TEXTS.nameLink,
      fields: ['fatherMiddleName'],
    },
    {
      name: 'an address in a last name',
      input: w({ motherLastName: 'pay@example.com' }),
      error: FORM_TEXTS.nameEmail,
      fields: ['motherLastName'],
    },
    {
      name: 'digits in a middle name',
      input: w({ studentMiddleName: '420' }),
      error: FORM_TEXTS.nameDigits,
      fields: ['studentMiddleName'],
    },
    {
      name: 'Hindi names with matras accepted',
      input: w({
        studentFirstName: 'आरव',
        studentLastName: 'शर्मा',
        fatherFirstName: 'राकेश',
        motherFirstName: 'सुनीता',
        motherMiddleName: 'देवी',
      }),
    },
    {
      name: 'contact wins over a bad name',
      input: w({ contactNo: '1', studentFirstName: 'http://x.y' }),
      error: FORM_TEXTS.contactNo,
    },
    {
      name: 'a bad name wins over a missing document',
      input: { ...without('motherPhoto'), studentLastName: 'ram@example.com' },
      error: FORM_TEXTS.nameEmail,
    },
    // No middle names; the date of birth, gender and address are asked.
    {
      name: 'middle names left empty',
      input: w({ studentMiddleName: '', fatherMiddleName: '', motherMiddleName: '' }),
    },
    {
      name: 'date of birth in the future',
      input: w({ dateOfBirth: `${new Date().getUTCFullYear() + 1}-01-15` }),
      error: FORM_TEXTS.date,
      fields: ['dateOfBirth'],
    },
    {
      name: 'date of birth not a real date',
      input: w({ dateOfBirth: '2019-02-30' }),
      error: FORM_TEXTS.date,
      fields: ['dateOfBirth'],
    },
    {
      name: 'date of birth not YYYY-MM-DD',
      input: w({ dateOfBirth: '01/06/2019' }),
      error: FORM_TEXTS.date,
      fields: ['dateOfBirth'],
    },
    { name: 'gender not an option', input: w({ gender: 'X' }), error: FORM_TEXTS.option, fields: ['gender'] },
    {
      name: 'date of birth outside the age range is accepted',
      input: w({ dateOfBirth: birthDateFor(def.classOptions[0]!.label, 4) }),
    },
    {
      name: 'every problem field named, each with its own message; the first rule is the answer',
      input: {
        ...without('motherPhoto'),
        studentFirstName: '',
        gender: '',
        studentAadharNo: badAadhaar(),
        contactNo: '12',
        dateOfBirth: '2019-02-30',
      },
      error: FORM_TEXTS.required,
      fields: ['studentFirstName', 'gender', 'studentAadharNo', 'contactNo', 'motherPhoto', 'dateOfBirth'],
      fieldErrors: {
        studentAadharNo: FORM_TEXTS.aadhaarCheckDigit,
        contactNo: FORM_TEXTS.contactNo,
        motherPhoto: band === 'middle' ? FORM_TEXTS.photoFiles : FORM_TEXTS.photos,
        dateOfBirth: FORM_TEXTS.date,
      },
    },
  ];
  if (band === 'pre-primary') {
    cases.push(
      { name: 'value 1 means P.N.C', input: w({ admissionClass: '1' }) },
      {
        name: 'no birth certificate',
        input: without('studentBirthCertificate'),
        error: FORM_TEXTS.additionalDocuments,
        fields: ['studentBirthCertificate'],
      },
      { name: 'no domicile certificate', input: without('domicileCertificate'), error: FORM_TEXTS.additionalDocuments },
      { name: 'no ABC card', input: without('abcCard'), error: FORM_TEXTS.additionalDocuments },
      { name: 'photos win over documents', input: without('fatherPhoto', 'abcCard'), error: FORM_TEXTS.photos },
      { name: 'scholarship answer ignored', input: w({ governmentScholarship: 'yes' }) },
    );
  }
  if (band === 'middle') {
    cases.push(
      {
        name: 'class left empty passes rule 1, then the class is refused',
        input: w({ admissionClass: '' }),
        error: FORM_TEXTS.admissionClass,
        fields: ['admissionClass'],
      },
      { name: 'birth certificate not checked', input: without('studentBirthCertificate') },
      {
        name: 'no domicile certificate',
        input: without('domicileCertificate'),
        error: FORM_TEXTS.domicile,
        fields: ['domicileCertificate'],
      },
      { name: 'no ABC card', input: without('abcCard'), error: FORM_TEXTS.abcCard, fields: ['abcCard'] },
      {
        name: 'no previous TC',
        input: without('previousSchoolTC'),
        error: FORM_TEXTS.previousTc,
        fields: ['previousSchoolTC'],
      },
      {
        name: 'no previous marksheet',
        input: without('previousMarksheet'),
        error: FORM_TEXTS.previousMarksheet,
        fields: ['previousMarksheet'],
      },
      {
        name: 'domicile before marksheet',
        input: without('previousMarksheet', 'domicileCertificate'),
        error: FORM_TEXTS.domicile,
      },
      { name: 'ABC card before previous TC', input: without('previousSchoolTC', 'abcCard'), error: FORM_TEXTS.abcCard },
    );
  }
  if (band === 'senior') {
    cases.push(
      {
        name: 'class left empty',
        input: w({ admissionClass: '' }),
        error: FORM_TEXTS.required,
        fields: ['admissionClass'],
      },
      { name: 'birth certificate not checked', input: without('studentBirthCertificate') },
      ...(
        ['previousSchoolTC', 'previousMarksheet', 'domicileCertificate', 'studentMigrationDocument', 'abcCard'] as const
      ).map((f): Case => ({ name: `no ${f}`, input: without(f), error: FORM_TEXTS.documents, fields: [f] })),
    );
  }
  if (def.academic) {
    cases.push(
      {
        name: 'scholarship yes without its document',
        input: w({ governmentScholarship: 'yes' }),
        error: FORM_TEXTS.scholarship,
        fields: ['scholarshipDocument'],
      },
      {
        name: 'scholarship yes with its document',
        input: w({ governmentScholarship: 'yes', scholarshipDocument: FILE }),
      },
      {
        name: 'documents before scholarship',
        input: { ...without('previousMarksheet'), governmentScholarship: 'yes' },
        error: band === 'middle' ? FORM_TEXTS.previousMarksheet : FORM_TEXTS.documents,
      },
      { name: 'scholarship answer unset means no', input: without('governmentScholarship') },
      {
        name: 'scholarship answer not yes or no',
        input: w({ governmentScholarship: 'maybe' }),
        error: FORM_TEXTS.scholarshipChoice,
      },
    );
  }
  return cases;
}
