/**
 * Admissions. POST /v1/api/admission is the public forms': multipart form data whose file fields
 * carry either the id of a staged upload (our forms) or the file itself (API clients). Everything
 * is checked before anything is stored; the admission row, its reference number and the claim of
 * its uploads are one transaction; blobs written for a refused or failed request are deleted again.
 *
 * The admin's: GET /v1/api/admission?page=&searchName=&searchClass=&status=&limit= answers
 * { totalRecords, totalPages, currentPage, data }, newest first, each row marked `duplicate` when
 * another application looks like the same child's. `searchName` finds a case-insensitive word-prefix
 * match on any name of the student, father or mother, first, middle or last ('ram sha' matches Ram /
 * Sharma), the start of the reference number, or the mobile number (recordSearch in
 * src/features/record-search.server.ts); `searchClass` is the exact class label; `status` the exact status; `resent`
 * (any value) keeps applications with a document re-sent by the parent and not yet judged.
 * PATCH /v1/api/admission/{id} moves its status (src/features/workflow-moves.server.ts); PATCH
 * .../documents/{field} judges one document. GET /v1/api/admission/export.csv takes the list's
 * filters and answers them all as CSV (src/server/csv-export.ts). Deleting an admission deletes its documents' blobs
 * too (the uploads rows cascade with it).
 */
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { deleteBlobs } from '../../server/blobs.ts';
import { getPool, isUuid, placeholders, query, queryOne, transaction } from '../../server/db.ts';
import { badRequest, conflict, formRefusal, notFound } from '../../server/errors.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import {
  equals,
  paidSince,
  receivedSince,
  statusEquals,
  listAnswer,
  readList,
  type ListSpec,
} from '../../server/lists.ts';
import { recordSearch } from '../record-search.server.ts';
import { countHitOf, rateLimit } from '../../server/rate-limit.ts';
import { limits } from '../../config/limits.ts';
import { csvExport, type ExportExtra } from '../../server/csv-export.ts';
import { readMultipart } from '../../server/multipart.ts';
import { recordJson, selectColumns, type StoredFile } from '../../server/records.ts';
import { insertColumns } from '../insert-columns.server.ts';
import { forgetRecord, getRecord } from '../../server/record-routes.ts';
import { bodyText, changeStatus, workflowJson, writeMove } from '../workflow-moves.server.ts';
import type { WorkflowRoute } from '../../server/workflow-route.ts';
import { checkHoneypot, createOnce, refuse, submissionHash, submissionKey } from '../../server/forms.ts';
import { toIso, yearInIndia } from '../../lib/dates.ts';
import { sessionOf } from '../../lib/sessions.ts';
import { ageCheck } from '../../lib/age.ts';
import { fieldsIn } from '../../lib/record.ts';
import { ONE_REQUEST_FILE_BYTES, type AllowedMime } from '../../lib/forms/files.ts';
import { FORM_TEXTS, formCode } from '../../lib/forms/texts.ts';
import {
  ADMISSION,
  ADMISSION_FILE_FIELDS,
  fileLabel,
  isFileField,
  type Admission,
  type FileField,
} from './admission.ts';
import {
  ADMISSION_WORKFLOW,
  DOCUMENTS_JUDGED_IN,
  DOCUMENT_STATES,
  RESENT_PENDING,
  documentNotNeeded,
  type AdmissionStatus,
  type DocumentState,
} from './workflow.ts';
import { claimSeat } from './seats.server.ts';
import { validateAdmission } from './schema.ts';
import { checkedDocument, insertUpload, writeDocument, type StoredDocument } from './documents.server.ts';
import { feeExportColumns, paymentDetails } from '../payments/payments.server.ts';
import { messageAlongside, messageFor, queueLetter } from '../outbox/outbox.server.ts';
import { sendSoon } from '../../server/mailer.ts';
import { admissionDocumentRejected } from './kind-letters.ts';
import {
  DOCUMENT_REASONS,
  DOCUMENT_REASON_LABELS,
  isDocumentReason,
  type DocumentReason,
} from '../../lib/document-reasons.ts';
import { rejectionReason } from './rejection.server.ts';
import { documentLabel } from './document-texts.ts';
import { referenceNumberOf } from '../../lib/record-numbers.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { offersClass } from '../../lib/school-profile.ts';
import { privacyJson } from '../../lib/privacy-state.ts';
import { ADMISSION_KIND, admissionFacts } from './kind.ts';
import { statusRouteOf } from '../record-kind.ts';
import { enrolFromAdmission, pupilByAdmission } from '../register/register.server.ts';

