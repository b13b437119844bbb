/**
 * Press articles and magazine issues in the database (migration 0021), edited by the office and
 * the principal, shown on /press/coverage and /press/magazine (and /hi/):
 *
 *   GET    /v1/api/press            (anyone) { data: PressArticle[] }, newest first
 *   POST   /v1/api/press            (staff)  { source, title: { en?, hi? }, summary?, publishedOn, coverAlt: { en?, hi? }, coverUploadId, pdfUploadId? }  201 the article
 *   PUT    /v1/api/press/{id}       (staff)  the same; coverUploadId / pdfUploadId replace the files, removePdf drops the PDF
 *   DELETE /v1/api/press/{id}       (staff)  its files go with it
 *   GET/POST /v1/api/magazine, PUT/DELETE /v1/api/magazine/{id}: { title, description?, month: 'YYYY-MM', coverUploadId, pdfUploadId }
 *
 * A cover (JPEG, PNG or WebP) and a PDF are staff files claimed in the change's transaction
 * (public: served at /v1/files/{id}); a replaced or deleted one is released and its blob deleted
 * after the change commits. The cover's pixel size is read from its bytes, so the pages give every
 * picture its width and height. Every change is audited with what it was before and after, and
 * purges its page's cache tag.
 *
 * The samples of starting-content/press/ (./press-samples.server.ts) are listed among the entries,
 * marked `sample`, with the id `sample-<key>`, until the office acts on one (press_sample_changes,
 * migration 0036): DELETE takes it off the site; PUT saves it, changed, as the school's own entry
 * (a new row keeping the sample's files by address unless replaced), after which it is no longer a
 * sample. Both are audited with the sample as `before`.
 */
import { imageSize } from 'image-size';
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { store } from '../../server/blobs.ts';
import { getPool, isUuid, query, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { claimFile, deleteReleased, releaseFile } from '../../server/files.ts';
import { refuse } from '../../server/forms.ts';
import { json, readJson } from '../../server/http.ts';
import { purgePages } from '../../server/public-page.ts';
import { publicPage } from '../site/public-page.server.ts';
import { toIso } from '../../lib/dates.ts';
import type { Result } from '../../lib/forms/validate.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { IMAGE_TYPES, fileUrl } from '../../lib/staff-files.ts';
import type { GoLiveCheck } from '../go-live/go-live.ts';
import {
  PRESS_TEXTS,
  SAMPLE_ID_PREFIX,
  validateArticle,
  validateIssue,
  type ArticleInput,
  type IssueInput,
  type MagazineIssue,
  type Picture,
  type PressArticle,
} from './press.ts';
import { coveragePage, magazinePage } from './press-pages.server.ts';
import { sampleRow, sampleRows, type Book as SampleBook } from './press-samples.server.ts';

export const PRESS_TAG = 'press';
export const MAGAZINE_TAG = 'magazine';

type Row = Record<string, unknown>;
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : toIso(value));

function picture(row: Row): Picture | null {
  const url = row.cover_file
    ? fileUrl(String(row.cover_file))
    : row.legacy_cover_url
      ? String(row.legacy_cover_url)
      : null;
  return url ? { url, width: num(row.cover_width), height: num(row.cover_height) } : null;
}
const pdfOf = (row: Row) =>
  row.pdf_file ? fileUrl(String(row.pdf_file)) : row.legacy_pdf_url ? String(row.legacy_pdf_url) : null;

export const articleJson = (row: Row): PressArticle => ({
  _id: String(row.id),
  source: str(row.source),
  title: { en: str(row.title_en), hi: str(row.title_hi) },
  summary: { en: str(row.summary_en), hi: str(row.summary_hi) },
  publishedOn: str(row.published_on),
  cover: picture(row),
  coverAlt: { en: str(row.cover_alt_en), hi: str(row.cover_alt_hi) },
  pdf: pdfOf(row),
  sample: !!row.sample_key,
  createdAt: isoOrNull(row.created_at),
  updatedAt: isoOrNull(row.updated_at),
});

export const issueJson = (row: Row): MagazineIssue => ({
  _id: String(row.id),
  title: { en: str(row.title_en), hi: str(row.title_hi) },
  description: { en: str(row.description_en), hi: str(row.description_hi) },
  month: str(row.issue_month),
  cover: picture(row),
  pdf: pdfOf(row),
  sample: !!row.sample_key,
  createdAt: isoOrNull(row.created_at),
  updatedAt: isoOrNull(row.updated_at),
});

