/** What a record's JSON carries about erasure and consent (src/features/privacy/ holds the requests themselves). */
import { toIso } from './dates.ts';

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
    state.consentWithdrawn = row.consent_withdrawn_at
      ? { at: toIso(row.consent_withdrawn_at), note: String(row.consent_withdrawn_note ?? '') }
      : null;
  }
  return state;
}
