/**
 * The admission application: its fields (text and documents) and the three forms, one per band,
 * as data. The form island, the server's check, the serializer, the admin list and the details
 * screen all read this. The early-years form sends 1-3 meaning P.N.C, N.C, K.G, so every admission
 * stores its band and the class's canonical label.
 */
import { BANDS, CLASS_OPTIONS, WING, WING_SLUG, classText, type Band, type ClassOption } from '../../lib/classes.ts';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, type PaymentStatus } from '../payments/payment-status.ts';
import { languageField } from '../../lib/forms/language.ts';
import { consentField } from '../../lib/forms/consent.ts';
import { PHONE_INPUT_MAX } from '../../lib/forms/phone.ts';
import { defineRecord, fieldsIn, type Field, type FieldNameIn, type RecordJson } from '../../lib/record.ts';
import type { FormKey } from '../../lib/forms/texts.ts';
import { privacy } from '../../config/privacy.ts';
import type { HistoryEntry } from '../../lib/workflow.ts';
import type { PrivacyState } from '../../lib/privacy-state.ts';
import { ADMISSION_WORKFLOW, type DocumentCheck } from './workflow.ts';
import { GENDERS } from '../../lib/genders.ts';

export type SectionId = 'student' | 'father' | 'mother' | 'additional' | 'academic';
export const SECTION_TITLES: Record<SectionId, string> = {
  student: 'Student',
  father: 'Father',
  mother: 'Mother',
  additional: 'Additional details',
  academic: 'Academic details',
};

// By name alone: the classes a wing holds follow the school profile (./wings.ts), and a record keeps its wing when they change.
const WINGS: Record<string, string> = {
  [WING.earlyYears]: 'Pre-primary',
  [WING.classes1To5]: 'Middle',
  [WING.classes6To12]: 'Senior',
};
const YES_NO: Record<string, string> = { yes: 'Yes', no: 'No' };
const ACADEMIC: readonly Band[] = [WING.classes1To5, WING.classes6To12];

/** A field of the admission: `bands` names the forms that have it (all when absent). */
type AdmissionField = Field & { readonly bands?: readonly Band[] };

const all = ['form', 'details', 'export'] as const;
const name = <P extends 'student' | 'father' | 'mother', T extends 'First' | 'Middle' | 'Last'>(
  person: P,
  part: T,
  group: string,
  section: SectionId,
) =>
  ({
    name: `${person}${part}Name` as `${P}${T}Name`,
    column: `${person}_${part.toLowerCase()}_name`,
    label: `${person[0]!.toUpperCase()}${person.slice(1)} ${part.toLowerCase()} name`,
    kind: 'text',
    person: true,
    max: 60,
    autoComplete: 'off',
    group,
    section,
    detailsSection: 'Student',
  }) as const;
// A document's column is its name: the `field` of its row in `uploads`.
const document = <N extends string>(field: N, label: string, section: SectionId, bands?: readonly Band[]) =>
  ({
    name: field,
    column: field,
    label,
    kind: 'file',
    section,
    detailsSection: 'Documents',
    show: all,
    ...(bands ? { bands } : {}),
  }) as const;

