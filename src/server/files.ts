/**
 * Staff files (src/lib/staff-files.ts): uploaded on their own (POST /v1/api/files), then claimed by
 * the record that uses them inside that record's transaction, so a record never points at a file
 * that is not there and a refused record claims nothing. Unclaimed files are deleted by the cleanup
 * after a day; a released one (its record replaced or deleted it) after the change commits, purged
 * from Netlify's CDN then.
 */
import { randomUUID } from 'node:crypto';
import type { AdminContext } from './auth.ts';
import { blobBody, deleteBlobs, store } from './blobs.ts';
import { isUuid, query, type Queryable } from './db.ts';
import { badRequest, notFound, unsupportedType } from './errors.ts';
import { detectType } from './file-types.ts';
import { json, type RouteContext } from './http.ts';
import { readMultipart } from './multipart.ts';
import { PAGE_CDN_SECONDS, purgePages } from './public-page.ts';
import { dateInIndia } from '../lib/dates.ts';
import { fillIn } from '../lib/forms/texts.ts';
import { safeFileName } from '../lib/forms/files.ts';
import {
  STAFF_FILE_MAX_BYTES,
  STAFF_FILE_TEXTS as TEXTS,
  STAFF_FILE_MIME,
  STAFF_FILE_TYPES,
  type StaffFileType,
  type StoredFile,
} from '../lib/staff-files.ts';

export const UNCLAIMED_MAX_AGE_HOURS = 24;

const files = () => store('files');
const TYPE_OF_MIME = Object.fromEntries(Object.entries(STAFF_FILE_MIME).map(([type, mime]) => [mime, type])) as Record<
  string,
  StaffFileType
>;

type Row = { id: string; type: StaffFileType; size: number; name: string; public: boolean; claimed_at: unknown };
const stored = (row: Row): StoredFile => ({ id: row.id, type: row.type, size: Number(row.size), name: row.name });

/** POST /v1/api/files: one part named `file`; its type is read from its bytes. 201 with the file. */
export async function uploadStaffFile(req: Request, ctx: AdminContext): Promise<Response> {
  const { files: parts } = await readMultipart(req, {
    maxFileBytes: STAFF_FILE_MAX_BYTES,
    maxFiles: 1,
    maxFields: 4,
    maxFieldBytes: 1024,
    fileTooLarge: TEXTS.tooLarge,
    acceptFile: (field) => field === 'file',
  });
  const part = parts.find((p) => p.field === 'file' && p.data.byteLength > 0);
  if (!part) throw badRequest(TEXTS.required, { file: TEXTS.required });
  const detected = await detectType(part.data, Object.values(STAFF_FILE_MIME));
  if (!detected) throw unsupportedType(TEXTS.type, { file: TEXTS.type });
  const id = randomUUID();
  const file: StoredFile = {
    id,
    type: TYPE_OF_MIME[detected.mime]!,
    size: part.data.byteLength,
    name: safeFileName(part.name),
  };
  await files().set(id, blobBody(part.data));
  try {
    await query(`INSERT INTO staff_files (id, type, size, name, uploaded_by) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      file.type,
      file.size,
      file.name,
      ctx.admin._id,
    ]);
  } catch (error) {
    await deleteBlobs('files', [id], 'staff file upload');
    throw error;
  }
  return json({ uploadId: id, type: file.type, size: file.size, name: file.name }, 201);
}

export interface ClaimOptions {
  /** The request's field that named the file: a refusal names it. */
  field: string;
  /** Served to anyone at fileUrl(id) (a published notice's attachment), or only through the record's own guarded route. */
  public: boolean;
  /** The types this place takes (all by default). */
  types?: readonly StaffFileType[];
}

/**
 * Claims an unclaimed upload for a record, in the record's transaction: 400 naming `field` when the
 * id is unknown, already claimed or of a type the place does not take.
 */
export async function claimFile(tx: Queryable, uploadId: unknown, options: ClaimOptions): Promise<StoredFile> {
  const refuse = (message: string) => badRequest(message, { [options.field]: message });
  if (typeof uploadId !== 'string' || !isUuid(uploadId)) throw refuse(TEXTS.unknown);
  const { rows } = await tx.query<Row>(
    `UPDATE staff_files SET claimed_at = now(), public = $2 WHERE id = $1 AND claimed_at IS NULL RETURNING *`,
    [uploadId, options.public],
  );
  const row = rows[0];
  if (!row) throw refuse(TEXTS.unknown);
  const types = options.types ?? STAFF_FILE_TYPES;
  if (!types.includes(row.type))
    throw refuse(fillIn(TEXTS.wrongType, { types: types.map((t) => t.toUpperCase()).join(', ') }));
  return stored(row);
}

/**
 * Drops a claimed file with its record's change (in its transaction). Call deleteReleased with the
 * ids after the change commits: the blobs go only when the rows are surely gone.
 */
export async function releaseFile(tx: Queryable, id: string | null | undefined): Promise<string[]> {
  if (!id) return [];
  const { rows } = await tx.query<{ id: string }>(`DELETE FROM staff_files WHERE id = $1 RETURNING id`, [id]);
  return rows.map((r) => r.id);
}

/** After the change commits: the released files' blobs go, and the CDN drops what it kept of them. */
export async function deleteReleased(ids: readonly string[]): Promise<void> {
  await deleteBlobs('files', ids, 'staff file release');
  await purgePages(ids.map(fileTag));
}

/** A file's record and bytes, public or not (for a record's own guarded route), else undefined. */
export async function readFile(id: string): Promise<{ file: StoredFile; bytes: ArrayBuffer } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await query<Row>(`SELECT * FROM staff_files WHERE id = $1 AND claimed_at IS NOT NULL`, [id]);
  if (!row) return undefined;
  const bytes = await files().get(id, { type: 'arrayBuffer' });
  return bytes ? { file: stored(row), bytes } : undefined;
}

/** The answer that hands a file to the browser: its type from the record (checked by content at upload), nosniff, shown inline. */
export function fileResponse({ file, bytes }: { file: StoredFile; bytes: ArrayBuffer }, cache: string): Response {
  const name = encodeURIComponent(file.name);
  return new Response(bytes, {
    headers: {
      'Content-Type': STAFF_FILE_MIME[file.type],
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `inline; filename*=UTF-8''${name}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': cache,
    },
  });
}

