/**
 * The common reasons a document is rejected, offered to the office beside its own words. The code is
 * stored with the document (uploads.reason_code); the family reads the reason's sentence in its own
 * language (the text tables' `document.reason.<code>`, English ones here), the office its short label.
 */
export const DOCUMENT_REASONS = ['blurred', 'wrong-document', 'name-mismatch', 'expired', 'incomplete'] as const;
export type DocumentReason = (typeof DOCUMENT_REASONS)[number];

export const isDocumentReason = (value: unknown): value is DocumentReason =>
  (DOCUMENT_REASONS as readonly unknown[]).includes(value);

/** How the office's dialog names each reason. */
export const DOCUMENT_REASON_LABELS: Record<DocumentReason, string> = {
  blurred: 'Photo blurred or cut',
  'wrong-document': 'Wrong document',
  'name-mismatch': 'Name does not match',
  expired: 'Expired',
  incomplete: 'Incomplete',
};

/** What the family reads, in English (en.ts spreads these; hi.ts has each in Hindi). */
export const DOCUMENT_REASONS_EN = {
  'document.reason.blurred':
    'The photo is blurred or part of the document is cut off. Please send a clear photo of the whole document.',
  'document.reason.wrong-document': 'This is not the document that was asked for. Please send the right one.',
  'document.reason.name-mismatch': 'The name on the document does not match the name on the form.',
  'document.reason.expired': 'The document has expired. Please send one that is still valid.',
  'document.reason.incomplete': 'The document is incomplete. Please send all its pages.',
} as const satisfies Record<`document.reason.${DocumentReason}`, string>;
