/**
 * A parent's own look at an application, proven by its reference number and the mobile number on
 * its form (the limits and the one not-found answer: src/server/status-check.ts).
 *
 *   POST /v1/api/admission/status { referenceNumber, contactNo, language? }
 *     200 { referenceNumber, studentFirstName, admissionClass, status, statusLabel, updatedAt,
 *           missing: [{ field, label, reason }], feeDue: { amount, currency } | null, feeState, feeText,
 *           receipts: [{ number, amount, paidOn }], nextStep }
 *   POST /v1/api/admission/status/replace { referenceNumber, contactNo, field, uploadId, language? }
 *     200 the same answer, refreshed
 *
 * `language` 'hi' gives the words (statusLabel, feeText, nextStep, a common reason of a rejected
 * document) and the documents' names in Hindi. The admission fee is shown with its
 * class and session from the start, but asked for (feeState 'due') only once the application is
 * admitted. `receipts` are every receipt of the application, reversals included (negative amounts),
 * each a PDF at GET /v1/api/admission/receipt (receipt-pdf.server.ts). A replacement takes a staged upload (POST /v1/api/uploads) for a document the
 * office rejected, while the office still judges documents: the new upload becomes the field's
 * document (pending again), the old row goes, and its blob is deleted once that is committed. Nothing
 * else of an application can be changed here.
 */