const DIRECT = 'file:';

/** The admin-only path that serves one document of an admission. */
const filePath = (id: string, field: string) => `/v1/api/admission/${id}/files/${field}`;

/** An admission for the admin API: each document field is its protected path, or null. */
function admissionJson(row: Record<string, unknown>, stored: readonly StoredFile[]): Admission {
  return {
    ...recordJson(ADMISSION, row, { files: { stored, path: filePath } }),
    fileTypes: Object.fromEntries(stored.map((f) => [f.field, f.contentType])),
    ageOutsideRange: typeof row.age_outside_range === 'boolean' ? row.age_outside_range : null,
  };
}

/** The stored text fields, in the definition's order: all but the class and the scholarship answer, which are stored as checked. */
const TEXT_FIELDS = fieldsIn(ADMISSION, 'form').filter(
  (f) => f.kind !== 'file' && f.name !== 'admissionClass' && f.name !== 'governmentScholarship',
);

type Created = {
  id: string;
  reference_number: string;
  created_at: Date | string;
  admission_class: string;
  submission_hash?: string | null;
};

export const createAdmission: Handler = async (req, ctx) => {
  const { ip } = ctx;
  await rateLimit('admission', ip, limits.admissionsPerAddress.max, limits.admissionsPerAddress.seconds);
  const { fields, files } = await readMultipart(req, {
    maxFileBytes: ONE_REQUEST_FILE_BYTES,
    maxFiles: ADMISSION_FILE_FIELDS.length,
    maxFields: 60,
    maxFieldBytes: 4 * 1024,
    fileTooLarge: FORM_TEXTS.fileTooLarge,
    fileTooLargeCode: formCode('fileTooLarge'),
    acceptFile: isFileField,
  });
  checkHoneypot(fields);

  // A file part wins over an id of the same field; an empty file part (an empty input) is no file.
  const direct = new Map<FileField, { name: string; data: Buffer }>();
  for (const f of files)
    if (isFileField(f.field) && f.data.byteLength > 0 && !direct.has(f.field)) direct.set(f.field, f);
  const input: Record<string, unknown> = { ...fields };
  for (const field of ADMISSION_FILE_FIELDS) {
    if (direct.has(field)) input[field] = `${DIRECT}${field}`;
    else if (typeof input[field] === 'string' && (input[field] as string).startsWith(DIRECT)) input[field] = '';
  }
  const result = validateAdmission(input);
  if (!result.ok) throw refuse(result);
  const data = result.data;
  // Only a class the school offers now (its profile): a form loaded before a change, or a crafted request, is refused.
  if (!offersClass(await schoolProfile(), data.classLabel))
    throw formRefusal(400, 'classNotOffered', ['admissionClass']);
  // Computed here, never taken from the form: the office's list marks a date outside the class's range.
  const session = sessionOf();
  const ageOutside = ageCheck(data.text.dateOfBirth, data.classLabel, session)?.outside ?? false;
  const key = submissionKey(fields);
  // The documents count by which are there: a resend after a reload uploads them again under new ids.
  const hash = submissionHash({ ...data, files: Object.keys(data.files).sort() });
  const find = (k: string) =>
    queryOne<Created>(
      `SELECT id, reference_number, created_at, admission_class, submission_hash FROM admissions WHERE submission_key = $1`,
      [k],
    );

  const written: [FileField, StoredDocument][] = [];
  const row = await createOnce({
    key,
    hash,
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
          toWrite.push([field, file, await checkedDocument(file.data, field)]);
        } else {
          if (!isUuid(value)) throw formRefusal(400, 'uploadMissing', [field]);
          staged.push([field, value.toLowerCase()]);
        }
      }
      try {
        for (const [field, file, type] of toWrite)
          written.push([field, await writeDocument(file.data, file.name, type)]);
        const text = insertColumns(TEXT_FIELDS, data.text);
        // The school's prefix as its profile has it (read at most every few seconds): SPS-2026-000123.
        const { referencePrefix } = await schoolProfile();
        return await transaction(async (tx) => {
          // Counted with the application itself: one refused or undone is not counted, and a
          // resubmission answered with the first application (above) never gets here. The
          // reference number's sequence is read in the same round trip.
          const { n } = (
            await countHitOf(
              'admission_mobile',
              data.text.contactNo as string,
              limits.admissionsPerMobile.max,
              limits.admissionsPerMobile.seconds,
              { db: tx, message: 'mobileLimit', select: `nextval('admission_reference_seq')::text AS n` },
            )
          ).row;
          const columns = [
            'reference_number',
            'session',
            'band',
            'admission_class',
            ...text.columns,
            'government_scholarship',
            'age_outside_range',
            'payment_status',
            'submission_key',
            'submission_hash',
          ];
          const values = [
            referenceNumberOf(referencePrefix, yearInIndia(), String(n)),
            session,
            data.band,
            data.classLabel,
            ...text.values,
            data.governmentScholarship,
            ageOutside,
            'pending',
            key,
            hash,
          ];
          // The parent's message is written from the row as it will be stored (the letter names its reference number).
          const stored = {
            ...Object.fromEntries(columns.map((c, i) => [c, values[i]])),
            status: ADMISSION_WORKFLOW.initial,
          };
          const message = messageAlongside('admission', messageFor('admission', 'submitted', stored));
          // The application, its staged documents claimed and the parent's message: one statement.
          // An id is claimed once: a second claim finds admission_id already set and matches
          // nothing, and the first field left unclaimed is named (the transaction then undoes it all).
          const at = values.length;
          const inserted = await tx.query<Created & { claimed: string[] }>(
            `WITH created AS (
               INSERT INTO admissions (${columns.join(', ')}) VALUES (${placeholders(at)})
               RETURNING id, reference_number, created_at, admission_class),
             claimed AS (
               UPDATE uploads SET admission_id = created.id, field = staged.field
                 FROM created, unnest($${at + 1}::uuid[], $${at + 2}::text[]) AS staged (id, field)
                WHERE uploads.id = staged.id AND uploads.admission_id IS NULL RETURNING uploads.id)${
                  message ? `,\n             alongside AS (${message.sql(at + 3)})` : ''
                }
             SELECT created.*, ARRAY(SELECT id::text FROM claimed) AS claimed FROM created`,
            [...values, staged.map(([, id]) => id), staged.map(([field]) => field), ...(message?.values ?? [])],
          );
          const { claimed, ...admission } = inserted.rows[0]!;
          const ids = new Set(claimed);
          // One upload named by two fields is claimed once, by the first.
          const missing = staged.find(([, id], i) => !ids.has(id) || staged.findIndex(([, o]) => o === id) < i);
          if (missing) throw formRefusal(400, 'uploadMissing', [missing[0]]);
          for (const [field, doc] of written) await insertUpload(tx, doc, { admissionId: admission.id, field });
          return admission;
        });
      } catch (error) {
        await deleteBlobs(
          'documents',
          written.map(([, doc]) => doc.blobKey),
          'admission create',
        );
        throw error;
      }
    },
  });
  await sendSoon(ctx, { entity: 'admission', recordId: String(row.id) });
  // The parent's acknowledgment shows when it was sent and the class as stored.
  const admission = {
    _id: String(row.id),
    referenceNumber: row.reference_number,
    createdAt: toIso(row.created_at),
    admissionClass: row.admission_class,
  };
  return json({ message: FORM_TEXTS.admissionSuccess, admission }, 201);
};

