/**
 * Admissions. POST /v1/api/admission is the public forms': multipart form data whose file fields
 * carry either the id of a staged upload (our forms) or the file itself (API clients). Everything
 * is checked before anything is stored; the admission row, its reference number and the claim of
 * its uploads are one transaction; blobs written for a refused or failed request are deleted again.
 *
 * The admin's: GET /v1/api/admission?page=&searchName=&searchClass=&limit= answers
 * { totalRecords, totalPages, currentPage, data }, newest first. `searchName` is a
 * case-insensitive word-prefix match on the student's first, middle and last names (so it matches
 * any of them, and 'ram sha' matches Ram / Sharma); `searchClass` is the exact class label.
 * Deleting an admission deletes its documents' blobs too (the uploads rows cascade with it).
 */
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { deleteBlobs } from '../../server/blobs.ts';
import { isUuid, placeholders, queryOne, transaction } from '../../server/db.ts';
import { HttpError, badRequest, notFound, unsupportedType } from '../../server/errors.ts';
import { json, type Handler } from '../../server/http.ts';
import { equals, nameSearch, listAnswer, readList, type ListSpec } from '../../server/lists.ts';
import { rateLimit } from '../../server/rate-limit.ts';
import { readMultipart } from '../../server/multipart.ts';
import { insertColumns, recordJson, selectColumns, type StoredFile } from '../../server/records.ts';
import { checkHoneypot, createOnce, refuse, submissionKey } from '../../server/forms.ts';
import { yearInIndia } from '../../lib/dates.ts';
import { fieldsIn } from '../../lib/record.ts';
import { MAX_FILE_BYTES, type AllowedMime } from '../../lib/forms/files.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { ADMISSION, ADMISSION_FILE_FIELDS, isFileField, type Admission, type FileField } from './admission.ts';
import { validateAdmission } from './schema.ts';
import { documentType, insertUpload, writeDocument, type StoredDocument } from './documents.server.ts';

export const ADMISSIONS_PER_HOUR = 10;
const MAX_BODY = ADMISSION_FILE_FIELDS.length * (MAX_FILE_BYTES + 16 * 1024) + 256 * 1024;
const DIRECT = 'file:';

/** The admin-only path that serves one document of an admission. */
const filePath = (id: string, field: string) => `/v1/api/admission/${id}/files/${field}`;

/** An admission for the admin API: each document field is its protected path, or null. */
function admissionJson(row: Record<string, unknown>, stored: readonly StoredFile[]): Admission {
  return {
    ...recordJson(ADMISSION, row, { files: { stored, path: filePath } }),
    fileTypes: Object.fromEntries(stored.map((f) => [f.field, f.contentType])),
  };
}

/** RMCP-2026-000123: the year (India time) and the sequence, zero-padded to six digits. */
export const referenceNumber = (sequence: number | string, now = new Date()) => `RMCP-${yearInIndia(now)}-${String(sequence).padStart(6, '0')}`;

/** The stored text fields, in the definition's order: all but the class and the scholarship answer, which are stored as checked. */
const TEXT_FIELDS = fieldsIn(ADMISSION, 'form').filter((f) => f.kind !== 'file' && f.name !== 'admissionClass' && f.name !== 'governmentScholarship');

type Created = { id: string; reference_number: string };

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
  const find = (k: string) => queryOne<Created>(`SELECT id, reference_number FROM admissions WHERE submission_key = $1`, [k]);

  const written: [FileField, StoredDocument][] = [];
  const row = await createOnce({
    key,
    find,
    // The same submission again looks first: its documents are not stored twice.
    lookFirst: true,
    create: async () => {
      // Every document is checked before any is stored.
      const staged: [FileField, string][] = [];
      const toWrite: [FileField, { name: string; data: Buffer }, AllowedMime][] = [];
      for (const [field, value] of Object.entries(data.files) as [FileField, string][]) {
        const file = direct.get(field);
        if (file && value.startsWith(DIRECT)) {
          const type = await documentType(file.data);
          if (!type) throw unsupportedType(MSG.fileType, { [field]: MSG.fileType });
          toWrite.push([field, file, type]);
        } else {
          if (!isUuid(value)) throw badRequest(MSG.uploadMissing, { [field]: MSG.uploadMissing });
          staged.push([field, value.toLowerCase()]);
        }
      }
      try {
        for (const [field, file, type] of toWrite) written.push([field, await writeDocument(file.data, file.name, type)]);
        const text = insertColumns(TEXT_FIELDS, data.text);
        return await transaction(async (tx) => {
          const seq = await tx.query<{ n: string }>(`SELECT nextval('admission_reference_seq')::text AS n`);
          const columns = ['reference_number', 'band', 'admission_class', ...text.columns, 'government_scholarship', 'payment_status', 'submission_key'];
          const values = [referenceNumber(seq.rows[0]!.n), data.band, data.classLabel, ...text.values, data.governmentScholarship, 'pending', key];
          const inserted = await tx.query<Created>(
            `INSERT INTO admissions (${columns.join(', ')}) VALUES (${placeholders(values.length)}) RETURNING id, reference_number`,
            values,
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
      } catch (error) {
        await deleteBlobs('documents', written.map(([, doc]) => doc.blobKey), 'admission create');
        throw error;
      }
    },
  });
  return json({ message: MSG.admissionSuccess, admission: { _id: String(row.id), referenceNumber: row.reference_number } }, 201);
};

const COLUMNS = selectColumns(ADMISSION);
const FILES_OF_ROW = `(SELECT json_agg(json_build_object('field', u.field, 'contentType', u.content_type))
  FROM uploads u WHERE u.admission_id = t.id AND u.field IS NOT NULL) AS files`;

/** The admin list: also what an export of the same filters walks. */
export const ADMISSION_LIST: ListSpec = {
  table: 'admissions',
  columns: `${selectColumns(ADMISSION, 't')}, ${FILES_OF_ROW}`,
  filters: {
    searchName: nameSearch(`student_first_name || ' ' || student_middle_name || ' ' || student_last_name`),
    searchClass: equals('admission_class', true),
  },
  counted: true,
};

export async function listAdmissions(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), ADMISSION_LIST);
  return listAnswer(list, {
    totalRecords: list.total,
    totalPages: list.totalPages,
    currentPage: list.page,
    data: list.rows.map((row) => admissionJson(row, (row.files as StoredFile[] | null) ?? [])),
  });
}

export async function getAdmission(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Admission not found');
  const row = await queryOne(`SELECT ${COLUMNS}, ${FILES_OF_ROW} FROM admissions t WHERE id = $1`, [id]);
  if (!row) throw notFound('Admission not found');
  return json(admissionJson(row, (row.files as StoredFile[] | null) ?? []));
}

export async function deleteAdmission(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Admission not found');
  const keys = await transaction(async (tx) => {
    // Lock the admission first, so no upload can be claimed by it while it goes.
    const { rows } = await tx.query(`SELECT id FROM admissions WHERE id = $1 FOR UPDATE`, [id]);
    if (!rows.length) return undefined;
    const uploads = await tx.query<{ blob_key: string }>(`SELECT blob_key FROM uploads WHERE admission_id = $1`, [id]);
    await tx.query(`DELETE FROM admissions WHERE id = $1`, [id]);
    await recordAudit(ctx, { action: 'delete', entity: 'admission', entityId: id }, tx);
    return uploads.rows.map((row) => row.blob_key);
  });
  if (!keys) throw notFound('Admission not found');
  // After the commit: a failed delete above leaves every document in place and reachable.
  await deleteBlobs('documents', keys, 'admission delete');
  return json({ message: 'Record deleted successfully', _id: id });
}
