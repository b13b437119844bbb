/**
 * Admission documents. Each file is uploaded on its own as soon as the parent chooses it
 * (POST /v1/api/uploads) and staged, private, in the `documents` blob store with a row in
 * `uploads` (admission_id NULL). An admission claims its staged uploads in the transaction
 * that stores it; staged uploads nobody claimed within 24 hours are deleted (cleanupUploads).
 * A file over one piece (1 MB) is sent in pieces instead (POST /v1/api/uploads/pieces, then
 * PUT .../pieces/:id/:n): each piece a blob under pieces/, the whole file assembled, checked by its
 * bytes and staged the same way when the last piece arrives; after a dropped connection the browser
 * asks which pieces are held (GET .../pieces/:id) and sends the rest.
 * The form keeps a copy of each document on the phone: after a reload it asks which of its ids
 * are still held (POST /v1/api/uploads/held) and sends the others again.
 * Only a signed-in administrator can read a document (GET /v1/api/admission/:id/files/:field).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { blobBody, deleteBlobs, documents } from '../../server/blobs.ts';
import { getPool, isUuid, query, queryOne, type Queryable } from '../../server/db.ts';
import { HttpError, formRefusal, notFound, requestRefusal } from '../../server/errors.ts';
import { detectType } from '../../server/file-types.ts';
import { json, readJson, readLimited, type Handler } from '../../server/http.ts';
import { rateLimit } from '../../server/rate-limit.ts';
import { limits } from '../../config/limits.ts';
import { readMultipart } from '../../server/multipart.ts';
import {
  ALLOWED_MIME,
  MAX_FILE_BYTES,
  ONE_REQUEST_FILE_BYTES,
  PIECE_BYTES,
  pieceCount,
  safeFileName,
  type AllowedMime,
} from '../../lib/forms/files.ts';
import { REQUEST_TEXTS } from '../../lib/forms/texts.ts';
import { isTooSmall, photoSize } from '../../lib/forms/image-size.ts';
import { isFileField } from './admission.ts';

export const STAGED_MAX_AGE_HOURS = 24;
/** A staged upload counts as held only while it has this long left before the cleanup may take it. */
const HELD_MARGIN_HOURS = 2;
/** One check covers a whole form's documents (13 at most). */
const MAX_HELD_IDS = 20;
const BLOB_PREFIX = 'uploads/';

/** The type of a document by its bytes: PDF, JPEG or PNG. */
export const documentType = async (data: Uint8Array) => (await detectType(data, ALLOWED_MIME))?.mime;

/**
 * A document's type by its bytes, else 415; an image whose size cannot be read from its header,
 * or whose shorter side is under 200 px, is refused too (422): nothing could be read from it.
 */
