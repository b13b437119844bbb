/**
 * A pupil of the school's register (table `pupils`, migration 0041): one row a pupil, from
 * admission to leaving. The API's answer (`Pupil`), the office's list and details, the CSV and the
 * import read the fields from this one definition. No server imports: islands read it too.
 */
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { GENDERS } from '../../lib/genders.ts';
import { defineRecord } from '../../lib/record.ts';
import { PHONE_INPUT_MAX } from '../../lib/forms/phone.ts';

/** A pupil is studying until the school records the leaving (the date and the reason). */
export const PUPIL_STATUSES = ['studying', 'left'] as const;
export type PupilStatus = (typeof PUPIL_STATUSES)[number];

/** The social categories a UP register records (the enquiry's list). */
export const PUPIL_CATEGORIES = ['GENERAL', 'OBC', 'SC', 'ST', 'SBC', 'MINORITY'] as const;

/** Longest admission number: a paper register's prefix and number ('A/1452', '2019/0042'). */
export const ADMISSION_NUMBER_MAX = 30;

/** One admission number however it is typed: trimmed, inner spaces collapsed, upper case. */
export const normaliseAdmissionNumber = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

// 'form': what the office types when it adds or edits a pupil (one schema, ./schema.ts).
const all = ['form', 'list', 'details', 'export'] as const;
const shown = ['form', 'details', 'export'] as const;
const person = <const N extends string, const C extends string>(
  name: N,
  column: C,
  label: string,
  show: readonly ('form' | 'list' | 'details' | 'export')[],
) => ({ name, column, label, kind: 'text', person: true, max: 60, autoComplete: 'off', show }) as const;

export const PUPIL = defineRecord({
  entity: 'register',
  table: 'pupils',
  fields: [
    {
      name: 'admissionNumber',
      column: 'admission_number',
      label: 'Admission number',
      kind: 'text',
      max: ADMISSION_NUMBER_MAX,
      autoComplete: 'off',
      labels: { list: 'Adm. no.' },
      show: all,
    },
    { ...person('firstName', 'first_name', 'First name', all), group: 'Name' },
    { ...person('middleName', 'middle_name', 'Middle name', all), group: 'Name', labelledOptional: true },
    { ...person('lastName', 'last_name', 'Last name', all), group: 'Name', labelledOptional: true },
    {
      name: 'nameHi',
      column: 'name_hi',
      label: 'Name in Hindi',
      kind: 'text',
      person: true,
      max: 120,
      autoComplete: 'off',
      hint: 'In Devanagari, as the Hindi class list and the TC write it',
      labelledOptional: true,
      show: shown,
    },
    { ...person('fatherName', 'father_name', "Father's name", all), max: 120 },
    { ...person('motherName', 'mother_name', "Mother's name", shown), max: 120, labelledOptional: true },
    { name: 'dateOfBirth', column: 'date_of_birth', label: 'Date of birth', kind: 'date', empty: null, show: all },
    {
      name: 'gender',
      column: 'gender',
      label: 'Gender',
      kind: 'select',
      max: 10,
      options: GENDERS,
      placeholder: 'Select gender',
      show: shown,
    },
    {
      name: 'category',
      column: 'category',
      label: 'Category',
      kind: 'select',
      max: 10,
      options: PUPIL_CATEGORIES,
      placeholder: 'Select category',
      labelledOptional: true,
      show: shown,
    },
    { name: 'address', column: 'address', label: 'Home address', kind: 'textarea', max: 500, show: shown },
    {
      name: 'mobile',
      column: 'mobile',
      label: 'Mobile number',
      kind: 'phone',
      max: PHONE_INPUT_MAX,
      hint: '10 digits',
      autoComplete: 'off',
      labelledOptional: true,
      show: shown,
    },
    {
      name: 'aadhaar',
      column: 'aadhaar',
      label: 'Aadhaar number',
      kind: 'aadhaar',
      max: 14,
      autoComplete: 'off',
      hint: '12 digits, as printed on the card',
      labels: { details: 'Aadhaar (masked)' },
      labelledOptional: true,
      show: shown,
    },
    {
      name: 'apaarId',
      column: 'apaar_id',
      label: 'APAAR ID',
      kind: 'text',
      max: 40,
      autoComplete: 'off',
      labelledOptional: true,
      show: shown,
    },
    { name: 'admittedOn', column: 'admitted_on', label: 'Admitted on', kind: 'date', show: shown },
    {
      name: 'classOnAdmission',
      column: 'class_on_admission',
      label: 'Class on admission',
      kind: 'select',
      max: 10,
      options: ALL_CLASSES,
      optionText: classText,
      show: shown,
    },
    {
      name: 'sectionOnAdmission',
      column: 'section_on_admission',
      label: 'Section on admission',
      kind: 'text',
      max: 10,
      labelledOptional: true,
      show: shown,
    },
    {
      name: 'class',
      column: 'class',
      label: 'Class',
      kind: 'select',
      max: 10,
      options: ALL_CLASSES,
      optionText: classText,
      placeholder: 'Select class',
      show: all,
    },
    { name: 'section', column: 'section', label: 'Section', kind: 'text', max: 10, labelledOptional: true, show: all },
    { name: 'session', column: 'session', label: 'Session', kind: 'text', max: 7, show: shown },
    {
      name: 'status',
      column: 'status',
      label: 'Status',
      kind: 'select',
      options: PUPIL_STATUSES,
      optionText: (v: string) => (v === 'left' ? 'Left' : 'Studying'),
      show: ['list', 'details', 'export'],
    },
    { name: 'leftOn', column: 'left_on', label: 'Left on', kind: 'date', empty: null, show: ['details', 'export'] },
    {
      name: 'leavingReason',
      column: 'leaving_reason',
      label: 'Reason for leaving',
      kind: 'textarea',
      max: 300,
      show: ['details', 'export'],
    },
    { name: 'admissionId', column: 'admission_id', label: 'Application', kind: 'text', empty: null, show: [] },
    { name: 'createdAt', column: 'created_at', label: 'Entered on', kind: 'datetime', show: ['export'] },
  ],
  listOrder: ['admissionNumber', 'firstName', 'middleName', 'lastName', 'fatherName', 'class', 'section', 'status'],
});

/** A pupil as the API answers it. */
export interface Pupil {
  _id: string;
  admissionNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  nameHi: string;
  fatherName: string;
  motherName: string;
  /** YYYY-MM-DD, or null when the paper register has none. */
  dateOfBirth: string | null;
  gender: string;
  category: string;
  address: string;
  mobile: string;
  /** 'XXXX XXXX 1234', or '' when none is kept. */
  aadhaar: string;
  apaarId: string;
  admittedOn: string;
  classOnAdmission: string;
  sectionOnAdmission: string;
  class: string;
  section: string;
  session: string;
  status: PupilStatus;
  leftOn: string | null;
  leavingReason: string;
  /** The application it came from, when it came through the admissions desk. */
  admissionId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A pupil's full name in English: first, middle and last, single-spaced. */
export const pupilName = (p: Pick<Pupil, 'firstName' | 'middleName' | 'lastName'>) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