/** What the audit entry compares of a row, named as the audit screen shows them: its words, dates and files (by address). */
const articleView = (row: Row) => ({
  Newspaper: str(row.source),
  'Title (English)': str(row.title_en),
  'Title (Hindi)': str(row.title_hi),
  'Summary (English)': str(row.summary_en),
  'Summary (Hindi)': str(row.summary_hi),
  'Date printed': str(row.published_on),
  'Picture description (English)': str(row.cover_alt_en),
  'Picture description (Hindi)': str(row.cover_alt_hi),
  Cover: picture(row)?.url ?? null,
  PDF: pdfOf(row),
});
const issueView = (row: Row) => ({
  'Title (English)': str(row.title_en),
  'Title (Hindi)': str(row.title_hi),
  'Description (English)': str(row.description_en),
  'Description (Hindi)': str(row.description_hi),
  Month: str(row.issue_month),
  Cover: picture(row)?.url ?? null,
  PDF: pdfOf(row),
});

/** The keys of the samples of `book` the school removed or saved as its own. */
async function samplesDone(book: SampleBook, db: Queryable = getPool()): Promise<Set<string>> {
  const { rows } = await db.query(`SELECT sample_key FROM press_sample_changes WHERE book = $1`, [book]);
  return new Set(rows.map((r) => String(r.sample_key)));
}

/** The samples of `book` still shown, as rows. */
const samplesShown = async (book: SampleBook, db?: Queryable) => {
  const done = await samplesDone(book, db);
  return sampleRows(book).filter((row) => !done.has(String(row.sample_key)));
};

/**
 * The school's entries and the samples still shown, newest first (by `dateColumn`); at the same
 * date the school's come first, newest added first.
 */
async function listOf(book: SampleBook, table: string, dateColumn: string): Promise<Row[]> {
  const [rows, samples] = await Promise.all([
    query(`SELECT * FROM ${table} ORDER BY ${dateColumn} DESC, created_at DESC`),
    samplesShown(book),
  ]);
  return [...rows, ...samples].sort((a, b) => str(b[dateColumn]).localeCompare(str(a[dateColumn])));
}

export const listArticles = () =>
  listOf('press', 'press_articles', 'published_on').then((rows) => rows.map(articleJson));
export const listIssues = () =>
  listOf('magazine', 'magazine_issues', 'issue_month').then((rows) => rows.map(issueJson));

// ---- files -----------------------------------------------------------------------------------

