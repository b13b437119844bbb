/** The hidden honeypot field of every public form, and the idempotency key field. */
export const HONEYPOT_FIELD = 'website';
export const SUBMISSION_KEY_FIELD = 'submissionKey';

/** A fresh idempotency key for one submission (kept with the draft until it succeeds). */
export const newSubmissionKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(Math.random() * 16).toString(16));
