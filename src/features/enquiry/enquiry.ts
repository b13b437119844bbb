/**
 * The admission enquiry: the home page pop-up's fields, the admin list and details, from this one
 * definition. The fields labelled optional (last school, occupations, referred by, e-mail) are;
 * every other one is required.
 */
import type { PrivacyState } from '../../lib/privacy-state.ts';
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { GENDERS } from '../../lib/genders.ts';
import { defineRecord, type RecordJson } from '../../lib/record.ts';
import { languageField } from '../../lib/forms/language.ts';
import { consentField } from '../../lib/forms/consent.ts';
import { PHONE_INPUT_MAX } from '../../lib/forms/phone.ts';
import type { HistoryEntry } from '../../lib/workflow.ts';
import { ENQUIRY_WORKFLOW } from './workflow.ts';

export const CATEGORIES = ['GENERAL', 'OBC', 'SC', 'ST', 'SBC', 'MINORITY'] as const;
export const FATHER_OCCUPATIONS = [
  'Business',
  'Govt.Employee',
  'Army',
  'Ex-Army',
  'Doctor',
  'Advocate',
  'Engineer',
  'Teacher',
  'Shopkeeper',
  'Agriculture',
  'Private Job',
] as const;
export const MOTHER_OCCUPATIONS = [...FATHER_OCCUPATIONS, 'Housewife'] as const;

export const ENQUIRY = defineRecord({
  entity: 'enquiry',
  table: 'enquiries',
  fields: [
    {
      name: 'admissionClass',
      column: 'admission_class',
      label: 'Admission class',
      kind: 'select',
      max: 10,
      options: ALL_CLASSES,
      optionText: classText,
      placeholder: 'Select class',
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'studentName',
      column: 'student_name',
      label: "Student's name",
      kind: 'text',
      person: true,
      max: 100,
      autoComplete: 'off',
      labels: { list: 'Student name', details: 'Student name' },
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'fatherName',
      column: 'father_name',
      label: "Father's name",
      kind: 'text',
      person: true,
      max: 100,
      autoComplete: 'name',
      show: ['form', 'details', 'export'],
    },
    {
      name: 'motherName',
      column: 'mother_name',
      label: "Mother's name",
      kind: 'text',
      person: true,
      max: 100,
      autoComplete: 'off',
      show: ['form', 'details', 'export'],
    },
    {
      name: 'gender',
      column: 'gender',
      label: 'Gender',
      kind: 'select',
      max: 10,
      options: GENDERS,
      placeholder: 'Select gender',
      show: ['form', 'details', 'export'],
    },
    {
      name: 'dateOfBirth',
      column: 'date_of_birth',
      label: 'Date of birth',
      kind: 'date',
      max: 10,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'fatherMobile',
      column: 'father_mobile',
      label: "Father's mobile number",
      kind: 'phone',
      max: PHONE_INPUT_MAX,
      hint: '10 digits',
      autoComplete: 'tel',
      labels: { list: 'Father mobile', details: "Father's mobile" },
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'email',
      column: 'email',
      label: 'E-mail',
      kind: 'email',
      max: 254,
      autoComplete: 'email',
      labels: { details: 'Email' },
      labelledOptional: true,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'category',
      column: 'category',
      label: 'Category',
      kind: 'select',
      max: 20,
      options: CATEGORIES,
      placeholder: 'Select category',
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'lastSchoolAttended',
      column: 'last_school_attended',
      label: 'Last school attended',
      kind: 'text',
      max: 200,
      labelledOptional: true,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'fatherOccupation',
      column: 'father_occupation',
      label: "Father's occupation",
      kind: 'select',
      max: 40,
      options: FATHER_OCCUPATIONS,
      placeholder: 'Select occupation',
      labelledOptional: true,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'motherOccupation',
      column: 'mother_occupation',
      label: "Mother's occupation",
      kind: 'select',
      max: 40,
      options: MOTHER_OCCUPATIONS,
      placeholder: 'Select occupation',
      labelledOptional: true,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'address',
      column: 'address',
      label: 'Address',
      kind: 'textarea',
      max: 500,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'referredBy',
      column: 'referred_by',
      label: 'Referred by',
      kind: 'text',
      max: 100,
      labelledOptional: true,
      show: ['form', 'list', 'details', 'export'],
    },
    languageField(),
    consentField(),
    { name: 'createdAt', column: 'created_at', label: 'Received on', kind: 'datetime', show: ['details', 'export'] },
    {
      name: 'status',
      column: 'status',
      label: 'Status',
      kind: 'select',
      options: ENQUIRY_WORKFLOW.statuses,
      optionText: (v: string) => ENQUIRY_WORKFLOW.labels[v as keyof typeof ENQUIRY_WORKFLOW.labels] ?? v,
      show: ['list', 'export'],
    },
    {
      name: 'nextFollowUp',
      column: 'next_follow_up',
      label: 'Next follow-up',
      kind: 'date',
      empty: null,
      labels: { list: 'Follow-up' },
      show: ['list', 'details', 'export'],
    },
  ],
  listOrder: ['studentName', 'category', 'admissionClass', 'fatherMobile', 'referredBy', 'status', 'nextFollowUp'],
});

export type Enquiry = RecordJson<typeof ENQUIRY> &
  Partial<PrivacyState> & { statusChangedAt?: string | null; history?: HistoryEntry[] };
