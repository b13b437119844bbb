/**
 * Notices and circulars: the API.
 *
 * GET /v1/api/notices (public, bare array): the published, unexpired ones, pinned first, then the
 * newest; `?limit=` (1-50) for the home page. GET /v1/api/notices/all (staff): every notice, drafts
 * to come and expired ones too, newest publish date first, each with its `state`.
 * POST /v1/api/notices (staff, 201), PUT and DELETE /v1/api/notices/:id (staff, 200): checked by the
 * form's own schema (notice.ts); an attachment is a staff file (POST /v1/api/files) claimed public
 * in the same transaction, so a refused notice stores nothing and claims nothing, and served at its
 * url only from the notice's publish date (src/server/files.ts). Every change is audited in its
 * transaction (an edit with the changed fields before and after), and the public pages' cache tag
 * (with the attachment's own) is purged once it commits.
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { isUuid, query, transaction, type Queryable } from '../../server/db.ts';
import { HttpError, notFound } from '../../server/errors.ts';
import { claimFile, deleteReleased, fileTag, releaseFile } from '../../server/files.ts';
import { json, readJson } from '../../server/http.ts';
import { renderNotice } from './markdown.server.ts';
import { purgePages } from '../../server/public-page.ts';
import { dateInIndia, toIso } from '../../lib/dates.ts';
import { LANGUAGES } from '../../lib/i18n/languages.ts';
import { STAFF_FILE_TYPES, fileUrl, type StaffFileType } from '../../lib/staff-files.ts';
import {
  NOTICE_BODY_BYTES,
  NOTICE_TEXTS,
  noticeCode,
  noticePath,
  previewInput,
  noticeSlug,
  noticeState,
  validateNotice,
  type Localized,
  type Notice,
  type NoticeInput,
  type NoticeState,
} from './notice.ts';

/** The cache tag of every public page that shows notices. */
export const NOTICES_TAG = 'notices';

type Row = Record<string, unknown>;

/** A notice's row with its attachment's file, if any. */
export const NOTICE_SELECT = `SELECT n.*, f.type AS file_type, f.size AS file_size, f.name AS file_name
  FROM notices n LEFT JOIN staff_files f ON f.id = n.attachment_id`;

/** Pinned first, then the newest publish date, then the newest made. */
export const PUBLIC_ORDER = 'ORDER BY n.pinned DESC, n.publish_on DESC, n.created_at DESC, n.id DESC';

/** Published by `today` and not expired before it (a notice shows through its expiry date). */
export const CURRENT = `n.publish_on <= $1 AND (n.expires_on IS NULL OR n.expires_on >= $1)`;

const dateText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  // node-postgres reads a date column as text (types set in db.ts); PGlite and Neon may give a Date.
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
};

function localized(row: Row, column: string): Localized {
  const out: Localized = {};
  for (const language of LANGUAGES) {
    const value = row[`${column}_${language}`];
    if (typeof value === 'string') out[language] = value;
  }
  return out;
}

export function noticeJson(row: Row): Notice {
  const slug = String(row.slug);
  const attachmentId = row.attachment_id ? String(row.attachment_id) : null;
  return {
    _id: String(row.id),
    slug,
    url: noticePath(slug),
    title: localized(row, 'title'),
    body: localized(row, 'body'),
    publishOn: dateText(row.publish_on)!,
    expiresOn: dateText(row.expires_on),
    pinned: row.pinned === true,
    attachment: attachmentId
      ? {
          id: attachmentId,
          type: row.file_type as StaffFileType,
          size: Number(row.file_size),
          name: String(row.file_name),
          url: fileUrl(attachmentId),
        }
      : null,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The current notices (published, unexpired) on `today`, pinned first; at most `limit`. */
export async function currentNotices(today: string, limit = 100): Promise<Notice[]> {
  const rows = await query(`${NOTICE_SELECT} WHERE ${CURRENT} ${PUBLIC_ORDER} LIMIT $2`, [today, limit]);
  return rows.map(noticeJson);
}

/** GET /v1/api/notices[?limit=n]: the current notices, as the public site shows them. */
export async function listPublicNotices(req: Request): Promise<Response> {
  const asked = Number.parseInt(new URL(req.url).searchParams.get('limit') ?? '', 10);
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), 50) : 100;
  return json(await currentNotices(dateInIndia(), limit));
}

/** GET /v1/api/notices/all (staff): every notice with where it stands today. */
export async function listAllNotices(): Promise<Response> {
  const today = dateInIndia();
  const rows = await query(`${NOTICE_SELECT} ORDER BY n.publish_on DESC, n.created_at DESC, n.id DESC`);
  return json(
    rows.map((row) => {
      const notice = noticeJson(row);
      return { ...notice, state: noticeState(notice, today) satisfies NoticeState };
    }),
  );
}

async function readNotice(req: Request): Promise<NoticeInput> {
  const result = validateNotice(await readJson(req, NOTICE_BODY_BYTES));
  if (!result.ok) throw new HttpError(400, result.error, result.fields).withCode(result.code, result.codes);
  return result.data;
}

const claimAttachment = (tx: Queryable, uploadId: string) =>
  claimFile(tx, uploadId, { field: 'attachmentUploadId', public: true, types: STAFF_FILE_TYPES });

