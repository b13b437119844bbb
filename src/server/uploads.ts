/**
 * Admission documents. Each file is uploaded on its own as soon as the parent chooses it
 * (POST /v1/api/uploads) and staged, private, in the `documents` blob store with a row in
 * `uploads` (admission_id NULL). An admission claims its staged uploads in the transaction
 * that stores it; staged uploads nobody claimed within 24 hours are deleted (cleanupUploads).
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { blobBody, documents } from './blobs.ts';
import { getPool, query, type Queryable } from './db.ts';
import { HttpError, badRequest, unsupportedType } from './errors.ts';
import { json, type Handler } from './http.ts';
import { rateLimit } from './rate-limit.ts';
import { readMultipart } from './multipart.ts';
import { MAX_FILE_BYTES, isAllowedMime, safeFileName, type AllowedMime } from '../lib/forms/files.ts';
import { MSG } from '../lib/forms/messages.ts';

/** Multipart framing around one file: headers, boundary, a file name. */
const ENVELOPE_BYTES = 16 * 1024;
export const UPLOADS_PER_HOUR = 60;
export const STAGED_MAX_AGE_HOURS = 24;
export const BLOB_PREFIX = 'uploads/';

/** The type of a document by its bytes (magic numbers), never by its name: PDF, JPEG or PNG. */
export async function sniffType(data: Uint8Array): Promise<AllowedMime | undefined> {
  if (data.byteLength === 0) return undefined;
  const found = await fileTypeFromBuffer(data);
  return isAllowedMime(found?.mime) ? found.mime : undefined;
}

export interface StoredDocument {
  id: string;
  blobKey: string;
  name: string;
  size: number;
  type: AllowedMime;
  sha256: string;
}

/** The blob key carries its creation time, so the orphan sweep can tell its age without a read. */
const blobKeyFor = (id: string) => `${BLOB_PREFIX}${Date.now()}-${id}`;
const blobTime = (key: string) => Number(/^uploads\/(\d+)-/.exec(key)?.[1] ?? NaN);

/** Writes one checked document to the private store. The caller records it (or deletes it). */
export async function writeDocument(data: Buffer, name: string, type: AllowedMime): Promise<StoredDocument> {
  const id = randomUUID();
  const blobKey = blobKeyFor(id);
  const sha256 = createHash('sha256').update(data).digest('hex');
  const safeName = safeFileName(name);
  await documents().set(blobKey, blobBody(data), {
    metadata: { name: safeName, type, sha256, size: data.byteLength },
  });
  return { id, blobKey, name: safeName, size: data.byteLength, type, sha256 };
}

/** Best effort: a blob this fails to delete is found by the orphan sweep of cleanupUploads. */
export async function deleteBlobs(keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => documents().delete(key).catch((e) => console.error('[uploads] delete failed', key, e))));
}

export async function insertUpload(db: Queryable, doc: StoredDocument, claim?: { admissionId: string; field: string }): Promise<void> {
  await db.query(
    `INSERT INTO uploads (id, blob_key, name, size, content_type, sha256, admission_id, field)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [doc.id, doc.blobKey, doc.name, doc.size, doc.type, doc.sha256, claim?.admissionId ?? null, claim?.field ?? null],
  );
}

/** POST /v1/api/uploads: one file (any field name) -> 201 { id, name, size, type }. */
export const createUpload: Handler = async (req, { ip }) => {
  await rateLimit('uploads', ip, UPLOADS_PER_HOUR, 3600);
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_FILE_BYTES + ENVELOPE_BYTES) throw new HttpError(413, MSG.fileTooLarge, { file: MSG.fileTooLarge });
  const { files } = await readMultipart(req, {
    maxFileBytes: MAX_FILE_BYTES,
    maxFiles: 1,
    maxFields: 5,
    maxFieldBytes: 1024,
    fileTooLarge: MSG.fileTooLarge,
  });
  const file = files[0];
  if (!file || file.data.byteLength === 0) throw badRequest('Please choose a file.', { file: 'Please choose a file.' });
  const type = await sniffType(file.data);
  if (!type) throw unsupportedType(MSG.fileType, { [file.field]: MSG.fileType });
  const doc = await writeDocument(file.data, file.name, type);
  try {
    await insertUpload(getPool(), doc);
  } catch (error) {
    await deleteBlobs([doc.blobKey]);
    throw error;
  }
  return json({ id: doc.id, name: doc.name, size: doc.size, type: doc.type }, 201);
};

/**
 * Deletes staged uploads nobody claimed within `maxAgeHours`, then sweeps blobs under uploads/
 * that have no row at all (a crash between blob and row, a deleted admission) and are as old.
 * Rows go first: a claim racing with this either wins (the row is kept) or finds the id gone.
 */
export async function cleanupUploads(maxAgeHours = STAGED_MAX_AGE_HOURS): Promise<{ staged: number; orphans: number }> {
  const rows = await query<{ blob_key: string }>(
    `DELETE FROM uploads WHERE admission_id IS NULL AND created_at < now() - make_interval(hours => $1) RETURNING blob_key`,
    [maxAgeHours],
  );
  await deleteBlobs(rows.map((r) => r.blob_key));

  const cutoff = Date.now() - maxAgeHours * 3600 * 1000;
  const { blobs } = await documents().list({ prefix: BLOB_PREFIX });
  const old = blobs.map((b) => b.key).filter((key) => blobTime(key) < cutoff);
  let orphans = 0;
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const known = new Set(
      (await query<{ blob_key: string }>(`SELECT blob_key FROM uploads WHERE blob_key = ANY($1::text[])`, [batch])).map((r) => r.blob_key),
    );
    const gone = batch.filter((key) => !known.has(key));
    await deleteBlobs(gone);
    orphans += gone.length;
  }
  return { staged: rows.length, orphans };
}