const COLUMNS = selectColumns(ADMISSION);
const FILES_OF_ROW = `(SELECT json_agg(json_build_object('field', u.field, 'contentType', u.content_type))
  FROM uploads u WHERE u.admission_id = t.id AND u.field IS NOT NULL) AS files`;

/** Another application of the same child: the same Aadhaar number, or the same contact number and first name. */
const SAME_CHILD = (other: string, row: string) =>
  `(${other}.student_aadhaar_hash = ${row}.student_aadhaar_hash
    OR (${other}.contact_no = ${row}.contact_no AND lower(${other}.student_first_name) = lower(${row}.student_first_name)))`;

/** The admin list: also what an export of the same filters walks. */
export const ADMISSION_LIST: ListSpec = {
  table: 'admissions',
  columns: `${selectColumns(ADMISSION, 't')}, t.age_outside_range, ${FILES_OF_ROW},
    EXISTS (SELECT 1 FROM admissions d WHERE d.id <> t.id AND ${SAME_CHILD('d', 't')}) AS has_duplicate`,
  filters: {
    searchName: recordSearch(ADMISSION_KIND.search),
    searchClass: equals('admission_class', { record_counts: 'bucket', status_counts: 'admission_class' }),
    status: statusEquals,
    resent: { where: (p) => `(${p} <> '' AND ${RESENT_PENDING('admissions')})` },
    from: receivedSince,
    paidFrom: paidSince('admission'),
  },
  counted: true,
};

