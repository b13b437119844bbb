/**
 * The picture store: the school's own pictures (phone photos the admin redrew in the browser,
 * kept in the `pictures` blob store under their id) and the starting pictures of
 * starting-content/, and how a page draws one through Netlify's Image CDN.
 *
 * POST /v1/api/pictures (multipart `image`: 201 with the picture), GET /v1/api/pictures (every
 * picture, samples marked) and DELETE /v1/api/pictures/:id are the office's and the principal's;
 * GET /v1/pictures/:id serves an uploaded picture's bytes publicly, the Image CDN's source. A
 * picture's bytes never change under its id (a replacement is a new picture), so they are cached
 * for a year as immutable.
 *
 * Blobs and rows stay in step: the bytes are stored before the row and deleted again if the row is
 * not; a deleted picture's bytes go after the delete commits.
 */
import { randomUUID } from 'node:crypto';
import { imageSize } from 'image-size';
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { blobBody, deleteBlobs, store } from '../../server/blobs.ts';
import { isUuid, query, queryOne, transaction } from '../../server/db.ts';
import { HttpError, notFound } from '../../server/errors.ts';
import { detectType } from '../../server/file-types.ts';
import { json, type RouteContext } from '../../server/http.ts';
import { readMultipart } from '../../server/multipart.ts';
import { html, type Html } from '../../server/public-page.ts';
import {
  PICTURE_MAX_BYTES,
  PICTURE_MAX_EDGE,
  PICTURE_TEXTS,
  PICTURE_MIN_SIDE,
  PICTURE_TYPES,
  STARTING_PREFIX,
  imageCdnUrl,
  type PictureJson,
} from './picture.ts';
import { startingPicture } from './starting.ts';
import { stripMetadata } from './strip-metadata.ts';

/** What a page needs to draw a picture. */
export interface PictureInfo {
  id: string;
  /** The same-site path of its bytes: the Image CDN's source. */
  src: string;
  width: number;
  height: number;
  /** Shipped with the repository (starting content), not the school's own. */
  sample: boolean;
}

const pictureStore = () => store('pictures');

/** The public path of an uploaded picture's bytes. */
export const uploadedPicturePath = (id: string) => `/v1/pictures/${id}`;

export interface Row {
  id: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Date | string;
}

const uploadedInfo = (row: Pick<Row, 'id' | 'width' | 'height'>): PictureInfo => ({
  id: row.id,
  src: uploadedPicturePath(row.id),
  width: row.width,
  height: row.height,
  sample: false,
});

function startingInfo(id: string): PictureInfo | undefined {
  const start = startingPicture(id.slice(STARTING_PREFIX.length));
  return start && { id, src: start.src, width: start.width, height: start.height, sample: true };
}

/** The pictures of `ids` that exist, by id (one query for all the uploaded ones). */
export async function loadPictures(ids: readonly string[]): Promise<Map<string, PictureInfo>> {
  const found = new Map<string, PictureInfo>();
  const uploaded: string[] = [];
  for (const id of new Set(ids)) {
    if (id.startsWith(STARTING_PREFIX)) {
      const info = startingInfo(id);
      if (info) found.set(id, info);
    } else if (isUuid(id)) uploaded.push(id);
  }
  if (uploaded.length) {
    const rows = await query<Row>(`SELECT id, width, height FROM pictures WHERE id = ANY($1::uuid[])`, [uploaded]);
    for (const row of rows) found.set(row.id, uploadedInfo(row));
  }
  return found;
}

/** The widths offered by default: a phone's screen at 1x and 2x, and a wide column. */
const DEFAULT_WIDTHS = [360, 720, 1080];

/**
 * An `<img>` of the picture through the Image CDN: a srcset of widths (never wider than the picture
 * itself), width and height set so nothing moves as it loads. Nothing when the picture is missing.
 */
export function pictureImg(
  info: PictureInfo | undefined,
  alt: string,
  opts: { sizes: string; widths?: number[]; eager?: boolean; className?: string },
): Html {
  if (!info) return html``;
  const widths = [...new Set((opts.widths ?? DEFAULT_WIDTHS).map((w) => Math.min(w, info.width)))].sort(
    (a, b) => a - b,
  );
  const srcset = widths.map((w) => `${imageCdnUrl(info.src, w)} ${w}w`).join(', ');
  const fallback = imageCdnUrl(info.src, widths[widths.length - 1]!);
  const loading = opts.eager ? html` fetchpriority="high"` : html` loading="lazy"`;
  return html`<img src="${fallback}" srcset="${srcset}" sizes="${opts.sizes}" alt="${alt}" width="${info.width}" height="${info.height}" decoding="async"${loading}${opts.className ? html` class="${opts.className}"` : ''}>`;
}

// ---------------------------------------------------------------------------------------------
// The admin API

const refusal = (status: number, message: string) => new HttpError(status, message, { image: message });

