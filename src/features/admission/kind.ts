/** The admission application as a kind of record: what payments, privacy, audit, the desk and the outbox read of it. */
import { defineKind, defineLetters, KEPT_BY_EVERY_KIND } from '../record-kind.ts';
import { isBand } from '../../lib/classes.ts';
import {
  ADMISSION_STATUS_PAGE,
  admissionPaymentReceived,
  admissionStatusChanged,
  admissionSubmitted,
  type AdmissionFacts,
} from './kind-letters.ts';
import { privacy } from '../../config/privacy.ts';
import { ADMISSION, BANDS_DEF, fileLabel, isFileField } from './admission.ts';
import { feeDue } from '../../lib/fee-due.ts';
import { ADMISSION_WORKFLOW, DOCUMENT_STATE_LABELS, type DocumentState } from './workflow.ts';
import { normaliseReference } from './status-check.ts';

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
/** What the letters about an application name, from its row. */
export const admissionFacts = (row: Row): AdmissionFacts => ({
  referenceNumber: text(row.reference_number),
  admissionClass: text(row.admission_class),
  status: text(row.status),
  session: text(row.session),
  feeDuePaise: feeDue(row),
});

export const ADMISSION_KIND = defineKind({
  name: 'admission',
  definition: ADMISSION,
  table: ADMISSION.table,
  workflow: ADMISSION_WORKFLOW,
  finalStatuses: ['admitted', 'not-admitted', 'withdrawn'],
  labels: {
    one: 'Application',
    many: 'Applications',
    noun: 'applications',
    counted: 'application(s)',
    the: 'the application',
    this: 'This application',
    notFound: 'Admission not found',
  },
  search: { identifiers: ['reference_number'], mobiles: ['contact_no'] },
  admin: {
    panel: '/admin/admissions/panel',
    details: '/admin/admissions/details/',
    menu: 'Admissions',
    screens: { panel: 'admissions-panel', details: 'admission-details' },
  },
  statusPage: ADMISSION_STATUS_PAGE,
  privacy: {
    // age_outside_range is worked out from the date of birth: it goes with it. The submission's
    // hash is of the details sent.
    personalColumns: [
      'transaction_id',
      'fee_waiver_note',
      'submission_key',
      'submission_hash',
      'consent_withdrawn_note',
      'age_outside_range',
    ],
    keptColumns: {
      ...KEPT_BY_EVERY_KIND,
      reference_number: "the school's own number, on its receipts",
      band: 'the wing, for the statistics',
      admission_class: 'the class, for the statistics',
      government_scholarship: 'for the statistics',
      session: 'the session, for the statistics',
      status: 'the decision, for the statistics',
      payment_status: 'for the accounts',
      consent_withdrawn_at: 'a date',
    },
    childTables: {
      uploads: 'the documents the parent sent (their rows go, and the files)',
      // Only an admitted application has one, and an admitted application is never erased.
      pupils: 'the pupil of the register it became (src/features/register/): never erased with it',
    },
    neverErased: ['admitted'],
    confirmWith: 'referenceNumber',
    phoneMessage: 'contactNo',
    required: (record) =>
      isBand(String(record.band ?? '')) ? BANDS_DEF[String(record.band) as keyof typeof BANDS_DEF].required : [],
    retention: {
      days: () => privacy.retention.closedApplicationDays,
      after: { decidedAt: ['not-admitted', 'withdrawn'] },
      why: 'retention: decided (not admitted or withdrawn)',
    },
    exportHolds: 'each document the parent sent (documents/)',
  },
  // A document's entry ('abcCard: rejected (reason)') reads 'ABC card: Rejected (reason)'.
  auditDetail: (action, detail) => {
    if (action !== 'document' && action !== 'view' && action !== 'document-replaced') return undefined;
    const [, field = '', state, rest] = /^(\w+)(?:: (\w+))?([\s\S]*)$/.exec(detail) ?? [];
    if (!isFileField(field)) return undefined;
    return `${fileLabel(field)}${state ? `: ${DOCUMENT_STATE_LABELS[state as DocumentState] ?? state}` : ''}${rest ?? ''}`;
  },
  letters: defineLetters({
    mobile: 'contact_no',
    facts: admissionFacts,
    byEvent: { submitted: admissionSubmitted, status: admissionStatusChanged },
    paid: admissionPaymentReceived,
    templates: {
      'admission.submitted': 'Application received',
      'admission.status': 'Application status',
      'admission.document': 'Document to send again',
      'admission.payment': 'Payment received',
    },
  }),
  payment: {
    purpose: 'Admission fee',
    columns: 'admission_class, fee_waiver_note',
    closed: ['not-admitted', 'withdrawn'],
    // The class's fee for the session applied for.
    fee: { item: 'admission', classColumn: 'admission_class', sessionColumn: 'session' },
    // The admission fee is asked for once the child is admitted, as the status page says.
    online: { normalise: normaliseReference, numberMessage: 'statusCheck.error.reference', payableAt: ['admitted'] },
  },
});