/** The documents of an application, counted for its CSV row (one column per document would mostly be empty). */
const DOCUMENT_STATES_COUNTED = ['received', 'verified', 'rejected'] as const;
const DOCUMENT_COUNTS: ExportExtra = {
  load: async (ids) => {
    const counts = await query<Record<string, unknown>>(
      `SELECT admission_id, count(*)::int AS received, (count(*) FILTER (WHERE state = 'verified'))::int AS verified,
         (count(*) FILTER (WHERE state = 'rejected'))::int AS rejected
         FROM uploads WHERE admission_id = ANY($1::uuid[]) AND field IS NOT NULL GROUP BY admission_id`,
      [ids],
    );
    return new Map(counts.map((c) => [String(c.admission_id), { documents: c }]));
  },
  cells: DOCUMENT_STATES_COUNTED.map((state) => ({
    label: `Documents ${state}`,
    cell: (row: Record<string, unknown>) =>
      Number((row.documents as Record<string, unknown> | undefined)?.[state] ?? 0),
  })),
};

export const exportAdmissions = csvExport({
  def: ADMISSION,
  list: ADMISSION_LIST,
  fileName: 'admissions',
  extra: [DOCUMENT_COUNTS, feeExportColumns('admission')],
});

export async function listAdmissions(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), ADMISSION_LIST);
  return listAnswer(list, {
    totalRecords: list.total,
    totalPages: list.totalPages,
    currentPage: list.page,
    data: list.rows.map((row) => ({
      ...admissionJson(row, (row.files as StoredFile[] | null) ?? []),
      duplicate: row.has_duplicate === true,
    })),
  });
}

const NOT_FOUND = 'Admission not found';