export const ADMISSION = defineRecord({
  entity: 'admission',
  table: 'admissions',
  fields: [
    {
      ...name('student', 'First', 'Student name', 'student'),
      labels: { list: 'Name' },
      show: ['form', 'list', 'details', 'export'],
    },
    // Many names have none: an empty middle name is stored and printed as nothing.
    {
      ...name('student', 'Middle', 'Student name', 'student'),
      labelledOptional: true,
      show: ['form', 'list', 'details', 'export'],
    },
    { ...name('student', 'Last', 'Student name', 'student'), show: ['form', 'list', 'details', 'export'] },
    {
      name: 'studentAadharNo',
      column: 'student_aadhaar',
      label: 'Student Aadhaar number',
      kind: 'aadhaar',
      max: 14,
      autoComplete: 'off',
      hint: '12 digits, as printed on the card',
      labels: { details: 'Aadhaar number' },
      section: 'student',
      detailsSection: 'Student',
      show: all,
      labelledOptional: !privacy.aadhaarRequired,
    },
    {
      name: 'admissionClass',
      column: 'admission_class',
      label: 'Admission class',
      kind: 'select',
      max: 10,
      placeholder: 'Select class',
      section: 'student',
      detailsSection: 'Admission',
      show: ['form', 'list', 'details', 'export'],
    },
    // CBSE registration and the TC need these.
    {
      name: 'dateOfBirth',
      column: 'date_of_birth',
      label: 'Date of birth',
      kind: 'date',
      max: 10,
      section: 'student',
      detailsSection: 'Student',
      show: all,
    },
    {
      name: 'gender',
      column: 'gender',
      label: 'Gender',
      kind: 'select',
      max: 10,
      options: GENDERS,
      placeholder: 'Select gender',
      section: 'student',
      detailsSection: 'Student',
      show: all,
    },
    document('studentAadharFile', 'Student Aadhaar card', 'student'),
    document('studentPhoto', 'Student photo', 'student'),
    document('studentBirthCertificate', 'Birth certificate', 'student'),
    { ...name('father', 'First', "Father's name", 'father'), show: all },
    { ...name('father', 'Middle', "Father's name", 'father'), labelledOptional: true, show: all },
    { ...name('father', 'Last', "Father's name", 'father'), show: all },
    document('fatherAadharFile', 'Father Aadhaar card', 'father'),
    document('fatherPhoto', 'Father photo', 'father'),
    { ...name('mother', 'First', "Mother's name", 'mother'), show: all },
    { ...name('mother', 'Middle', "Mother's name", 'mother'), labelledOptional: true, show: all },
    { ...name('mother', 'Last', "Mother's name", 'mother'), show: all },
    document('motherAadharFile', 'Mother Aadhaar card', 'mother'),
    document('motherPhoto', 'Mother photo', 'mother'),
    {
      name: 'abcId',
      column: 'abc_id',
      label: 'ABC ID',
      kind: 'text',
      max: 40,
      autoComplete: 'off',
      hint: 'The APAAR ID, or REFUSED or NOGEN',
      section: 'additional',
      detailsSection: 'Admission',
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'address',
      column: 'address',
      label: 'Home address',
      kind: 'textarea',
      max: 500,
      hint: 'House, street or village, post office, district and PIN code',
      section: 'additional',
      detailsSection: 'Student',
      show: all,
    },
    {
      name: 'contactNo',
      column: 'contact_no',
      label: 'Contact number',
      kind: 'phone',
      max: PHONE_INPUT_MAX,
      hint: '10 digits, e.g. 9812345678',
      autoComplete: 'tel',
      labels: { list: 'Contact' },
      section: 'additional',
      detailsSection: 'Student',
      show: ['form', 'list', 'details', 'export'],
    },
    document('domicileCertificate', 'Domicile certificate', 'additional'),
    document('abcCard', 'ABC card', 'additional'),
    {
      name: 'governmentScholarship',
      column: 'government_scholarship',
      label: 'Government scholarship',
      kind: 'select',
      max: 3,
      options: ['no', 'yes'],
      optionText: (v: string) => YES_NO[v] ?? v,
      placeholder: 'Select',
      bands: ACADEMIC,
      section: 'academic',
      detailsSection: 'Scholarship',
      show: all,
    },
    document('previousSchoolTC', 'Previous school transfer certificate', 'academic', ACADEMIC),
    document('previousMarksheet', 'Previous marksheet', 'academic', ACADEMIC),
    document('studentMigrationDocument', 'Migration document', 'academic', [WING.classes6To12]),
    document('scholarshipDocument', 'Scholarship document', 'academic', ACADEMIC),
    languageField('Admission'),
    consentField('Admission'),
    {
      name: 'referenceNumber',
      column: 'reference_number',
      label: 'Reference number',
      kind: 'text',
      labels: { list: 'Reference' },
      detailsSection: 'Admission',
      show: ['list', 'details', 'export'],
    },
    {
      name: 'band',
      column: 'band',
      label: 'Wing',
      kind: 'select',
      options: BANDS,
      optionText: (v: string) => WINGS[v] ?? v,
      detailsSection: 'Admission',
      show: ['details', 'export'],
    },
    {
      name: 'createdAt',
      column: 'created_at',
      label: 'Submitted on',
      kind: 'datetime',
      labels: { list: 'Received' },
      detailsSection: 'Admission',
      show: ['list', 'details', 'export'],
    },
    {
      name: 'paymentStatus',
      column: 'payment_status',
      label: 'Payment status',
      kind: 'select',
      options: PAYMENT_STATUSES,
      optionText: (v: string) => PAYMENT_STATUS_LABELS[v as PaymentStatus] ?? v,
      detailsSection: 'Payment',
      show: ['list', 'details', 'export'],
    },
    {
      name: 'transactionId',
      column: 'transaction_id',
      label: 'Transaction ID',
      kind: 'text',
      empty: null,
      blank: 'N/A',
      detailsSection: 'Payment',
      show: ['details', 'export'],
    },
    {
      name: 'status',
      column: 'status',
      label: 'Status',
      kind: 'select',
      options: ADMISSION_WORKFLOW.statuses,
      optionText: (v: string) => ADMISSION_WORKFLOW.labels[v as keyof typeof ADMISSION_WORKFLOW.labels] ?? v,
      show: ['list', 'export'],
    },
    {
      name: 'session',
      column: 'session',
      label: 'Session',
      kind: 'text',
      detailsSection: 'Admission',
      show: ['details', 'export'],
    },
  ],
});

