/**
 * An application's way to a decision. The office reviews it, verifies its documents, then decides:
 * admitted, waitlisted or not admitted; a waitlisted one is later admitted or not. A parent may
 * withdraw it any time before the final decision (from the waitlist too). A principal may reopen a
 * decided (or withdrawn) one for review, with a note saying why.
 */
import { defineWorkflow } from '../../lib/workflow.ts';
import type { DocumentReason } from '../../lib/document-reasons.ts';
import { isAbcOptOut } from '../../lib/forms/consent.ts';

export const ADMISSION_WORKFLOW = defineWorkflow({
  statuses: ['received', 'under-review', 'documents-verified', 'admitted', 'waitlisted', 'not-admitted', 'withdrawn'],
  initial: 'received',
  labels: {
    received: 'Received',
    'under-review': 'Under review',
    'documents-verified': 'Documents verified',
    admitted: 'Admitted',
    waitlisted: 'Waitlisted',
    'not-admitted': 'Not admitted',
    withdrawn: 'Withdrawn',
  },
  moves: {
    received: ['under-review', 'withdrawn'],
    'under-review': ['documents-verified', 'withdrawn'],
    'documents-verified': ['admitted', 'waitlisted', 'not-admitted', 'withdrawn'],
    waitlisted: ['admitted', 'not-admitted', 'withdrawn'],
    admitted: [],
    'not-admitted': [],
    withdrawn: [],
  },
  principalMoves: {
    admitted: ['under-review'],
    waitlisted: ['under-review'],
    'not-admitted': ['under-review'],
    withdrawn: ['under-review'],
  },
});

export type AdmissionStatus = (typeof ADMISSION_WORKFLOW.statuses)[number];

/** The statuses in which the office judges documents: before the decision. */
export const DOCUMENTS_JUDGED_IN: readonly AdmissionStatus[] = ['received', 'under-review', 'documents-verified'];

/**
 * SQL: the application `admission` (a table alias) has a document its parent sent again from the
 * status page that the office has not judged yet, while it still judges documents: the "Re-sent by
 * parents" queue (the dashboard's count, the admissions list's `resent` filter).
 */
export const RESENT_PENDING = (admission: string) =>
  `(${admission}.status IN (${DOCUMENTS_JUDGED_IN.map((s) => `'${s}'`).join(', ')})
    AND EXISTS (SELECT 1 FROM uploads u WHERE u.admission_id = ${admission}.id AND u.resent_at IS NOT NULL AND u.state = 'pending'))`;

/**
 * A document the parent's own answers made unnecessary: the ABC card after the ABC ID was answered
 * REFUSED or NOGEN (the form then stops asking for it, but one chosen before may have been sent).
 * It shows as Not needed and never holds back Documents verified.
 */
export const documentNotNeeded = (abcId: unknown, field: string): boolean => field === 'abcCard' && isAbcOptOut(abcId);

/** A document's place on the checklist. */
export const DOCUMENT_STATES = ['pending', 'verified', 'rejected'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** A document's checklist entry as the admission's JSON answers it. */
export interface DocumentCheck {
  state: DocumentState;
  /** The office's own words, if any. */
  reason: string;
  /** The common reason chosen, if any (src/lib/document-reasons.ts). */
  reasonCode: DocumentReason | null;
  checkedBy: string;
  checkedAt: string | null;
  /** When the parent sent this file from the status page in place of a rejected one; null for the form's own. */
  resentAt: string | null;
}
