/** The transfer certificate request as a kind of record: what payments, privacy, audit, the desk and the outbox read of it. */
import { defineKind, defineLetters, KEPT_BY_EVERY_KIND } from '../record-kind.ts';
import {
  TC_STATUS_PAGE,
  tcRequestPaymentReceived,
  tcRequestStatusChanged,
  tcRequestSubmitted,
  type TcRequestFacts,
} from './kind-letters.ts';
import { privacy } from '../../config/privacy.ts';
import { TC_REQUEST } from './tc-request.ts';
import { TC_REQUIRED, normaliseAdmissionNumber } from './schema.ts';
import { feeDue } from '../../lib/fee-due.ts';
import { TC_WORKFLOW } from './workflow.ts';
import { admissionNumber } from './status-check.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const TC_REQUEST_KIND = defineKind({
  name: 'tc-request',
  definition: TC_REQUEST,
  table: TC_REQUEST.table,
  workflow: TC_WORKFLOW,
  finalStatuses: ['issued', 'rejected'],
  labels: {
    one: 'TC request',
    many: 'TC requests',
    noun: 'TC requests',
    counted: 'TC request(s)',
    the: 'the TC request',
    this: 'This TC request',
    notFound: 'TC request not found',
  },
  search: { identifiers: ['admission_number'], mobiles: ['contact'] },
  admin: {
    panel: '/admin/tc-requests/panel',
    details: '/admin/tc-requests/details/',
    menu: 'TC Requests',
    screens: { panel: 'tc-panel', details: 'tc-details' },
  },
  statusPage: TC_STATUS_PAGE,
  privacy: {
    personalColumns: [
      'tc_number',
      'rejection_reason',
      'fee_waiver_note',
      'transaction_id',
      'submission_key',
      'submission_hash',
      'tc_fields',
      'pupil_id',
    ],
    keptColumns: {
      ...KEPT_BY_EVERY_KIND,
      status: 'how it ended, for the statistics',
      tc_issue_date: 'a date',
      payment_status: 'for the accounts',
      over_limit: 'whether it came past the two requests an admission number may have: names no one',
      reference_number: "the school's own number for the request, on its receipts",
      tc_duplicate: 'whether the TC drawn was a duplicate: names no one',
    },
    childTables: {
      tc_certificates: "the signed TC's scan, published for verification: its row goes and its file is released",
    },
    confirmWith: '_id',
    phoneMessage: 'tcContact',
    required: () => TC_REQUIRED,
    normalise: { admissionNumber: normaliseAdmissionNumber },
    retention: {
      days: () => privacy.retention.decidedTcRequestDays,
      after: { decidedAt: ['issued', 'rejected'] },
      why: 'retention: TC issued or rejected',
    },
    exportHolds: "the record, and the signed TC's scan once the office attached it (documents/signedTc)",
  },
  letters: defineLetters({
    email: 'email',
    mobile: 'contact',
    facts: (row): TcRequestFacts => ({
      status: text(row.status),
      rejectionReason: text(row.rejection_reason),
      feeDuePaise: feeDue(row),
    }),
    byEvent: { submitted: tcRequestSubmitted, status: tcRequestStatusChanged },
    paid: tcRequestPaymentReceived,
    templates: {
      'tc-request.submitted': 'TC request received',
      'tc-request.status': 'TC request status',
      'tc-request.payment': 'Payment received',
    },
  }),
  payment: {
    purpose: 'Transfer certificate fee',
    columns: 'fee_waiver_note',
    closed: ['rejected'],
    fee: { item: 'transfer-certificate' },
    // A TC request waits for its fee: covered, it moves on by itself; no longer covered, it goes back.
    coveredMove: { from: 'requested', to: 'fee-paid' },
    // The TC fee is due once the request is made.
    online: { normalise: admissionNumber, numberMessage: 'statusCheck.error.admissionNumber' },
  },
});