export async function checkedDocument(data: Uint8Array, field: string): Promise<AllowedMime> {
  const type = await documentType(data);
  if (!type) throw formRefusal(415, 'fileType', [field]);
  if (type !== 'application/pdf') {
    const size = photoSize(data);
    if (!size) throw formRefusal(422, 'photoUnreadable', [field]);
    if (isTooSmall(size)) throw formRefusal(422, 'imageTooSmall', [field]);
  }
  return type;
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

export async function insertUpload(
  db: Queryable,
  doc: StoredDocument,
  claim?: { admissionId: string; field: string },
): Promise<void> {
  await db.query(
    `INSERT INTO uploads (id, blob_key, name, size, content_type, sha256, admission_id, field)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [doc.id, doc.blobKey, doc.name, doc.size, doc.type, doc.sha256, claim?.admissionId ?? null, claim?.field ?? null],
  );
}

/** POST /v1/api/uploads: one file (any field name) -> 201 { id, name, size, type }. */
export const createUpload: Handler = async (req, { ip }) => {
  await rateLimit('uploads', ip, limits.uploadsPerAddress.max, limits.uploadsPerAddress.seconds);
  const { files } = await readMultipart(req, {
    maxFileBytes: ONE_REQUEST_FILE_BYTES,
    maxFiles: 1,
    maxFields: 5,
    maxFieldBytes: 1024,
    // The form sends a larger file in pieces; only a page loaded before that was so sends one here.
    fileTooLarge: REQUEST_TEXTS.uploadInPieces,
    fileTooLargeCode: 'request.uploadInPieces',
  });
  const file = files[0];
  if (!file || file.data.byteLength === 0) throw requestRefusal(400, 'chooseFile', ['file']);
  return json(await stageDocument(file.data, file.name, file.field), 201);
};

/** Checks a whole file by its bytes, writes it and records it staged: what the browser is answered. */
async function stageDocument(data: Buffer, name: string, field: string) {
  const type = await checkedDocument(data, field);
  const doc = await writeDocument(data, name, type);
  try {
    await insertUpload(getPool(), doc);
  } catch (error) {
    await deleteBlobs('documents', [doc.blobKey], 'upload');
    throw error;
  }
  return { id: doc.id, name: doc.name, size: doc.size, type: doc.type };
}

const PIECES_PREFIX = 'pieces/';
const piecesTime = (key: string) => Number(/^pieces\/(\d+)-/.exec(key)?.[1] ?? NaN);

interface PieceSession {
  id: string;
  blob_prefix: string;
  name: string;
  size: number;
  pieces: number;
}

/** Each piece counts in its own, larger budget: the file it belongs to already counted in `uploads`. */
const countPiece = (ip: string) =>
  rateLimit('upload-pieces', ip, limits.uploadPiecesPerAddress.max, limits.uploadPiecesPerAddress.seconds);

async function pieceSession(id: string | undefined): Promise<PieceSession> {
  const row =
    id && isUuid(id)
      ? await queryOne<PieceSession>(
          `SELECT id::text AS id, blob_prefix, name, size, pieces FROM upload_sessions
          WHERE id = $1 AND created_at > now() - make_interval(hours => $2)`,
          [id.toLowerCase(), STAGED_MAX_AGE_HOURS],
        )
      : undefined;
  if (!row) throw requestRefusal(404, 'uploadGone');
  return row;
}

/** The numbers of the pieces held for a session, in order. */
async function heldPieces(session: PieceSession): Promise<number[]> {
  const { blobs } = await documents().list({ prefix: session.blob_prefix });
  return blobs
    .map((b) => Number(b.key.slice(session.blob_prefix.length)))
    .filter((n) => Number.isInteger(n) && n >= 0 && n < session.pieces)
    .sort((a, b) => a - b);
}

const pieceKeys = (session: Pick<PieceSession, 'blob_prefix' | 'pieces'>) =>
  Array.from({ length: session.pieces }, (_, n) => `${session.blob_prefix}${n}`);

/**
 * POST /v1/api/uploads/pieces { name, size } -> 201 { id, pieceBytes, pieces }: a file of up to
 * 10 MB to be sent in pieces. The file counts once in the uploads budget, here.
 */
export const startPieces: Handler = async (req, { ip }) => {
  await rateLimit('uploads', ip, limits.uploadsPerAddress.max, limits.uploadsPerAddress.seconds);
  const { name, size } = await readJson(req);
  if (typeof name !== 'string' || typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
    throw requestRefusal(400, 'uploadStart', ['size']);
  }
  if (size > MAX_FILE_BYTES) throw formRefusal(413, 'fileTooLarge', ['file']);
  const id = randomUUID();
  const pieces = pieceCount(size);
  await query(`INSERT INTO upload_sessions (id, blob_prefix, name, size, pieces) VALUES ($1, $2, $3, $4, $5)`, [
    id,
    `${PIECES_PREFIX}${Date.now()}-${id}/`,
    safeFileName(name),
    size,
    pieces,
  ]);
  return json({ id, pieceBytes: PIECE_BYTES, pieces }, 201, { 'Cache-Control': 'no-store' });
};

/** GET /v1/api/uploads/pieces/:id -> 200 { received, pieces, pieceBytes, size }: which pieces the server holds. */
export const piecesStatus: Handler = async (_req, { ip, params }) => {
  await countPiece(ip);
  const session = await pieceSession(params.id);
  const received = await heldPieces(session);
  return json({ received, pieces: session.pieces, pieceBytes: PIECE_BYTES, size: session.size }, 200, {
    'Cache-Control': 'no-store',
  });
};

/**
 * PUT /v1/api/uploads/pieces/:id/:n (the piece's bytes) -> 200 { received: n }; the piece that
 * completes the file -> 201 { id, name, size, type }, the staged upload. Every piece but the last is
 * exactly PIECE_BYTES. The session's row is taken by the request that assembles it, so two last
 * pieces arriving together make one upload; whatever the outcome, the pieces are deleted.
 */
export const putPiece: Handler = async (req, { ip, params }) => {
  await countPiece(ip);
  const session = await pieceSession(params.id);
  const n = Number(params.n);
  if (!/^\d{1,4}$/.test(params.n ?? '') || n >= session.pieces) throw requestRefusal(404, 'pieceNumber');
  let data: Uint8Array;
  try {
    data = await readLimited(req, PIECE_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw requestRefusal(413, 'pieceTooLarge');
    // The connection dropped while the piece was on its way: the browser asks what is held and sends it again.
    throw requestRefusal(400, 'interrupted');
  }
  const expected = n < session.pieces - 1 ? PIECE_BYTES : session.size - n * PIECE_BYTES;
  if (data.byteLength !== expected) throw requestRefusal(400, 'pieceSize');
  await documents().set(`${session.blob_prefix}${n}`, blobBody(data));

  const held = await heldPieces(session);
  if (held.length < session.pieces) return json({ received: n }, 200, { 'Cache-Control': 'no-store' });
  const taken = await query(`DELETE FROM upload_sessions WHERE id = $1 RETURNING id`, [session.id]);
  if (!taken.length) return json({ received: n }, 200, { 'Cache-Control': 'no-store' });
  const keys = pieceKeys(session);
  try {
    const parts = await Promise.all(keys.map((key) => documents().get(key, { type: 'arrayBuffer' })));
    if (parts.some((part) => !part)) throw requestRefusal(404, 'uploadGone');
    const whole = Buffer.concat(parts.map((part) => new Uint8Array(part!)));
    if (whole.byteLength !== session.size) throw requestRefusal(400, 'pieceSize');
    return json(await stageDocument(whole, session.name, 'file'), 201);
  } finally {
    await deleteBlobs('documents', keys, 'upload pieces');
  }
};

/**
 * POST /v1/api/uploads/held { ids } -> 200 { held }: which of a form's staged uploads are still
 * there to be claimed, with time to spare. Each id is its own proof (a random UUID only the
 * browser that uploaded it knows); the answer names only ids the caller sent, nothing else.
 */
export const heldUploads: Handler = async (req, { ip }) => {
  await rateLimit('upload-check', ip, limits.uploadChecksPerAddress.max, limits.uploadChecksPerAddress.seconds);
  const { ids } = await readJson(req);
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > MAX_HELD_IDS ||
    !ids.every((id) => typeof id === 'string')
  ) {
    throw requestRefusal(400, 'uploadIds', ['ids']);
  }
  const wanted = [...new Set((ids as string[]).filter(isUuid).map((id) => id.toLowerCase()))];
  const rows = wanted.length
    ? await query<{ id: string }>(
        `SELECT id::text AS id FROM uploads
          WHERE id = ANY($1::uuid[]) AND admission_id IS NULL AND created_at > now() - make_interval(hours => $2)`,
        [wanted, STAGED_MAX_AGE_HOURS - HELD_MARGIN_HOURS],
      )
    : [];
  const held = new Set(rows.map((r) => r.id));
  return json({ held: (ids as string[]).filter((id) => held.has(id.toLowerCase())) }, 200, {
    'Cache-Control': 'no-store',
  });
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
  await deleteBlobs(
    'documents',
    rows.map((r) => r.blob_key),
    'cleanup',
  );

  const cutoff = Date.now() - maxAgeHours * 3600 * 1000;
  const { blobs } = await documents().list({ prefix: BLOB_PREFIX });
  const old = blobs.map((b) => b.key).filter((key) => blobTime(key) < cutoff);
  let orphans = 0;
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const known = new Set(
      (await query<{ blob_key: string }>(`SELECT blob_key FROM uploads WHERE blob_key = ANY($1::text[])`, [batch])).map(
        (r) => r.blob_key,
      ),
    );
    const gone = batch.filter((key) => !known.has(key));
    await deleteBlobs('documents', gone, 'cleanup');
    orphans += gone.length;
  }
  return { staged: rows.length, orphans: orphans + (await cleanupPieces(maxAgeHours)) };
}

/**
 * Deletes unfinished piece uploads older than `maxAgeHours` and their pieces, then any pieces left
 * without a session as old (a crash during assembly): the number of piece blobs deleted.
 */
async function cleanupPieces(maxAgeHours: number): Promise<number> {
  const expired = new Set(
    (
      await query<{ blob_prefix: string }>(
        `DELETE FROM upload_sessions WHERE created_at < now() - make_interval(hours => $1) RETURNING blob_prefix`,
        [maxAgeHours],
      )
    ).map((r) => r.blob_prefix),
  );
  const prefixOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);
  const cutoff = Date.now() - maxAgeHours * 3600 * 1000;
  const { blobs } = await documents().list({ prefix: PIECES_PREFIX });
  const keys = blobs.map((b) => b.key);
  const old = keys.filter((key) => !expired.has(prefixOf(key)) && piecesTime(key) < cutoff);
  const prefixes = [...new Set(old.map(prefixOf))];
  const known = new Set(
    prefixes.length
      ? (
          await query<{ blob_prefix: string }>(
            `SELECT blob_prefix FROM upload_sessions WHERE blob_prefix = ANY($1::text[])`,
            [prefixes],
          )
        ).map((r) => r.blob_prefix)
      : [],
  );
  const gone = [...keys.filter((key) => expired.has(prefixOf(key))), ...old.filter((key) => !known.has(prefixOf(key)))];
  await deleteBlobs('documents', gone, 'cleanup');
  return gone.length;
}

const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
const IMAGE = /^image\/(jpeg|png)$/;

/**
 * How a document is handed to the office's browser. An image opens in the tab, as a sandboxed
 * document (no script, an origin of its own); anything else, a PDF included, is a download, never
 * a page of the site's origin. The filename cannot break the header or mislead: control characters,
 * quotes, slashes and the like become '_', the extension matches the real type, and a non-ASCII
 * name is also sent as an encoded `filename*`.
 */
export function contentDisposition(name: string, contentType: string, fallbackBase: string): string {
  const disposition = IMAGE.test(contentType) ? 'inline' : 'attachment';
  const ext = EXTENSION[contentType];
  let clean = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this takes out
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|;]+/g, '_')
    .trim();
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

/** GET /v1/api/admission/:id/files/:field (admin): the document, its view written to the audit log. */
export async function getAdmissionFile(_req: Request, ctx: AdminContext): Promise<Response> {
  const { id, field } = ctx.params;
  if (!isUuid(id) || !field || !isFileField(field)) throw notFound('Document not found');
  const row = await queryOne<{ blob_key: string; content_type: string; name: string }>(
    `SELECT blob_key, content_type, name FROM uploads WHERE admission_id = $1 AND field = $2`,
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
      // Opened in a tab, a document is a sandboxed page that can fetch nothing.
      'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