/** The pixel size read from an image's header, else undefined. */
function pixelSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The uploaded picture, checked: 413 over PICTURE_MAX_BYTES, 415 not a JPEG, PNG or WebP by its
 * bytes, 422 a size that cannot be read, a long edge over PICTURE_MAX_EDGE (a camera's file, not
 * the redrawn copy the admin sends), a short side under PICTURE_MIN_SIDE or EXIF that turns it.
 * What is kept is its bytes without camera metadata (strip-metadata.ts).
 */
async function checkedUpload(req: Request): Promise<{ bytes: Buffer; mime: string; width: number; height: number }> {
  const { files } = await readMultipart(req, {
    maxFileBytes: PICTURE_MAX_BYTES,
    maxFiles: 1,
    maxFields: 4,
    maxFieldBytes: 1024,
    fileTooLarge: PICTURE_TEXTS.tooLarge,
    acceptFile: (field) => field === 'image',
  });
  const bytes = files.find((f) => f.field === 'image' && f.data.byteLength > 0)?.data;
  if (!bytes) throw refusal(400, PICTURE_TEXTS.required);
  const type = await detectType(bytes, PICTURE_TYPES);
  if (!type) throw refusal(415, PICTURE_TEXTS.type);
  const size = pixelSize(bytes);
  if (!size) throw refusal(422, PICTURE_TEXTS.unreadable);
  if (Math.max(size.width, size.height) > PICTURE_MAX_EDGE) throw refusal(422, PICTURE_TEXTS.tooManyPixels);
  if (Math.min(size.width, size.height) < PICTURE_MIN_SIDE) throw refusal(422, PICTURE_TEXTS.tooSmall);
  const stripped = stripMetadata(bytes, type.mime);
  if (stripped.problem === 'turned') throw refusal(422, PICTURE_TEXTS.turned);
  if (stripped.problem) throw refusal(422, PICTURE_TEXTS.unreadable);
  return { bytes: stripped.bytes, mime: type.mime, ...size };
}

const createdAt = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export const uploadedJson = (row: Row, usedOn: readonly string[] = []): PictureJson => ({
  ...uploadedInfo(row),
  alt: { en: '', hi: '' },
  createdAt: createdAt(row.created_at),
  usedOn: [...usedOn],
});

/** POST /v1/api/pictures: stores the picture, 201 with it. */
export async function uploadPicture(req: Request, ctx: AdminContext): Promise<Response> {
  const picture = await checkedUpload(req);
  const id = randomUUID();
  await pictureStore().set(id, blobBody(picture.bytes), { metadata: { mime: picture.mime } });
  let row: Row;
  try {
    row = await transaction(async (tx) => {
      const { rows } = await tx.query<Row>(
        `INSERT INTO pictures (id, mime, width, height, bytes) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [id, picture.mime, picture.width, picture.height, picture.bytes.byteLength],
      );
      const after = {
        mime: picture.mime,
        width: picture.width,
        height: picture.height,
        bytes: picture.bytes.byteLength,
      };
      await recordAudit(
        ctx,
        { action: 'create', entity: 'picture', entityId: id, detail: changeDetail(null, after) },
        tx,
      );
      return rows[0]!;
    });
  } catch (error) {
    await deleteBlobs('pictures', [id], 'picture upload');
    throw error;
  }
  return json(uploadedJson(row), 201);
}

/** DELETE /v1/api/pictures/:id: an uploaded picture (a starting one is taken off the page that shows it instead). */
export async function deletePicture(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(PICTURE_TEXTS.notFound);
  const deleted = await transaction(async (tx) => {
    const { rows } = await tx.query<Row>(`DELETE FROM pictures WHERE id = $1 RETURNING *`, [id]);
    const row = rows[0];
    if (!row) return undefined;
    const before = { mime: row.mime, width: row.width, height: row.height, bytes: row.bytes };
    await recordAudit(
      ctx,
      { action: 'delete', entity: 'picture', entityId: id, detail: changeDetail(before, null) },
      tx,
    );
    return row;
  });
  if (!deleted) throw notFound(PICTURE_TEXTS.notFound);
  await deleteBlobs('pictures', [id], 'picture delete');
  return json({ message: PICTURE_TEXTS.deleted, id });
}

/** GET /v1/pictures/:id: the stored bytes (without camera metadata, never a camera's file), cached for a year. */
export async function servePicture(_req: Request, ctx: RouteContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(PICTURE_TEXTS.notFound);
  const row = await queryOne<Pick<Row, 'mime'>>(`SELECT mime FROM pictures WHERE id = $1`, [id]);
  const bytes = row && (await pictureStore().get(id, { type: 'arrayBuffer' }));
  if (!row || !bytes) throw notFound(PICTURE_TEXTS.notFound);
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': row.mime,
      'Content-Length': String(bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    },
  });
}