/** The pixel size of an uploaded picture, read from its bytes before it is claimed; undefined when unreadable. */
async function pictureSize(uploadId: string | null): Promise<{ width: number; height: number } | undefined> {
  if (!uploadId || !isUuid(uploadId)) return undefined;
  const bytes = await store('files').get(uploadId, { type: 'arrayBuffer' });
  if (!bytes) return undefined;
  try {
    const { width, height } = imageSize(new Uint8Array(bytes));
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

interface NewFiles {
  cover?: { id: string; width: number; height: number };
  pdf?: string;
}

/** Claims the new cover and PDF a change names (each refused 400 by its field when unknown, used or of the wrong type). */
async function claimNew(
  tx: Queryable,
  coverUploadId: string | null,
  pdfUploadId: string | null,
  size: { width: number; height: number } | undefined,
): Promise<NewFiles> {
  const out: NewFiles = {};
  if (coverUploadId) {
    const cover = await claimFile(tx, coverUploadId, { field: 'coverUploadId', public: true, types: IMAGE_TYPES });
    if (!size) throw badRequest(PRESS_TEXTS.coverUnreadable, { coverUploadId: PRESS_TEXTS.coverUnreadable });
    out.cover = { id: cover.id, ...size };
  }
  if (pdfUploadId)
    out.pdf = (await claimFile(tx, pdfUploadId, { field: 'pdfUploadId', public: true, types: ['pdf'] })).id;
  return out;
}

/** Releases the files a change dropped (after the row no longer names them): their ids, for deleteReleased after the commit. */
async function releaseAll(tx: Queryable, ids: unknown[]): Promise<string[]> {
  const released: string[] = [];
  for (const id of ids) if (id) released.push(...(await releaseFile(tx, String(id))));
  return released;
}

// ---- one table's routes ----------------------------------------------------------------------

interface Book<I> {
  table: string;
  entity: 'press' | 'magazine';
  tag: string;
  notFound: string;
  validate: (input: unknown, isNew: boolean) => Result<I>;
  /** The row's own columns and their values from a checked input. */
  columns: (input: I) => Record<string, unknown>;
  pdfRemoved: (input: I) => boolean;
  toJson: (row: Row) => unknown;
  list: () => Promise<unknown[]>;
  view: (row: Row) => Record<string, unknown>;
}

function routesOf<I extends { coverUploadId: string | null; pdfUploadId: string | null }>(book: Book<I>) {
  async function checked(req: Request, isNew: boolean): Promise<I> {
    const result = book.validate(await readJson(req), isNew);
    if (!result.ok) throw refuse(result);
    return result.data;
  }

  async function list(): Promise<Response> {
    return json({ data: await book.list() });
  }

  async function create(req: Request, ctx: AdminContext): Promise<Response> {
    const input = await checked(req, true);
    const size = await pictureSize(input.coverUploadId);
    const row = await transaction(async (tx) => {
      const files = await claimNew(tx, input.coverUploadId, input.pdfUploadId, size);
      const values: Record<string, unknown> = {
        ...book.columns(input),
        cover_file: files.cover?.id ?? null,
        cover_width: files.cover?.width ?? null,
        cover_height: files.cover?.height ?? null,
        pdf_file: files.pdf ?? null,
      };
      const names = Object.keys(values);
      const inserted = (
        await tx.query(
          `INSERT INTO ${book.table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
          Object.values(values),
        )
      ).rows[0]!;
      await recordAudit(
        ctx,
        {
          action: 'create',
          entity: book.entity,
          entityId: String(inserted.id),
          detail: changeDetail(null, book.view(inserted)),
        },
        tx,
      );
      return inserted;
    });
    await purgePages([book.tag]);
    return json(book.toJson(row), 201);
  }

  /** Marks a sample acted on, once: a second act on it (another tab, another clerk) is refused. */
  async function takeSample(tx: Queryable, sample: Row, outcome: 'removed' | 'edited'): Promise<void> {
    const { rows } = await tx.query(
      `INSERT INTO press_sample_changes (book, sample_key, outcome) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING sample_key`,
      [book.entity, sample.sample_key, outcome],
    );
    if (!rows.length) throw notFound(PRESS_TEXTS.sampleGone);
  }

  /** PUT on a sample: the school's own entry from now on, keeping the sample's files unless the input replaces them. */
  async function saveSample(req: Request, ctx: AdminContext, sample: Row): Promise<Response> {
    const input = await checked(req, false);
    const size = await pictureSize(input.coverUploadId);
    const row = await transaction(async (tx) => {
      await takeSample(tx, sample, 'edited');
      const files = await claimNew(tx, input.coverUploadId, input.pdfUploadId, size);
      const values: Record<string, unknown> = {
        ...book.columns(input),
        cover_file: files.cover?.id ?? null,
        cover_width: files.cover ? files.cover.width : sample.cover_width,
        cover_height: files.cover ? files.cover.height : sample.cover_height,
        legacy_cover_url: files.cover ? null : sample.legacy_cover_url,
        pdf_file: files.pdf ?? null,
        legacy_pdf_url: files.pdf || book.pdfRemoved(input) ? null : sample.legacy_pdf_url,
      };
      const names = Object.keys(values);
      const inserted = (
        await tx.query(
          `INSERT INTO ${book.table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
          Object.values(values),
        )
      ).rows[0]!;
      await recordAudit(
        ctx,
        {
          action: 'update',
          entity: book.entity,
          entityId: String(inserted.id),
          detail: changeDetail(book.view(sample), book.view(inserted)),
        },
        tx,
      );
      return inserted;
    });
    await purgePages([book.tag]);
    return json(book.toJson(row));
  }

  /** DELETE on a sample: off the site for good (nothing of the school's to release). */
  async function removeSample(ctx: AdminContext, sample: Row): Promise<Response> {
    await transaction(async (tx) => {
      await takeSample(tx, sample, 'removed');
      await recordAudit(
        ctx,
        {
          action: 'delete',
          entity: book.entity,
          entityId: String(sample.id),
          detail: changeDetail(book.view(sample), null),
        },
        tx,
      );
    });
    await purgePages([book.tag]);
    return json({ _id: String(sample.id), deleted: true });
  }

  /** The sample an id names (`sample-<key>`), refused 404 when there is none; undefined for any other id. */
  function sampleOf(id: string): Row | undefined {
    if (!id.startsWith(SAMPLE_ID_PREFIX)) return undefined;
    const sample = sampleRow(book.entity, id);
    if (!sample) throw notFound(book.notFound);
    return sample;
  }

  async function update(req: Request, ctx: AdminContext): Promise<Response> {
    const id = ctx.params.id ?? '';
    const sample = sampleOf(id);
    if (sample) return saveSample(req, ctx, sample);
    if (!isUuid(id)) throw notFound(book.notFound);
    const input = await checked(req, false);
    const size = await pictureSize(input.coverUploadId);
    const { row, released } = await transaction(async (tx) => {
      const before = (await tx.query(`SELECT * FROM ${book.table} WHERE id = $1 FOR UPDATE`, [id])).rows[0];
      if (!before) throw notFound(book.notFound);
      const files = await claimNew(tx, input.coverUploadId, input.pdfUploadId, size);
      const values: Record<string, unknown> = { ...book.columns(input) };
      const dropped: unknown[] = [];
      if (files.cover) {
        Object.assign(values, {
          cover_file: files.cover.id,
          cover_width: files.cover.width,
          cover_height: files.cover.height,
          legacy_cover_url: null,
        });
        dropped.push(before.cover_file);
      }
      if (files.pdf || book.pdfRemoved(input)) {
        Object.assign(values, { pdf_file: files.pdf ?? null, legacy_pdf_url: null });
        dropped.push(before.pdf_file);
      }
      const names = Object.keys(values);
      const after = (
        await tx.query(
          `UPDATE ${book.table} SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1 RETURNING *`,
          [id, ...Object.values(values)],
        )
      ).rows[0]!;
      // The row no longer names the dropped files: they can go.
      const gone = await releaseAll(tx, dropped);
      await recordAudit(
        ctx,
        {
          action: 'update',
          entity: book.entity,
          entityId: id,
          detail: changeDetail(book.view(before), book.view(after)),
        },
        tx,
      );
      return { row: after, released: gone };
    });
    await deleteReleased(released);
    await purgePages([book.tag]);
    return json(book.toJson(row));
  }

  async function remove(_req: Request, ctx: AdminContext): Promise<Response> {
    const id = ctx.params.id ?? '';
    const sample = sampleOf(id);
    if (sample) return removeSample(ctx, sample);
    if (!isUuid(id)) throw notFound(book.notFound);
    const released = await transaction(async (tx) => {
      const before = (await tx.query(`DELETE FROM ${book.table} WHERE id = $1 RETURNING *`, [id])).rows[0];
      if (!before) throw notFound(book.notFound);
      const gone = await releaseAll(tx, [before.cover_file, before.pdf_file]);
      await recordAudit(
        ctx,
        { action: 'delete', entity: book.entity, entityId: id, detail: changeDetail(book.view(before), null) },
        tx,
      );
      return gone;
    });
    await deleteReleased(released);
    await purgePages([book.tag]);
    return json({ _id: id, deleted: true });
  }

  return { list, create, update, remove };
}

export const pressRoutes = routesOf<ArticleInput>({
  table: 'press_articles',
  entity: 'press',
  tag: PRESS_TAG,
  notFound: PRESS_TEXTS.notFound,
  validate: validateArticle,
  columns: (a) => ({
    source: a.source,
    title_en: a.title.en,
    title_hi: a.title.hi,
    summary_en: a.summary.en,
    summary_hi: a.summary.hi,
    published_on: a.publishedOn,
    cover_alt_en: a.coverAlt.en,
    cover_alt_hi: a.coverAlt.hi,
  }),
  pdfRemoved: (a) => a.removePdf,
  toJson: articleJson,
  list: () => listArticles(),
  view: articleView,
});

export const magazineRoutes = routesOf<IssueInput>({
  table: 'magazine_issues',
  entity: 'magazine',
  tag: MAGAZINE_TAG,
  notFound: PRESS_TEXTS.issueNotFound,
  validate: validateIssue,
  columns: (m) => ({
    title_en: m.title.en,
    title_hi: m.title.hi,
    description_en: m.description.en,
    description_hi: m.description.hi,
    issue_month: m.month,
  }),
  pdfRemoved: () => false,
  toJson: issueJson,
  list: () => listIssues(),
  view: issueView,
});

// ---- the public pages ------------------------------------------------------------------------

/** GET /press/coverage and /hi/press/coverage. */
export const coveragePageHandler = (lang: Language) => async (req: Request) =>
  publicPage(req, { lang, ...coveragePage(lang, await listArticles()), tags: [PRESS_TAG] });

/** GET /press/magazine and /hi/press/magazine. */
export const magazinePageHandler = (lang: Language) => async (req: Request) =>
  publicPage(req, { lang, ...magazinePage(lang, await listIssues()), tags: [MAGAZINE_TAG] });

// ---- the go-live checklist -------------------------------------------------------------------

/** The dashboard's checklist lines of this part: the sample press articles and magazine issues still on the site. */
export async function goLiveChecks(): Promise<GoLiveCheck[]> {
  const [articles, issues] = await Promise.all([samplesShown('press'), samplesShown('magazine')]);
  return [
    {
      code: 'goLive.press.samples',
      done: articles.length === 0,
      href: '/admin/press#press-articles',
      count: articles.length,
    },
    {
      code: 'goLive.magazine.samples',
      done: issues.length === 0,
      href: '/admin/press#magazine-issues',
      count: issues.length,
    },
  ];
}
