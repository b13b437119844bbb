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
  /**
   * Pieces of documents sent in pieces (and checks of which are held), per address, an hour. A file
   * counts once in uploadsPerAddress; its pieces count here: 1,000 files of 10 MB, each piece sent
   * once and a dropped connection's resume for each. RATE_LIMIT_UPLOAD_PIECES.
   */
  uploadPiecesPerAddress: { max: 12_000, seconds: HOUR },
  /** Checks of which staged uploads are still held (a form's reload), per address, an hour: two reloads for each of 60 applications. RATE_LIMIT_UPLOAD_CHECK. */
  uploadChecksPerAddress: { max: 120, seconds: HOUR },
  /** Enquiries per address, an hour (refused ones count). RATE_LIMIT_ENQUIRY. */
  enquiriesPerAddress: { max: 60, seconds: HOUR },
  /** TC requests per address, an hour (refused ones count): a TC is asked once per child. RATE_LIMIT_TC_REQUEST. */
  tcRequestsPerAddress: { max: 30, seconds: HOUR },
  /**
   * A parent's lookups by record number and mobile number (both status pages, a rejected document's
   * replacement, the receipt and acknowledgment PDFs) share these three (src/server/status-check.ts);
   * a TC's verification by its number and date of issue counts in the first two.
   * Every well-formed try per address, an hour, right or wrong: a generous bound (a cyber café's 60
   * applications, each checked and its PDF downloaded) that stops one address scraping. RATE_LIMIT_STATUS_CHECK.
   */
  statusChecksPerAddress: { max: 120, seconds: HOUR },
  /** Wrong tries (no record has the pair) per address, an hour: a family's typos, many families behind one address. RATE_LIMIT_STATUS_CHECK_WRONG. */
  statusWrongTriesPerAddress: { max: 30, seconds: HOUR },
  /**
   * Wrong tries per mobile number tried, a day, from any address: reference and admission numbers
   * are sequential, so a known mobile number walking them needs about half a session's numbers
   * (hundreds of tries: weeks at 10 a day), while a parent's own typos stay well under it.
   * Right tries never count here, so no stranger can lock out a pair they do not know. RATE_LIMIT_STATUS_CHECK_MOBILE.
   */
  statusWrongTriesPerMobile: { max: 10, seconds: DAY },
  /** Reads of the TC request count per address, an hour: the form asks once per request sent, with room for resends (2 x 30). RATE_LIMIT_TC_COUNT. */
  tcCountsPerAddress: { max: 60, seconds: HOUR },
  /**
   * Wrong TC verifications (no issued TC has the number and date), from every address together, in
   * 15 minutes: TC numbers run in a series and dates of issue span weeks, so many addresses could
   * otherwise walk the issued TCs (the per-address limits above bound one address only). 3 in 15
   * minutes is 12 an hour: a year's TCs (about 1,600 to 3,150 wrong tries) take 5 to 11 days, while
   * a school's typo or two pass; when a walk fills it, everyone's checks wait at most 15 minutes and
   * the 429 gives the office's phone. RATE_LIMIT_TC_VERIFY_WRONG.
   */
  tcVerifyWrongTriesSiteWide: { max: 3, seconds: 15 * 60 },
  /**
   * E-mails to one address, a day, caused by public submissions (an enquiry's or TC request's
   * "received" letter): a family sends one or two, a stranger typing someone's address many; the
   * rest stay in the outbox, held and marked why. The office's own letters are not counted. RATE_LIMIT_PUBLIC_MAIL.
   */
  publicMailsPerAddress: { max: 3, seconds: DAY },
  /**
   * WhatsApp and SMS messages to one mobile number, a day, caused by public submissions (an
   * enquiry's, application's or TC request's "received" message), counted together: the same figure
   * as e-mail, since a family sends one or two forms a day and each such message costs the school
   * and reaches a phone. The rest stay in the outbox, held and marked why; the office's own messages
   * are not counted. RATE_LIMIT_PUBLIC_MOBILE.
   */
  publicTextsPerMobile: { max: 3, seconds: DAY },
} as const;