import { recordAudit } from '../../server/audit.ts';
import { deleteBlobs } from '../../server/blobs.ts';
import { isUuid, query, queryOne, transaction } from '../../server/db.ts';
import { conflict, formRefusal, notFound } from '../../server/errors.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { checked, dueAnswer, feeTexts, lookUpPair } from '../../server/status-check.ts';
import { toIso } from '../../lib/dates.ts';
import { classFor, fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { ADMISSION_FILE_FIELDS, type FileField } from './admission.ts';
import { documentLabel } from './document-texts.ts';
import { DOCUMENTS_JUDGED_IN, type AdmissionStatus } from './workflow.ts';
import {
  checkAdmissionLookup,
  checkReplacement,
  type AdmissionStatusAnswer,
  type MissingDocument,
} from './status-check.ts';
import { feeStanding } from '../payments/payments.server.ts';
import { rejectionReason } from './rejection.server.ts';

const NO_MATCH_CODE = 'statusCheck.notFound.admission';
const NO_MATCH = fill('en', NO_MATCH_CODE);

export const REPLACE_TEXTS = {
  notRejected: 'Only a document the school office rejected can be sent again.',
  closed: fill('en', 'statusCheck.replace.closed'),
} as const;

interface Found {
  id: string;
  reference_number: string;
  student_first_name: string;
  admission_class: string;
  session: string;
  status: AdmissionStatus;
  status_changed_at: Date | null;
  created_at: Date;
}

/** The application of this pair: a single query whichever part is wrong. */
const findApplication = (referenceNumber: string, contactNo: string) =>
  queryOne<Found>(
    `SELECT id, reference_number, student_first_name, admission_class, session, status, status_changed_at, created_at
       FROM admissions WHERE reference_number = $1 AND contact_no = $2`,
    [referenceNumber, contactNo],
  );

/** The application of this pair as one counted try from `ip`, or the one 404. */
async function tryPair(ip: string, referenceNumber: string, contactNo: string): Promise<Found> {
  const row = await lookUpPair(ip, contactNo, () => findApplication(referenceNumber, contactNo));
  if (!row) throw notFound(NO_MATCH).withCode(NO_MATCH_CODE);
  return row;
}

const byFormOrder = (a: MissingDocument, b: MissingDocument) =>
  ADMISSION_FILE_FIELDS.indexOf(a.field) - ADMISSION_FILE_FIELDS.indexOf(b.field);

async function answer(row: Found, language: Language): Promise<AdmissionStatusAnswer> {
  const judged = DOCUMENTS_JUDGED_IN.includes(row.status);
  const [rejected, fee] = await Promise.all([
    judged
      ? query<{ field: FileField; state_reason: string | null; reason_code: string | null }>(
          `SELECT field, state_reason, reason_code FROM uploads WHERE admission_id = $1 AND field IS NOT NULL AND state = 'rejected'`,
          [row.id],
        )
      : Promise.resolve([]),
    feeStanding('admission', row.id, row.status),
  ]);
  const missing = rejected
    .map((r) => ({
      field: r.field,
      label: documentLabel(language, r.field),
      reason: rejectionReason(language, r.reason_code, r.state_reason),
    }))
    .sort(byFormOrder);
  const admitted = row.status === 'admitted';
  const purpose = fill(language, 'statusCheck.fee.admission', {
    class: classFor(language, row.admission_class),
    session: row.session,
  });
  const feeAnswer = feeTexts(language, fee, purpose, admitted);
  // Where the Pay button shows, the next step says the fee may be paid online too.
  const next: TextCode = missing.length
    ? 'statusCheck.next.admission.documents'
    : admitted && fee.balancePaise === 0
      ? 'statusCheck.next.admission.admitted.nothingDue'
      : admitted && feeAnswer.payOnline
        ? 'statusCheck.next.admission.admitted.online'
        : `statusCheck.next.admission.${row.status}`;
  return {
    referenceNumber: row.reference_number,
    studentFirstName: row.student_first_name,
    admissionClass: row.admission_class,
    status: row.status,
    statusLabel: fill(language, `status.admission.${row.status}`),
    updatedAt: toIso(row.status_changed_at ?? row.created_at),
    missing,
    feeDue: dueAnswer(fee.balancePaise),
    ...feeAnswer,
    receipts: fee.receipts,
    nextStep: fill(language, next),
  };
}

export const checkAdmissionStatus: Handler = async (req, { ip }) => {
  const { referenceNumber, contactNo, language } = checked(await readJson(req), checkAdmissionLookup);
  const found = await lookUpPair(
    ip,
    contactNo,
    () => findApplication(referenceNumber, contactNo),
    (row) => answer(row, language),
  );
  if (!found) throw notFound(NO_MATCH).withCode(NO_MATCH_CODE);
  return json(found);
};

export const replaceDocument: Handler = async (req, { ip }) => {
  const input = checked(await readJson(req), checkReplacement);
  const field = input.field as FileField;
  const found = await tryPair(ip, input.referenceNumber, input.contactNo);
  const uploadId = input.uploadId.toLowerCase();
  if (!isUuid(uploadId)) throw formRefusal(400, 'uploadMissing', ['uploadId']);

  const oldBlob = await transaction(async (tx) => {
    // The application first, as the office's verdicts lock it: a verdict and a replacement queue.
    const application = (
      await tx.query<{ status: AdmissionStatus }>(`SELECT status FROM admissions WHERE id = $1 FOR UPDATE`, [found.id])
    ).rows[0];
    if (!application) throw notFound(NO_MATCH).withCode(NO_MATCH_CODE);
    if (!DOCUMENTS_JUDGED_IN.includes(application.status)) throw conflict(REPLACE_TEXTS.closed).withCode('closed');
    const document = (
      await tx.query<{ id: string; state: string; blob_key: string }>(
        `SELECT id, state, blob_key FROM uploads WHERE admission_id = $1 AND field = $2`,
        [found.id, field],
      )
    ).rows[0];
    if (document?.state !== 'rejected')
      throw conflict(REPLACE_TEXTS.notRejected, { field: REPLACE_TEXTS.notRejected }).withCode('not-rejected');
    // The old row goes first: a field has one document (UNIQUE (admission_id, field)).
    await tx.query(`DELETE FROM uploads WHERE id = $1`, [document.id]);
    // A staged upload is claimed once: one already claimed, or swept, matches nothing.
    // Marked as the parent's: the office's "Re-sent by parents" queue and the details screen show it.
    const claimed = await tx.query(
      `UPDATE uploads SET admission_id = $1, field = $2, resent_at = now() WHERE id = $3 AND admission_id IS NULL RETURNING id`,
      [found.id, field, uploadId],
    );
    if (!claimed.rows.length) throw formRefusal(400, 'uploadMissing', ['uploadId']);
    await recordAudit(
      { admin: null, ip },
      { action: 'document-replaced', entity: 'admission', entityId: found.id, detail: field },
      tx,
    );
    await tx.query(`UPDATE admissions SET updated_at = now() WHERE id = $1`, [found.id]);
    return document.blob_key;
  });
  // After the commit: a failed replacement above leaves the rejected document in place.
  await deleteBlobs('documents', [oldBlob], 'document replaced');
  const now = await findApplication(input.referenceNumber, input.contactNo);
  if (!now) throw notFound(NO_MATCH).withCode(NO_MATCH_CODE);
  return json(await answer(now, input.language));
};
