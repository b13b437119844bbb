/**
 * Gallery items and their published images.
 *
 * GET /v1/api/gallery (bare array, newest first) and GET /v1/api/gallery/:id are public; POST
 * (multipart title, description, image: 201), PUT /:id (multipart, image optional: 200) and
 * DELETE /:id (200) are the admin's. An item's `image` is "/uploads/gallery/<key>" or null;
 * GET /v1/uploads/gallery/<key> serves it publicly. Every stored image gets a new random key,
 * so its URL can be cached for a year as immutable.
 *
 * Blobs and rows stay in step: a new image is stored before its row and deleted again if the row
 * is not; a replaced or deleted item's old image is deleted after the change commits.
 */
import { randomBytes } from 'node:crypto';
import { imageSize } from 'image-size';
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { blobBody, deleteBlobs, galleryImages } from '../../server/blobs.ts';
import { isUuid, query, queryOne, transaction } from '../../server/db.ts';
import { HttpError, badRequest, formRefusal, notFound, unsupportedType } from '../../server/errors.ts';
import { detectType } from '../../server/file-types.ts';
import { readMultipart } from '../../server/multipart.ts';
import { json, type RouteContext } from '../../server/http.ts';
import { recordJson } from '../../server/records.ts';
import { byId, getRecord } from '../../server/record-routes.ts';
import { purgePages } from '../../server/public-page.ts';
import { takeDownSample } from './gallery-samples.server.ts';
import { stripMetadata } from '../pictures/strip-metadata.ts';
import { isTooSmall, type PixelSize } from '../../lib/forms/image-size.ts';
import {
  ALLOWED_IMAGE_TYPES,
  GALLERY_ITEM,
  GALLERY_MAX_BYTES,
  GALLERY_TEXTS,
  GALLERY_TAG,
  galleryProblem,
  type GalleryItem,
  type GalleryMode,
} from './gallery.ts';

type Row = Record<string, unknown>;

const KEY = /^[0-9a-f]{32}\.(jpg|png|webp|gif|avif)$/;
const detectImageType = (bytes: Uint8Array) => detectType(bytes, ALLOWED_IMAGE_TYPES);

const galleryJson = (row: Row): GalleryItem => recordJson(GALLERY_ITEM, row);

interface GalleryForm {
  title: string;
  description: string;
  /** The image's bytes (at most GALLERY_MAX_BYTES), or undefined when none was sent. */
  image?: Buffer;
  imageTooLarge: boolean;
  /** The sample photo (its name) a new item takes the place of, if any. */
  replaces?: string;
}

/** Reads the multipart form, keeping at most GALLERY_MAX_BYTES of the image in memory. */
async function readGalleryForm(req: Request): Promise<GalleryForm> {
  if (!req.body) throw badRequest(GALLERY_TEXTS.required);
  // An oversized image is marked, not refused at once: the form's own order (text first) decides the message.
  const { fields, files, oversized } = await readMultipart(req, {
    maxFileBytes: GALLERY_MAX_BYTES,
    maxFiles: 1,
    maxFields: 10,
    maxFieldBytes: 16 * 1024,
    fileTooLarge: GALLERY_TEXTS.imageTooLarge,
    acceptFile: (field) => field === 'image',
    oversize: 'mark',
  });
  const image = files.find((f) => f.field === 'image' && f.data.byteLength > 0)?.data;
  return {
    title: fields.title ?? '',
    description: fields.description ?? '',
    image,
    imageTooLarge: oversized.includes('image'),
    replaces: fields.replaces || undefined,
  };
}

/** The pixel size read from an image's header (any allowed type), else undefined. */
function pixelSize(bytes: Uint8Array): PixelSize | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The checked form: 400 for missing text, 400 without an image on create, 413 too large, 415 not
 * an allowed image, 422 an image whose size cannot be read, whose shorter side is under 200 px or
 * whose EXIF turns it. A JPEG, PNG or WebP is kept without its camera metadata (GPS position).
 */
async function checkedForm(req: Request, mode: GalleryMode) {
  const form = await readGalleryForm(req);
  const size = form.imageTooLarge ? GALLERY_MAX_BYTES + 1 : (form.image?.byteLength ?? 0);
  const problem = galleryProblem(
    { title: form.title, description: form.description, image: size ? { size } : null },
    mode,
  );
  if (problem) {
    const status = problem.message === GALLERY_TEXTS.imageTooLarge ? 413 : 400;
    throw new HttpError(status, problem.message, { [problem.field]: problem.message });
  }
  let image: StoredImage | undefined;
  if (form.image) {
    const type = await detectImageType(form.image);
    if (!type) throw unsupportedType(GALLERY_TEXTS.imageType, { image: GALLERY_TEXTS.imageType });
    const size = pixelSize(form.image);
    if (!size) throw formRefusal(422, 'photoUnreadable', ['image']);
    if (isTooSmall(size)) throw formRefusal(422, 'imageTooSmall', ['image']);
    const stripped = stripMetadata(form.image, type.mime);
    if (stripped.problem === 'turned')
      throw new HttpError(422, GALLERY_TEXTS.imageTurned, { image: GALLERY_TEXTS.imageTurned });
    if (stripped.problem) throw formRefusal(422, 'photoUnreadable', ['image']);
    image = { bytes: stripped.bytes, ext: type.ext, ...size };
  }
  return { title: form.title.trim(), description: form.description.trim(), image, replaces: form.replaces };
}

