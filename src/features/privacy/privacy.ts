/**
 * A parent's rights over the data the school holds about their child, as the details screens and
 * the server share them: which fields hold personal data (erased by the retention job or on
 * request, correctable on request), what confirms an erasure, and the words of refusals.
 */
import { fieldsIn, type Field, type RecordDefinition } from '../../lib/record.ts';
import { toIso } from '../../lib/dates.ts';
import type { FormMessage } from '../../lib/forms/messages.ts';
import { ADMISSION, BANDS_DEF } from '../admission/admission.ts';
import { isBand } from '../../lib/classes.ts';
import { ENQUIRY } from '../enquiry/enquiry.ts';
import { TC_REQUEST } from '../tc-request/tc-request.ts';
import { ENQUIRY_REQUIRED } from '../enquiry/schema.ts';
import { TC_REQUIRED } from '../tc-request/schema.ts';

export type PrivacyEntity = 'admission' | 'enquiry' | 'tc-request';

interface PrivacyRecord {
  def: RecordDefinition;
  /** Form fields that are no one's personal data and stay for the statistics. */
  keep: readonly string[];
  /** Further columns that identify the child or the family: cleared on erasure. */
  extraColumns: readonly string[];
  /** The form's message for a bad phone number (each form words it its own way). */
  /** The form's own message for a wrong phone number. */
  phoneMessage: FormMessage;
  /** What the principal types to confirm an erasure. */
  confirmWith: 'referenceNumber' | '_id';
}

export const PRIVACY_RECORDS: Record<PrivacyEntity, PrivacyRecord> = {
  admission: {
    def: ADMISSION,
    keep: ['admissionClass', 'governmentScholarship'],
    // age_outside_range is worked out from the date of birth: it goes with it.
    extraColumns: ['transaction_id', 'fee_waiver_note', 'submission_key', 'consent_withdrawn_note', 'age_outside_range'],
    phoneMessage: 'contactNo',
    confirmWith: 'referenceNumber',
  },
  enquiry: {
    def: ENQUIRY,
    keep: ['admissionClass'],
    extraColumns: ['submission_key', 'next_follow_up'],
    phoneMessage: 'fatherMobile',
    confirmWith: '_id',
  },
  'tc-request': {
    def: TC_REQUEST,
    keep: [],
    extraColumns: ['tc_number', 'rejection_reason', 'fee_waiver_note', 'transaction_id', 'submission_key'],
    phoneMessage: 'tcContact',
    confirmWith: '_id',
  },
};

/** The form's fields that hold personal data: what a parent may have corrected, and what erasure clears. */
export function personalFields(entity: PrivacyEntity): Field[] {
  const { def, keep } = PRIVACY_RECORDS[entity];
  // The consent record (which notice, when, in which language) names no one and shows the data was held lawfully.
  return (fieldsIn(def, 'form') as Field[]).filter((f) => !f.hidden && f.kind !== 'file' && f.kind !== 'consent' && !keep.includes(f.name));
}

/** Every column erasure sets to NULL: the personal fields' (an Aadhaar number's three) and the extra ones. */
export function personalColumns(entity: PrivacyEntity): string[] {
  const columns = personalFields(entity).flatMap((f) => (f.kind === 'aadhaar' ? [`${f.column}_enc`, `${f.column}_hash`, `${f.column}_last4`] : [f.column]));
  return [...columns, ...PRIVACY_RECORDS[entity].extraColumns];
}

/** The fields the form requires of this record (an application's depend on its wing). */
export function requiredFields(entity: PrivacyEntity, band?: string): readonly string[] {
  if (entity === 'admission') return band && isBand(band) ? BANDS_DEF[band].required : [];
  return entity === 'enquiry' ? ENQUIRY_REQUIRED : TC_REQUIRED;
}

/** What a record's JSON carries about erasure and consent. */
export interface PrivacyState {
  /** When its personal data was erased; null while it is held. */
  erasedAt: string | null;
  /** An admitted child's parent withdrew consent: when, and the principal's note. */
  consentWithdrawn?: { at: string; note: string } | null;
}

export function privacyJson(row: Record<string, unknown>): PrivacyState {
  const state: PrivacyState = { erasedAt: row.erased_at ? toIso(row.erased_at) : null };
  if ('consent_withdrawn_at' in row) {
    state.consentWithdrawn = row.consent_withdrawn_at ? { at: toIso(row.consent_withdrawn_at), note: String(row.consent_withdrawn_note ?? '') } : null;
  }
  return state;
}

export const PRIVACY_MESSAGES = {
  admitted: 'An admitted pupil\'s record is the school\'s record of that pupil and is kept: it cannot be erased. If the parent withdraws consent, record that instead.',
  erased: 'This record\'s personal data has been erased.',
  confirmReference: 'Type the application\'s reference number exactly to confirm the erasure.',
  confirmId: 'Type the record\'s id exactly to confirm the erasure.',
  field: 'Choose a field that holds the family\'s details.',
  value: 'The new value must be text.',
  same: 'That is already the stored value.',
  note: 'Write what the parent asked for and when.',
  notAdmitted: 'Withdrawal of consent is recorded only for an admitted pupil; any other record is erased instead.',
  already: 'The parent\'s withdrawal of consent is already recorded.',
} as const;
