/**
 * The transfer certificate request: the public form's fields, the admin list and details. A TC is
 * issued after its fee is paid; the request is stored with payment pending and no transaction.
 */
import type { PrivacyState } from '../../lib/privacy-state.ts';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, type PaymentStatus } from '../payments/payment-status.ts';
import { defineRecord, type RecordJson } from '../../lib/record.ts';
import { languageField } from '../../lib/forms/language.ts';
import { consentField } from '../../lib/forms/consent.ts';
import { PHONE_INPUT_MAX } from '../../lib/forms/phone.ts';
import { privacy } from '../../config/privacy.ts';
import type { HistoryEntry } from '../../lib/workflow.ts';
import { TC_WORKFLOW, type TcStatus } from './workflow.ts';
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import type { TcCertificate } from './certificate.ts';
import type { RegisterMatch } from './register-match.ts';
import type { TcFields } from './issue.ts';

/**
 * The live requests (any not rejected) an admission number may have before a further one is marked
 * `overLimit` for the office's check: the spec's two. A request past it is still stored.
 */
export const TC_LIMIT = 2;

export const TC_REQUEST = defineRecord({
  entity: 'tc-request',
  table: 'tc_requests',
  fields: [
    // The family's reference: the answer of the form carries it, and the acknowledgment prints it.
    {
      name: 'referenceNumber',
      column: 'reference_number',
      label: 'Reference number',
      kind: 'text',
      labels: { list: 'Reference' },
      show: ['list', 'details', 'export'],
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
    // The office compares it with the register's before drawing the TC.
    {
      name: 'dateOfBirth',
      column: 'date_of_birth',
      label: "Student's date of birth",
      kind: 'date',
      labels: { details: 'Date of birth' },
      show: ['form', 'details', 'export'],
    },
    {
      name: 'admissionNumber',
      column: 'admission_number',
      label: 'Admission number',
      kind: 'text',
      max: 40,
      autoComplete: 'off',
      show: ['form', 'list', 'details', 'export'],
    },
    // The class and section the pupil is in now, and the last day at the school: the office
    // matches the request with the register, and the TC prints the class and the date.
    {
      name: 'studentClass',
      column: 'student_class',
      label: 'Class',
      kind: 'select',
      options: ALL_CLASSES,
      optionText: classText,
      placeholder: 'Select class',
      labels: { list: 'Class' },
      show: ['form', 'list', 'details', 'export'],
    },
    // Optional: a family may not know the section; the register does.
    {
      name: 'section',
      column: 'section',
      label: 'Section',
      kind: 'text',
      max: 10,
      autoComplete: 'off',
      labelledOptional: true,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'leavingDate',
      column: 'leaving_date',
      label: 'Date of leaving',
      kind: 'date',
      hint: 'The last day at the school; it may be a date soon to come',
      show: ['form', 'details', 'export'],
    },
    {
      name: 'aadharUid',
      column: 'aadhaar',
      label: 'Student Aadhaar number',
      kind: 'aadhaar',
      max: 14,
      hint: '12 digits, as printed on the card',
      autoComplete: 'off',
      labels: { details: 'Aadhaar (masked)' },
      show: ['form', 'details', 'export'],
      labelledOptional: !privacy.aadhaarRequired,
    },
    {
      name: 'parentName',
      column: 'parent_name',
      label: "Parent's name",
      kind: 'text',
      person: true,
      max: 100,
      autoComplete: 'name',
      labels: { details: 'Parent name' },
      show: ['form', 'details', 'export'],
    },
    {
      name: 'contact',
      column: 'contact',
      label: 'Contact number',
      kind: 'phone',
      max: PHONE_INPUT_MAX,
      hint: '10 digits',
      autoComplete: 'tel',
      labels: { list: 'Contact', details: 'Contact' },
      show: ['form', 'list', 'details', 'export'],
    },
    // Optional: the office writes to the mobile number when there is no address.
    {
      name: 'email',
      column: 'email',
      label: 'E-mail',
      kind: 'email',
      max: 254,
      autoComplete: 'email',
      labels: { list: 'Email', details: 'Email' },
      labelledOptional: true,
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'reason',
      column: 'reason',
      label: 'Reason for the TC',
      kind: 'textarea',
      max: 1000,
      labels: { details: 'Reason' },
      show: ['form', 'details', 'export'],
    },
    languageField(),
    consentField(),
    {
      name: 'paymentStatus',
      column: 'payment_status',
      label: 'Payment status',
      kind: 'select',
      options: PAYMENT_STATUSES,
      optionText: (v: string) => PAYMENT_STATUS_LABELS[v as PaymentStatus] ?? v,
      show: ['list', 'details', 'export'],
    },
    // The form sends 'NA' while nothing is paid, and the answer says the same.
    {
      name: 'transactionId',
      column: 'transaction_id',
      label: 'Transaction ID',
      kind: 'text',
      empty: 'NA',
      show: ['details', 'export'],
    },
    { name: 'createdAt', column: 'created_at', label: 'Requested on', kind: 'datetime', show: ['details', 'export'] },
    {
      name: 'status',
      column: 'status',
      label: 'Status',
      kind: 'select',
      options: TC_WORKFLOW.statuses,
      optionText: (v: string) => TC_WORKFLOW.labels[v as keyof typeof TC_WORKFLOW.labels] ?? v,
      show: ['list', 'export'],
    },
    { name: 'tcNumber', column: 'tc_number', label: 'TC number', kind: 'text', show: ['details', 'export'] },
    { name: 'tcIssueDate', column: 'tc_issue_date', label: 'TC issued on', kind: 'date', show: ['details', 'export'] },
    {
      name: 'rejectionReason',
      column: 'rejection_reason',
      label: 'Reason for rejection',
      kind: 'text',
      show: ['details', 'export'],
    },
  ],
});

/** Another request for the same admission number, as the details screen lists it. */
export interface OtherTcRequest {
  _id: string;
  studentName: string;
  contact: string;
  status: TcStatus;
  createdAt: string;
  /** Sent from a mobile number other than this request's: one of them may not be the parent's. */
  otherMobile: boolean;
}

export type TcRequest = RecordJson<typeof TC_REQUEST> &
  Partial<PrivacyState> & {
    statusChangedAt?: string | null;
    history?: HistoryEntry[];
    /** It came while its admission number already had TC_LIMIT live requests: it waits for the office's check. */
    overLimit?: boolean;
    /** In the list: requests for this admission number came from more than one mobile number. */
    differentMobiles?: boolean;
    /** In the list: the admission number's live requests (any not rejected), this one included. */
    liveRequests?: number;
    /** In the details: the other requests for this admission number. */
    otherRequests?: OtherTcRequest[];
    /** In the details: the signed TC's scan, once the office attached it. */
    certificate?: TcCertificate | null;
    /** In the details: the register's pupil of the admission number, and what differs. */
    registerMatch?: RegisterMatch;
    /** In the details: the TC drawn from the register, once issued so. */
    drawnTc?: TcFields | null;
  };