/** Another application of the same child, by Aadhaar number or by contact number and first name. */
export interface PossibleDuplicate {
  _id: string;
  referenceNumber: string;
  studentName: string;
  admissionClass: string;
  status: string;
  createdAt: string;
  sameAadhaar: boolean;
  sameContact: boolean;
}

export type Admission = RecordJson<typeof ADMISSION> &
  Partial<PrivacyState> & {
    /** Content type of each stored document, by field. */
    fileTypes: Record<string, string>;
    /** In lists: whether another application looks like the same child's. */
    duplicate?: boolean;
    /**
     * Whether the date of birth was outside the class's age range when sent (computed by the server;
     * the parent confirmed it). Null for applications from before the form asked the date.
     */
    ageOutsideRange?: boolean | null;
    /** In details: */
    statusChangedAt?: string | null;
    history?: HistoryEntry[];
    /** The checklist entry of each stored document, by field. */
    documents?: Record<string, DocumentCheck>;
    duplicates?: PossibleDuplicate[];
    /** The pupil it became in the register, once admitted: the number the office tells the family. */
    pupil?: { _id: string; admissionNumber: string; class: string; section: string } | null;
  };

/** How the office's list and details mark an application whose date of birth was outside the class's age range. */
export const AGE_OUTSIDE = 'Age outside range';

/** The details screen's sections, in order. */
export const DETAILS_SECTIONS = ['Student', 'Admission', 'Scholarship', 'Documents', 'Payment'] as const;

const FIELDS = ADMISSION.fields as readonly AdmissionField[];
type FormField = FieldNameIn<typeof ADMISSION, 'form'>;

/** Every document field, in the order the forms and the details screen list them. */
export const ADMISSION_FILE_FIELDS = FIELDS.filter((f) => f.kind === 'file').map((f) => f.name) as Extract<
  (typeof ADMISSION.fields)[number],
  { kind: 'file' }
>['name'][];
export type FileField = (typeof ADMISSION_FILE_FIELDS)[number];
export type TextField = Exclude<FormField, FileField>;
/** The text fields a form sends. */
export const ADMISSION_TEXT_FIELDS = fieldsIn(ADMISSION, 'form')
  .filter((f) => f.kind !== 'file')
  .map((f) => f.name) as TextField[];

export const isFileField = (value: string): value is FileField =>
  (ADMISSION_FILE_FIELDS as readonly string[]).includes(value);
export const fileLabel = (field: FileField) => FIELDS.find((f) => f.name === field)!.label;

/** One ordered file check: if any of `fields` is missing, the message `message` (FORM_TEXTS's key). */
export interface FileStep {
  message: FormKey;
  fields: FileField[];
}

