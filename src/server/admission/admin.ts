/**
 * Admin reads and deletes of admissions, and the admin-only document endpoint.
 *
 * GET /v1/api/admission?page=&searchName=&searchClass=&limit= answers
 * { totalRecords, totalPages, currentPage, data }, newest first. `searchName` is a
 * case-insensitive word-prefix match on the student's first, middle and last names (so it
 * matches any of them, and 'ram sha' matches Ram / Sharma); `searchClass` is the exact class label.
 *
 * Deleting an admission deletes its documents' blobs too (the uploads rows cascade with it).
 */
import type { AdminContext } from '../auth.ts';
import { pageCount, recordAudit } from '../audit.ts';
import { documents } from '../blobs.ts';
import { isUuid, query, queryOne, transaction } from '../db.ts';
import { notFound } from '../errors.ts';
import { json, paging } from '../http.ts';
import { ADMISSION_FILE_FIELDS, admissionJson } from '../records/serialize.ts';
import { filterParam, listPage, nameQuery, serverTiming } from '../enquiry/admin.ts';

/** Everything an answer shows: never the Aadhaar ciphertext or its look-up hash. */
const COLUMNS = `id, reference_number, band, admission_class, student_first_name, student_middle_name, student_last_name,
  student_aadhaar_last4, father_first_name, father_middle_name, father_last_name, mother_first_name,
  mother_middle_name, mother_last_name, abc_id, contact_no, government_scholarship, payment_status,
  transaction_id, created_at, updated_at`;

const NAME_VECTOR = `to_tsvector('simple', student_first_name || ' ' || student_middle_name || ' ' || student_last_name)`;

interface FileRow {
  admission_id: string;
  field: string;
  content_type: string;
  name: string;
}

async function filesOf(ids: string[]): Promise<Map<string, { field: string; contentType: string; name: string }[]>> {
  const byAdmission = new Map<string, { field: string; contentType: string; name: string }[]>();
  if (!ids.length) return byAdmission;
  const rows = await query<FileRow>(
    `SELECT admission_id, field, content_type, name FROM uploads WHERE admission_id = ANY($1::uuid[]) AND field IS NOT NULL`,
    [ids],
  );
  for (const row of rows) {
    const list = byAdmission.get(row.admission_id) ?? [];
    list.push({ field: row.field, contentType: row.content_type, name: row.name });
    byAdmission.set(row.admission_id, list);
  }
  return byAdmission;
}

export async function listAdmissions(req: Request, _ctx: AdminContext): Promise<Response> {
  const url = new URL(req.url);
  const { page, limit, offset } = paging(url);
  const searchName = filterParam(url, 'searchName');
  const searchClass = filterParam(url, 'searchClass');
  const where: string[] = [];
  const params: unknown[] = [];
  if (searchName) {
    params.push(searchName);
    where.push(`${NAME_VECTOR} @@ ${nameQuery(`$${params.length}`)}`);
  }
  if (searchClass) {
    params.push(searchClass);
    where.push(`admission_class = $${params.length}`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const started = performance.now();
  const { rows, total } = await listPage({
    table: 'admissions',
    columns: `${COLUMNS.split(',').map((c) => `t.${c.trim()}`).join(', ')},
      (SELECT json_agg(json_build_object('field', u.field, 'contentType', u.content_type, 'name', u.name))
         FROM uploads u WHERE u.admission_id = t.id AND u.field IS NOT NULL) AS files`,
    filter,
    params,
    total: searchName ? 'count' : { bucket: searchClass ?? null },
    limit,
    offset,
  });
  return json(
    {
      totalRecords: total,
      totalPages: pageCount(total, limit),
      currentPage: page,
      data: rows.map((row) => admissionJson(row, (row.files as { field: string; contentType: string; name: string }[] | null) ?? [])),
    },
    200,
    { 'Server-Timing': serverTiming(started) },
  );
}

export async function getAdmission(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Admission not found');
  const row = await queryOne(`SELECT ${COLUMNS} FROM admissions WHERE id = $1`, [id]);
  if (!row) throw notFound('Admission not found');
  const files = await filesOf([id]);
  return json(admissionJson(row, files.get(id) ?? []));
}

/** Deletes blobs, retrying once; a key that still fails is logged (the row is already gone). */
export async function deleteBlobs(store: { delete(key: string): Promise<void> }, keys: string[], what: string): Promise<void> {
  const failed: string[] = [];
  await Promise.all(
    keys.map(async (key) => {
      try {
        await store.delete(key);
      } catch {
        try {
          await store.delete(key);
        } catch (error) {
          failed.push(key);
          console.error(`[${what}] could not delete blob ${key}`, error);
        }
      }
    }),
  );
  if (failed.length) console.error(`[${what}] ${failed.length} blob(s) left behind: ${failed.join(', ')}`);
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
  await deleteBlobs(documents(), keys, 'admission delete');
  return json({ message: 'Record deleted successfully', _id: id });
}

const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/**
 * A Content-Disposition value with a filename that cannot break the header or mislead: control
 * characters, quotes, slashes and the like become '_', the extension matches the real type, and a
 * non-ASCII name is also sent as RFC 6266 / 5987 `filename*`.
 */
export function contentDisposition(name: string, contentType: string, fallbackBase: string): string {
  const disposition = INLINE_TYPES.has(contentType) ? 'inline' : 'attachment';
  const ext = EXTENSION[contentType];
  // eslint-disable-next-line no-control-regex
  let clean = name.normalize('NFC').replace(/[\u0000-\u001f\u007f"\\/:*?<>|;]+/g, '_').trim();
  clean = clean.replace(/^\.+/, '').slice(0, 120);
  if (!clean) clean = fallbackBase;
  if (ext) {
    const hasExt = new RegExp(`\\.${ext === 'jpg' ? 'jpe?g' : ext}$`, 'i').test(clean);
    if (!hasExt) clean = `${clean}.${ext}`;
  }
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/%/g, '_');
  if (ascii === clean) return `${disposition}; filename="${ascii}"`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function getAdmissionFile(_req: Request, ctx: AdminContext): Promise<Response> {
  const { id, field } = ctx.params;
  if (!isUuid(id) || !field || !(ADMISSION_FILE_FIELDS as readonly string[]).includes(field)) throw notFound('Document not found');
  const row = await queryOne<{ blob_key: string; content_type: string; name: string; size: number }>(
    `SELECT blob_key, content_type, name, size FROM uploads WHERE admission_id = $1 AND field = $2`,
    [id, field],
  );
  if (!row) throw notFound('Document not found');
  const blob = await documents().get(row.blob_key, { type: 'arrayBuffer' });
  if (!blob) {
    console.error(`[admission document] blob ${row.blob_key} of admission ${id} is missing`);
    throw notFound('Document not found');
  }
  await recordAudit(ctx, { action: 'view', entity: 'admission', entityId: id, detail: field });
  return new Response(blob, {
    status: 200,
    headers: {
      'Content-Type': row.content_type,
      'Content-Length': String(blob.byteLength),
      'Content-Disposition': contentDisposition(row.name, row.content_type, field),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