/** The CDN's cache tag of a public file: purged when the file is released (deleteReleased) or its notice moves. */
export const fileTag = (id: string) => `file-${id}`;

/**
 * GET /v1/files/:id: a public file (a published notice's attachment, a disclosure document, a press
 * cover or PDF). A notice's attachment is public only from the notice's publish date (India's date):
 * before it, 404 as for a file that is not there.
 *
 * Kept a short while, never for good: a file published by mistake must go when it is deleted.
 * Browsers keep it PAGE_CDN_SECONDS; Netlify's CDN as long under the file's tag, which a release
 * purges at once.
 */
export async function servePublicFile(_req: Request, ctx: RouteContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  const [row] = isUuid(id)
    ? await query<{ public: boolean; scheduled: boolean }>(
        `SELECT f.public, EXISTS (SELECT 1 FROM notices n WHERE n.attachment_id = f.id AND n.publish_on > $2::date) AS scheduled
           FROM staff_files f WHERE f.id = $1`,
        [id, dateInIndia()],
      )
    : [];
  const found = row?.public && !row.scheduled ? await readFile(id) : undefined;
  if (!found) throw notFound('File not found');
  const response = fileResponse(found, `public, max-age=${PAGE_CDN_SECONDS}`);
  response.headers.set('Netlify-CDN-Cache-Control', `public, durable, s-maxage=${PAGE_CDN_SECONDS}`);
  response.headers.set('Netlify-Cache-Tag', fileTag(id));
  return response;
}

/** The cleanup's part: files nobody claimed within `maxAgeHours`. */
export async function cleanupStaffFiles(maxAgeHours = UNCLAIMED_MAX_AGE_HOURS): Promise<number> {
  const rows = await query<{ id: string }>(
    `DELETE FROM staff_files WHERE claimed_at IS NULL AND created_at < now() - make_interval(hours => $1) RETURNING id`,
    [maxAgeHours],
  );
  await deleteBlobs(
    'files',
    rows.map((r) => r.id),
    'cleanup',
  );
  return rows.length;
}