export interface BandDefinition {
  band: Band;
  path: string;
  /** Every class the wing may hold; the form offers those of them the school profile names. */
  classOptions: (ClassOption & { text: string })[];
  /** The text fields whose emptiness is the first rule (the classes 1-5 form leaves admissionClass out). */
  required: TextField[];
  /** The document checks after the contact number, in order. */
  fileSteps: FileStep[];
  /** Classes 1-5 and 6-12: Academic details with government scholarship. */
  academic: boolean;
  /** Only the early-years form clears its fields after success. */
  clearAfterSuccess: boolean;
}

// Where the school makes Aadhaar voluntary (src/config/privacy.ts), neither the number nor the cards are asked for.
const REQUIRED_BASE: TextField[] = (
  [
    'studentFirstName',
    'studentLastName',
    'studentAadharNo',
    'dateOfBirth',
    'gender',
    'fatherFirstName',
    'fatherLastName',
    'motherFirstName',
    'motherLastName',
    'abcId',
    'address',
  ] as const
).filter((f) => privacy.aadhaarRequired || f !== 'studentAadharNo');
const AADHAR_STEP: FileStep[] = privacy.aadhaarRequired
  ? [{ message: 'aadharFiles', fields: ['studentAadharFile', 'fatherAadharFile', 'motherAadharFile'] }]
  : [];
const PHOTOS: FileField[] = ['studentPhoto', 'fatherPhoto', 'motherPhoto'];
const options = (band: Band) => CLASS_OPTIONS[band].map((o) => ({ ...o, text: classText(o.label) }));

export const BANDS_DEF: Record<Band, BandDefinition> = {
  [WING.earlyYears]: {
    band: WING.earlyYears,
    path: `/admissions/apply/${WING_SLUG[WING.earlyYears]}`,
    classOptions: options(WING.earlyYears),
    required: [...REQUIRED_BASE, 'admissionClass'],
    fileSteps: [
      ...AADHAR_STEP,
      { message: 'photos', fields: PHOTOS },
      { message: 'additionalDocuments', fields: ['domicileCertificate', 'studentBirthCertificate', 'abcCard'] },
    ],
    academic: false,
    clearAfterSuccess: true,
  },
  [WING.classes1To5]: {
    band: WING.classes1To5,
    path: `/admissions/apply/${WING_SLUG[WING.classes1To5]}`,
    classOptions: options(WING.classes1To5),
    required: [...REQUIRED_BASE],
    fileSteps: [
      ...AADHAR_STEP,
      { message: 'photoFiles', fields: PHOTOS },
      { message: 'domicile', fields: ['domicileCertificate'] },
      { message: 'abcCard', fields: ['abcCard'] },
      { message: 'previousTc', fields: ['previousSchoolTC'] },
      { message: 'previousMarksheet', fields: ['previousMarksheet'] },
    ],
    academic: true,
    clearAfterSuccess: false,
  },
  [WING.classes6To12]: {
    band: WING.classes6To12,
    path: `/admissions/apply/${WING_SLUG[WING.classes6To12]}`,
    classOptions: options(WING.classes6To12),
    required: [...REQUIRED_BASE, 'admissionClass'],
    fileSteps: [
      ...AADHAR_STEP,
      { message: 'photos', fields: PHOTOS },
      {
        message: 'documents',
        fields: ['previousSchoolTC', 'previousMarksheet', 'domicileCertificate', 'studentMigrationDocument', 'abcCard'],
      },
    ],
    academic: true,
    clearAfterSuccess: false,
  },
};

/** The form fields (text and documents) a band's form has, in page order. */
export const bandFields = (band: Band) =>
  FIELDS.filter((f) => f.show.includes('form') && (!f.bands || f.bands.includes(band)));
/** Every document field a band's form has. */
export const bandFiles = (def: BandDefinition): FileField[] =>
  bandFields(def.band)
    .filter((f) => f.kind === 'file')
    .map((f) => f.name as FileField);
/** The fields of one section of a band's form. */
export const sectionFields = (band: Band, section: SectionId) => bandFields(band).filter((f) => f.section === section);
