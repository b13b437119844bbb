/**
 * POST /v1/api/admission (spec 01 sections 3, 5, 7; issue 5 points 3-6): multipart form data whose
 * file fields carry either the id of a staged upload (our forms) or the file itself (API
 * clients). Everything is checked before anything is stored; the admission row, its reference
 * number and the claim of its uploads are one transaction; blobs written for a refused or failed
 * request are deleted again.
 */
import { sealAadhaar } from '../aadhaar.ts';
import { isUuid, queryOne, transaction } from '../db.ts';
import { HttpError, badRequest, unsupportedType } from '../errors.ts';
import { json, type Handler } from '../http.ts';
import { rateLimit } from '../rate-limit.ts';
import { readMultipart } from '../multipart.ts';
import { checkHoneypot, isUniqueViolation, refuse, submissionKey } from '../forms/common.ts';
import { deleteBlobs, insertUpload, sniffType, writeDocument, type StoredDocument } from '../uploads.ts';
import { validateAdmission } from '../../lib/forms/admission.ts';
import { ADMISSION_FILE_FIELDS, type FileField } from '../../lib/forms/admission-bands.ts';
import { MAX_FILE_BYTES } from '../../lib/forms/files.ts';
import { MSG } from '../../lib/forms/messages.ts';

export const ADMISSIONS_PER_HOUR = 10;
const MAX_BODY = ADMISSION_FILE_FIELDS.length * (MAX_FILE_BYTES + 16 * 1024) + 256 * 1024;
const DIRECT = 'file:';
const isFileField = (name: string): name is FileField => (ADMISSION_FILE_FIELDS as readonly string[]).includes(name);

/** RMCP-2026-000123: the year (India time) and the sequence, zero-padded to six digits. */
export function referenceNumber(sequence: number | string, now = new Date()): string {
  const year = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(now);
  return `RMCP-${year}-${String(sequence).padStart(6, '0')}`;
}

export const createAdmission: Handler = async (req, { ip }) => {
  await rateLimit('admission', ip, ADMISSIONS_PER_HOUR, 3600);
  if (Number(req.headers.get('content-length') ?? '0') > MAX_BODY) throw new HttpError(413, 'Request body is too large');
  const { fields, files } = await readMultipart(req, {
    maxFileBytes: MAX_FILE_BYTES,
    maxFiles: ADMISSION_FILE_FIELDS.length,
    maxFields: 60,
    maxFieldBytes: 4 * 1024,
    fileTooLarge: MSG.fileTooLarge,
    acceptFile: isFileField,
  });
  checkHoneypot(fields);

  // A file part wins over an id of the same field; an empty file part (an empty input) is no file.
  const direct = new Map<FileField, { name: string; data: Buffer }>();
  for (const f of files) if (isFileField(f.field) && f.data.byteLength > 0 && !direct.has(f.field)) direct.set(f.field, f);
  const input: Record<string, unknown> = { ...fields };
  for (const field of ADMISSION_FILE_FIELDS) {
    if (direct.has(field)) input[field] = `${DIRECT}${field}`;
    else if (typeof input[field] === 'string' && (input[field] as string).startsWith(DIRECT)) input[field] = '';
  }
  const result = validateAdmission(input);
  if (!result.ok) throw refuse(result);
  const data = result.data;
  const key = submissionKey(fields);

  // The same submission again (its answer was lost on the way): the first one's answer.
  if (key) {
    const same = await queryOne<{ id: string; reference_number: string }>(
      `SELECT id, reference_number FROM admissions WHERE submission_key = $1`, [key]);
    if (same) return created(same);
  }

  // Every document is checked before any is stored.
  const staged: [FileField, string][] = [];
  const toWrite: [FileField, { name: string; data: Buffer }, NonNullable<Awaited<ReturnType<typeof sniffType>>>][] = [];
  for (const [field, value] of Object.entries(data.files) as [FileField, string][]) {
    const file = direct.get(field);
    if (file && value.startsWith(DIRECT)) {
      const type = await sniffType(file.data);
      if (!type) throw unsupportedType(MSG.fileType, { [field]: MSG.fileType });
      toWrite.push([field, file, type]);
    } else {
      if (!isUuid(value)) throw badRequest(MSG.uploadMissing, { [field]: MSG.uploadMissing });
      staged.push([field, value.toLowerCase()]);
    }
  }

  const written: [FileField, StoredDocument][] = [];
  try {
    for (const [field, file, type] of toWrite) written.push([field, await writeDocument(file.data, file.name, type)]);
    const seal = sealAadhaar(data.text.studentAadharNo);
    const row = await transaction(async (tx) => {
      const seq = await tx.query<{ n: string }>(`SELECT nextval('admission_reference_seq')::text AS n`);
      const t = data.text;
      const inserted = await tx.query<{ id: string; reference_number: string }>(
        `INSERT INTO admissions (reference_number, band, admission_class, student_first_name, student_middle_name,
           student_last_name, student_aadhaar_enc, student_aadhaar_hash, student_aadhaar_last4, father_first_name,
           father_middle_name, father_last_name, mother_first_name, mother_middle_name, mother_last_name, abc_id,
           contact_no, government_scholarship, payment_status, transaction_id, submission_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 'pending', NULL, $19)
         RETURNING id, reference_number`,
        [referenceNumber(seq.rows[0]!.n), data.band, data.classLabel, t.studentFirstName, t.studentMiddleName,
          t.studentLastName, seal.enc, seal.hash, seal.last4, t.fatherFirstName, t.fatherMiddleName, t.fatherLastName,
          t.motherFirstName, t.motherMiddleName, t.motherLastName, t.abcId, t.contactNo, data.governmentScholarship, key],
      );
      const admission = inserted.rows[0]!;
      for (const [field, id] of staged) {
        // An id is claimed once: a second claim finds admission_id already set and matches nothing.
        const claimed = await tx.query(
          `UPDATE uploads SET admission_id = $1, field = $2 WHERE id = $3 AND admission_id IS NULL RETURNING id`,
          [admission.id, field, id],
        );
        if (!claimed.rows.length) throw badRequest(MSG.uploadMissing, { [field]: MSG.uploadMissing });
      }
      for (const [field, doc] of written) await insertUpload(tx, doc, { admissionId: admission.id, field });
      return admission;
    });
    return created(row);
  } catch (error) {
    await deleteBlobs(written.map(([, doc]) => doc.blobKey));
    if (key && isUniqueViolation(error, 'submission_key')) {
      const same = await queryOne<{ id: string; reference_number: string }>(
        `SELECT id, reference_number FROM admissions WHERE submission_key = $1`, [key]);
      if (same) return created(same);
    }
    throw error;
  }
};

function created(row: { id: string; reference_number: string }): Response {
  return json({ message: MSG.admissionSuccess, admission: { _id: String(row.id), referenceNumber: row.reference_number } }, 201);
}
