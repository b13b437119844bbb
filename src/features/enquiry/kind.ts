/** The admission enquiry as a kind of record: what privacy, audit, the desk and the outbox read of it. */
import { defineKind, defineLetters, KEPT_BY_EVERY_KIND } from '../record-kind.ts';
import { enquiryStatusChanged, enquirySubmitted, type EnquiryFacts } from './kind-letters.ts';
import { privacy } from '../../config/privacy.ts';
import { ENQUIRY } from './enquiry.ts';
import { ENQUIRY_REQUIRED } from './schema.ts';
import { ENQUIRY_ENDED, ENQUIRY_WORKFLOW } from './workflow.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const ENQUIRY_KIND = defineKind({
  name: 'enquiry',
  definition: ENQUIRY,
  table: ENQUIRY.table,
  workflow: ENQUIRY_WORKFLOW,
  finalStatuses: ENQUIRY_ENDED,
  labels: {
    one: 'Enquiry',
    many: 'Enquiries',
    noun: 'enquiries',
    counted: 'enquiry(ies)',
    the: 'the enquiry',
    this: 'This enquiry',
    notFound: 'Enquiry not found',
  },
  search: { mobiles: ['father_mobile'] },
  admin: {
    panel: '/admin/enquiry/panel',
    details: '/admin/enquiry/details/',
    menu: 'Enquiries',
    screens: { panel: 'enquiry-panel', details: 'enquiry-details' },
  },
  privacy: {
    personalColumns: ['submission_key', 'submission_hash', 'next_follow_up'],
    keptColumns: {
      ...KEPT_BY_EVERY_KIND,
      admission_class: 'the class asked about, for the statistics',
      status: 'how it ended, for the statistics',
    },
    confirmWith: '_id',
    phoneMessage: 'fatherMobile',
    required: () => ENQUIRY_REQUIRED,
    retention: { days: () => privacy.retention.enquiryDays, after: 'last-change', why: 'retention: enquiry unchanged' },
    exportHolds: 'the record only (an enquiry has no documents)',
  },
  letters: defineLetters({
    email: 'email',
    mobile: 'father_mobile',
    facts: (row): EnquiryFacts => ({ admissionClass: text(row.admission_class), status: text(row.status) }),
    byEvent: { submitted: enquirySubmitted, status: enquiryStatusChanged },
    templates: { 'enquiry.submitted': 'Enquiry received', 'enquiry.status': 'Enquiry status' },
  }),
});