/** The first free slug of `base`, `base-2`, `base-3`... */
async function freeSlug(tx: Queryable, base: string): Promise<string> {
  const { rows } = await tx.query<{ slug: string }>(`SELECT slug FROM notices WHERE slug = $1 OR slug LIKE $2`, [
    base,
    `${base}-%`,
  ]);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The audited picture of a notice: its fields as the form names them, one language each, so the audit log reads 'title.en: before → after'. */
function snapshot(notice: Notice): Record<string, unknown> {
  return {
    'title.en': notice.title.en ?? null,
    'title.hi': notice.title.hi ?? null,
    'body.en': notice.body.en ?? null,
    'body.hi': notice.body.hi ?? null,
    publishOn: notice.publishOn,
    expiresOn: notice.expiresOn,
    pinned: notice.pinned,
    attachment: notice.attachment ? notice.attachment.name : null,
  };
}

async function loadNotice(tx: Queryable, id: string, lock = false): Promise<Notice | undefined> {
  const { rows } = await tx.query(`${NOTICE_SELECT} WHERE n.id = $1${lock ? ' FOR UPDATE OF n' : ''}`, [id]);
  return rows[0] ? noticeJson(rows[0]) : undefined;
}

/** POST /v1/api/notices: 201 with the notice (its `_id` and public `url`). */
export async function createNotice(req: Request, ctx: AdminContext): Promise<Response> {
  const input = await readNotice(req);
  const base = noticeSlug(input.publishOn, input.title);
  let notice: Notice | undefined;
  // Two notices made at once with the same title may pick the same slug: the second tries again.
  for (let attempt = 0; !notice; attempt++) {
    try {
      notice = await transaction(async (tx) => {
        const attachment = input.attachmentUploadId ? await claimAttachment(tx, input.attachmentUploadId) : null;
        const slug = await freeSlug(tx, base);
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO notices (slug, title_en, title_hi, body_en, body_hi, publish_on, expires_on, pinned, attachment_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [
            slug,
            input.title.en ?? null,
            input.title.hi ?? null,
            input.body.en ?? null,
            input.body.hi ?? null,
            input.publishOn,
            input.expiresOn,
            input.pinned,
            attachment?.id ?? null,
          ],
        );
        const created = (await loadNotice(tx, rows[0]!.id))!;
        await recordAudit(
          ctx,
          { action: 'create', entity: 'notice', entityId: created._id, detail: changeDetail(null, snapshot(created)) },
          tx,
        );
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  await purgePages([NOTICES_TAG]);
  return json(notice, 201);
}

/** PUT /v1/api/notices/:id: the whole notice again; `attachmentUploadId` a new file, null none, left out keeps it. */
export async function updateNotice(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(NOTICE_TEXTS.notFound);
  const input = await readNotice(req);
  const result = await transaction(async (tx) => {
    const before = await loadNotice(tx, id, true);
    if (!before) return undefined;
    // The notice's own attachment sent again (a client echoing what it read) keeps it.
    const replacing = input.attachmentUploadId !== undefined && input.attachmentUploadId !== before.attachment?.id;
    const attachment =
      replacing && input.attachmentUploadId ? await claimAttachment(tx, input.attachmentUploadId) : null;
    const attachmentId = replacing ? (attachment?.id ?? null) : (before.attachment?.id ?? null);
    await tx.query(
      `UPDATE notices SET title_en = $2, title_hi = $3, body_en = $4, body_hi = $5, publish_on = $6, expires_on = $7, pinned = $8,
              attachment_id = $9, updated_at = now() WHERE id = $1`,
      [
        id,
        input.title.en ?? null,
        input.title.hi ?? null,
        input.body.en ?? null,
        input.body.hi ?? null,
        input.publishOn,
        input.expiresOn,
        input.pinned,
        attachmentId,
      ],
    );
    const released =
      replacing && before.attachment && before.attachment.id !== attachmentId
        ? await releaseFile(tx, before.attachment.id)
        : [];
    const after = (await loadNotice(tx, id))!;
    await recordAudit(
      ctx,
      { action: 'update', entity: 'notice', entityId: id, detail: changeDetail(snapshot(before), snapshot(after)) },
      tx,
    );
    return { after, released };
  });
  if (!result) throw notFound(NOTICE_TEXTS.notFound);
  await deleteReleased(result.released);
  // A kept attachment too: a publish date moved later takes it off the site until then.
  const kept = result.after.attachment;
  await purgePages(kept ? [NOTICES_TAG, fileTag(kept.id)] : [NOTICES_TAG]);
  return json(result.after);
}

/** DELETE /v1/api/notices/:id: the notice and its attachment. */
export async function deleteNotice(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(NOTICE_TEXTS.notFound);
  const released = await transaction(async (tx) => {
    const before = await loadNotice(tx, id, true);
    if (!before) return undefined;
    await tx.query(`DELETE FROM notices WHERE id = $1`, [id]);
    const files = await releaseFile(tx, before.attachment?.id);
    await recordAudit(
      ctx,
      { action: 'delete', entity: 'notice', entityId: id, detail: changeDetail(snapshot(before), null) },
      tx,
    );
    return files;
  });
  if (!released) throw notFound(NOTICE_TEXTS.notFound);
  await deleteReleased(released);
  await purgePages([NOTICES_TAG]);
  return json({ message: NOTICE_TEXTS.deleted, _id: id });
}

/**
 * POST /v1/api/notices/preview { body: { en?, hi? } } (staff): the text as the site will show it,
 * drawn by the same renderer and sanitiser as the pages, so the office sees its formatting before
 * publishing. Stores nothing.
 */
export async function previewNotice(req: Request): Promise<Response> {
  const input = previewInput(await readJson(req, NOTICE_BODY_BYTES));
  if ('error' in input) {
    const message = NOTICE_TEXTS[input.error];
    const code = noticeCode(input.error);
    throw new HttpError(400, message, { body: message }).withCode(code, { body: code });
  }
  return json({
    html: Object.fromEntries(Object.entries(input.body).map(([language, text]) => [language, renderNotice(text)])),
  });
}