interface StoredImage extends PixelSize {
  bytes: Buffer;
  ext: string;
}

async function storeImage(image: StoredImage): Promise<string> {
  const key = `${randomBytes(16).toString('hex')}.${image.ext}`;
  await galleryImages().set(key, blobBody(image.bytes));
  return key;
}

export async function listGallery(): Promise<Response> {
  const rows = await query(`SELECT * FROM gallery_items ORDER BY created_at DESC, id DESC`);
  return json(rows.map(galleryJson));
}

export const getGalleryItem = (_req: Request, ctx: RouteContext) =>
  getRecord(ctx, { notFound: 'Gallery item not found', load: byId(GALLERY_ITEM, galleryJson) });

export async function createGalleryItem(req: Request, ctx: AdminContext): Promise<Response> {
  const form = await checkedForm(req, 'create');
  const image = form.image!;
  const key = await storeImage(image);
  let row: Row;
  try {
    row = await transaction(async (tx) => {
      const { rows } = await tx.query(
        `INSERT INTO gallery_items (title, description, image_key, image_width, image_height) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [form.title, form.description, key, image.width, image.height],
      );
      const id = String(rows[0]!.id);
      await recordAudit(
        ctx,
        {
          action: 'create',
          entity: 'gallery',
          entityId: id,
          detail: form.replaces ? `in place of the sample ${form.replaces}` : null,
        },
        tx,
      );
      // A photo of the school's put in a sample's place: both or neither.
      if (form.replaces && !(await takeDownSample(tx, ctx, form.replaces, id)))
        throw notFound(GALLERY_TEXTS.sampleNotFound);
      return rows[0]!;
    });
  } catch (error) {
    await deleteBlobs('gallery', [key], 'gallery create');
    throw error;
  }
  await purgePages([GALLERY_TAG]);
  return json(galleryJson(row), 201);
}

export async function updateGalleryItem(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Gallery item not found');
  const form = await checkedForm(req, 'edit');
  // Refuse an unknown id before storing anything.
  if (!(await queryOne(`SELECT id FROM gallery_items WHERE id = $1`, [id]))) throw notFound('Gallery item not found');
  const newKey = form.image ? await storeImage(form.image) : undefined;
  let result: { row: Row; oldKey: string | null } | undefined;
  try {
    result = await transaction(async (tx) => {
      const current = await tx.query<{ image_key: string | null }>(
        `SELECT image_key FROM gallery_items WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!current.rows[0]) return undefined;
      const { rows } = await tx.query(
        `UPDATE gallery_items SET title = $2, description = $3, image_key = COALESCE($4, image_key),
                image_width = CASE WHEN $4::text IS NULL THEN image_width ELSE $5 END, image_height = CASE WHEN $4::text IS NULL THEN image_height ELSE $6 END,
                updated_at = now()
          WHERE id = $1 RETURNING *`,
        [id, form.title, form.description, newKey ?? null, form.image?.width ?? null, form.image?.height ?? null],
      );
      await recordAudit(
        ctx,
        { action: 'update', entity: 'gallery', entityId: id, detail: newKey ? 'image replaced' : null },
        tx,
      );
      return { row: rows[0]!, oldKey: current.rows[0].image_key };
    });
  } catch (error) {
    if (newKey) await deleteBlobs('gallery', [newKey], 'gallery update');
    throw error;
  }
  if (!result) {
    if (newKey) await deleteBlobs('gallery', [newKey], 'gallery update');
    throw notFound('Gallery item not found');
  }
  if (newKey && result.oldKey && result.oldKey !== newKey)
    await deleteBlobs('gallery', [result.oldKey], 'gallery update');
  await purgePages([GALLERY_TAG]);
  return json(galleryJson(result.row));
}

export async function deleteGalleryItem(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Gallery item not found');
  const deleted = await transaction(async (tx) => {
    const { rows } = await tx.query<{ image_key: string | null }>(
      `DELETE FROM gallery_items WHERE id = $1 RETURNING image_key`,
      [id],
    );
    if (!rows[0]) return undefined;
    await recordAudit(ctx, { action: 'delete', entity: 'gallery', entityId: id }, tx);
    return { key: rows[0].image_key };
  });
  if (!deleted) throw notFound('Gallery item not found');
  if (deleted.key) await deleteBlobs('gallery', [deleted.key], 'gallery delete');
  await purgePages([GALLERY_TAG]);
  return json({ message: 'Gallery item deleted successfully!', _id: id });
}

/** The public image: type from its bytes, nosniff, cached for a year (a new image gets a new key). */
export async function serveGalleryImage(_req: Request, ctx: RouteContext): Promise<Response> {
  const key = ctx.params.key;
  if (!key || !KEY.test(key)) throw notFound('Image not found');
  const bytes = await galleryImages().get(key, { type: 'arrayBuffer' });
  if (!bytes) throw notFound('Image not found');
  const type = await detectImageType(new Uint8Array(bytes));
  if (!type) throw notFound('Image not found');
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': type.mime,
      'Content-Length': String(bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    },
  });
}