/** One admission as its details screen reads it: fields, documents with their checklist, history, possible duplicates. */
export async function loadAdmission(id: string): Promise<Admission | undefined> {
  const row = await queryOne(
    `SELECT ${COLUMNS}, age_outside_range, status_changed_at, erased_at, consent_withdrawn_at, consent_withdrawn_note FROM admissions t WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const uploads = await query<Record<string, unknown>>(
    `SELECT field, content_type, state, state_reason, reason_code, checked_by, checked_at, resent_at FROM uploads WHERE admission_id = $1 AND field IS NOT NULL`,
    [id],
  );
  const stored = uploads.map((u) => ({ field: String(u.field), contentType: String(u.content_type) }));
  const documents = Object.fromEntries(
    uploads.map((u) => [
      String(u.field),
      {
        state: u.state as DocumentState,
        reason: String(u.state_reason ?? ''),
        reasonCode: isDocumentReason(u.reason_code) ? u.reason_code : null,
        checkedBy: String(u.checked_by ?? ''),
        checkedAt: u.checked_at ? toIso(u.checked_at) : null,
        resentAt: u.resent_at ? toIso(u.resent_at) : null,
      },
    ]),
  );
  const duplicates = await query<Record<string, unknown>>(
    `SELECT d.id, d.reference_number, d.student_first_name, d.student_middle_name, d.student_last_name, d.admission_class, d.status, d.created_at,
            d.student_aadhaar_hash = t.student_aadhaar_hash AS same_aadhaar,
            (d.contact_no = t.contact_no AND lower(d.student_first_name) = lower(t.student_first_name)) AS same_contact
       FROM admissions t JOIN admissions d ON d.id <> t.id AND ${SAME_CHILD('d', 't')}
      WHERE t.id = $1 ORDER BY d.created_at DESC LIMIT 20`,
    [id],
  );
  const pupil = await pupilByAdmission(getPool(), id);
  return {
    ...admissionJson(row, stored),
    pupil: pupil
      ? { _id: pupil._id, admissionNumber: pupil.admissionNumber, class: pupil.class, section: pupil.section }
      : null,
    ...(await workflowJson(STATUS_ROUTE, row)),
    ...(await paymentDetails('admission', id)),
    ...privacyJson(row),
    documents,
    duplicates: duplicates.map((d) => ({
      _id: String(d.id),
      referenceNumber: String(d.reference_number),
      studentName: [d.student_first_name, d.student_middle_name, d.student_last_name].filter(Boolean).join(' '),
      admissionClass: String(d.admission_class),
      status: String(d.status),
      createdAt: toIso(d.created_at),
      sameAadhaar: d.same_aadhaar === true,
      sameContact: d.same_contact === true,
    })),
  };
}

export const ADMISSION_TEXTS = {
  documentsFirst: 'Every document must be verified first',
  documentsWhen: 'Documents are checked while the application is Received, Under review or Documents verified.',
  state: 'Choose verified, rejected or pending.',
  reason: 'Choose a reason, or write why the document is rejected.',
  reasonCode: `Choose one of the reasons: ${DOCUMENT_REASONS.join(', ')}.`,
} as const;

const STATUS_ROUTE: WorkflowRoute<AdmissionStatus> = {
  ...statusRouteOf<AdmissionStatus>(ADMISSION_KIND),
  check: async (move) => {
    if (move.to === 'documents-verified') {
      const { rows } = await move.tx.query<{ field: string; state: string; abc_id: string | null }>(
        `SELECT u.field, u.state, a.abc_id FROM uploads u JOIN admissions a ON a.id = u.admission_id
          WHERE u.admission_id = $1 AND u.field IS NOT NULL AND u.state <> 'verified' ORDER BY u.field`,
        [move.id],
      );
      const open = rows.filter((r) => !documentNotNeeded(r.abc_id, r.field));
      if (open.length) {
        const list = open.map((r) => `${fileLabel(r.field as FileField)} (${r.state})`).join(', ');
        throw conflict(`${ADMISSION_TEXTS.documentsFirst}: ${list}.`);
      }
    }
    if (move.to === 'admitted') {
      await claimSeat(move);
      // Joins the register in the same transaction; a principal's reopening leaves the pupil, and
      // admitting again finds it rather than taking a second number.
      await enrolFromAdmission(move.tx, move.row);
    }
  },
  answer: async (id) => (await loadAdmission(id))!,
};

export const getAdmission = (_req: Request, ctx: AdminContext) =>
  getRecord(ctx, { notFound: NOT_FOUND, load: loadAdmission });

export const moveAdmission = changeStatus(STATUS_ROUTE);

const REASON_MAX = 300;

/**
 * PATCH /v1/api/admission/{id}/documents/{field} { state, reason? }: a document verified, rejected
 * (with the reason the parent will read) or back to pending. Rejecting or reopening one of an
 * application marked Documents verified sends it back to Under review.
 */
export async function judgeDocument(req: Request, ctx: AdminContext): Promise<Response> {
  const { id, field } = ctx.params;
  if (!isUuid(id) || !field || !isFileField(field)) throw notFound('Document not found');
  const body = await readJson(req);
  const state = body.state;
  if (!(DOCUMENT_STATES as readonly unknown[]).includes(state))
    throw badRequest(ADMISSION_TEXTS.state, { state: ADMISSION_TEXTS.state });
  const reason = bodyText(body, 'reason', REASON_MAX, 'The reason');
  const code =
    body.reasonCode === undefined || body.reasonCode === null || body.reasonCode === '' ? null : body.reasonCode;
  if (code !== null && !isDocumentReason(code))
    throw badRequest(ADMISSION_TEXTS.reasonCode, { reasonCode: ADMISSION_TEXTS.reasonCode });
  const rejected = state === 'rejected';
  if (rejected && !reason && !code) throw badRequest(ADMISSION_TEXTS.reason, { reason: ADMISSION_TEXTS.reason });
  await transaction(async (tx) => {
    const admission = (
      await tx.query<{ status: AdmissionStatus; abc_id: string | null }>(
        `SELECT status, abc_id FROM admissions WHERE id = $1 FOR UPDATE`,
        [id],
      )
    ).rows[0];
    if (!admission) throw notFound(NOT_FOUND);
    if (!DOCUMENTS_JUDGED_IN.includes(admission.status)) throw conflict(ADMISSION_TEXTS.documentsWhen);
    const judged = await tx.query(
      `UPDATE uploads SET state = $3, state_reason = $4, reason_code = $5, checked_by = $6, checked_at = now() WHERE admission_id = $1 AND field = $2 RETURNING id`,
      [id, field, state, rejected ? reason : null, rejected ? code : null, ctx.admin.name],
    );
    if (!judged.rows.length) throw notFound('Document not found');
    const why = [rejected && code ? DOCUMENT_REASON_LABELS[code as DocumentReason] : '', rejected ? reason : '']
      .filter(Boolean)
      .join(': ');
    await recordAudit(
      ctx,
      { action: 'document', entity: 'admission', entityId: id, detail: `${field}: ${state}${why ? ` (${why})` : ''}` },
      tx,
    );
    if (
      admission.status === 'documents-verified' &&
      state !== 'verified' &&
      !documentNotNeeded(admission.abc_id, field)
    ) {
      await writeMove(
        tx,
        STATUS_ROUTE,
        id,
        { from: admission.status, to: 'under-review', note: `${fileLabel(field)} is ${state} again.` },
        ctx,
      );
    }
    await tx.query(`UPDATE admissions SET updated_at = now() WHERE id = $1`, [id]);
    // The family hears at once which document to send again and why, with the status page to send it.
    if (rejected) {
      await queueLetter(tx, 'admission', id, (language, row) =>
        admissionDocumentRejected(language, admissionFacts(row), {
          label: documentLabel(language, field),
          reason: rejectionReason(language, code, reason),
        }),
      );
    }
  });
  await sendSoon(ctx, { entity: 'admission', recordId: id });
  return json(await loadAdmission(id));
}

export async function deleteAdmission(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const keys = await transaction(async (tx) => {
    // Lock the admission first, so no upload can be claimed by it while it goes.
    const { rows } = await tx.query(`SELECT id FROM admissions WHERE id = $1 FOR UPDATE`, [id]);
    if (!rows.length) return undefined;
    const uploads = await tx.query<{ blob_key: string }>(`SELECT blob_key FROM uploads WHERE admission_id = $1`, [id]);
    await forgetRecord(tx, 'admission', id);
    await tx.query(`DELETE FROM admissions WHERE id = $1`, [id]);
    await recordAudit(ctx, { action: 'delete', entity: 'admission', entityId: id }, tx);
    return uploads.rows.map((row) => row.blob_key);
  });
  if (!keys) throw notFound(NOT_FOUND);
  // After the commit: a failed delete above leaves every document in place and reachable.
  await deleteBlobs('documents', keys, 'admission delete');
  return json({ message: 'Record deleted successfully', _id: id });
}
