/**
 * The public forms' limits, each counted over a sliding window (src/server/rate-limit.ts) and each
 * changeable by the environment for tests and benchmarks (RATE_LIMIT_<BUCKET>, named below).
 *
 * Many families reach the site through one address (a mobile carrier's shared address, a cyber
 * café), so an address may send 60 applications and 60 enquiries an hour; what stops one family
 * sending the same application over and over is the limit on its mobile number.
 */
const HOUR = 3600;
const DAY = 24 * HOUR;

export const limits = {
  /** Applications per mobile number (the form's contactNo), a day. RATE_LIMIT_ADMISSION_MOBILE. */
  admissionsPerMobile: { max: 5, seconds: DAY },
  /** Application requests per address, an hour: 60 applications and room for a resend or a refusal each. RATE_LIMIT_ADMISSION. */
  admissionsPerAddress: { max: 120, seconds: HOUR },
  /** Document uploads per address, an hour: 60 applications of up to 13 documents, with retries. RATE_LIMIT_UPLOADS. */
  uploadsPerAddress: { max: 1000, seconds: HOUR },
  /** Checks of which staged uploads are still held (a form's reload), per address, an hour: two reloads for each of 60 applications. RATE_LIMIT_UPLOAD_CHECK. */
  uploadChecksPerAddress: { max: 120, seconds: HOUR },
  /** Enquiries per address, an hour (refused ones count). RATE_LIMIT_ENQUIRY. */
  enquiriesPerAddress: { max: 60, seconds: HOUR },
  /** TC requests per address, an hour (refused ones count): a TC is asked once per child. RATE_LIMIT_TC_REQUEST. */
  tcRequestsPerAddress: { max: 30, seconds: HOUR },
  /** Status checks (both status pages and a document's replacement) per address, an hour: families sharing a connection check theirs. RATE_LIMIT_STATUS_CHECK. */
  statusChecksPerAddress: { max: 60, seconds: HOUR },
  /** Status checks per record number, an hour, from any address: what stops guessing a record's mobile number. RATE_LIMIT_STATUS_CHECK_NUMBER. */
  statusChecksPerNumber: { max: 5, seconds: HOUR },
  /** Acknowledgment PDFs per address, an hour: one or two for each of 60 applications. RATE_LIMIT_ACKNOWLEDGMENT. */
  acknowledgmentsPerAddress: { max: 120, seconds: HOUR },
  /**
   * E-mails to one address, a day, caused by public submissions (an enquiry's or TC request's
   * "received" letter): a family sends one or two, a stranger typing someone's address many; the
   * rest stay in the outbox, held and marked why. The office's own letters are not counted. RATE_LIMIT_PUBLIC_MAIL.
   */
  publicMailsPerAddress: { max: 3, seconds: DAY },
} as const;
