/**
 * An application's way to a decision. The office reviews it, verifies its documents, then decides:
 * admitted, waitlisted or not admitted; a waitlisted one is later admitted or not. A parent may
 * withdraw it any time before the final decision (from the waitlist too). A principal may reopen a
 * decided (or withdrawn) one for review, with a note saying why.
 */
import { defineWorkflow } from '../../lib/workflow.ts';
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
 * A document the parent's own answers made unnecessary: the ABC card after the ABC ID was answered
 * REFUSED or NOGEN (the form then stops asking for it, but one chosen before may have been sent).
 * It shows as Not needed and never holds back Documents verified.
 */
export const documentNotNeeded = (abcId: unknown, field: string): boolean => field === 'abcCard' && isAbcOptOut(abcId);

/** A document's place on the checklist. */
export const DOCUMENT_STATES = ['pending', 'verified', 'rejected'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' };

/** A document's checklist entry as the admission's JSON answers it. */
export interface DocumentCheck {
  state: DocumentState;
  reason: string;
  checkedBy: string;
  checkedAt: string | null;
}
