/**
 * The Mandatory Public Disclosure (./disclosure.ts).
 *
 *   GET    /v1/api/disclosure                  (public)    { documents, staff, infrastructure, results, updatedAt }
 *   PUT    /v1/api/disclosure                  (principal) the typed part, whole: { staff, infrastructure, results }
 *   PUT    /v1/api/disclosure/documents/{key}  (principal) { uploadId?, issuedOn, validUntil? }: a PDF of the staff
 *                                                          files (POST /v1/api/files) and its dates; uploadId is
 *                                                          needed the first time, and replaces the file after
 *   DELETE /v1/api/disclosure/documents/{key}  (principal) takes the document off the page
 *   GET    /academy/mandatory-disclosure, /hi/academy/mandatory-disclosure: the public page
 *
 * Every change is audited with what it was before and after, and purges the page's cache tag.
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { getPool, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { claimFile, deleteReleased, releaseFile } from '../../server/files.ts';
import { fileUrl } from '../../lib/staff-files.ts';
import { json, readJson, type RouteContext } from '../../server/http.ts';
import { purgePages } from '../../server/public-page.ts';
import { publicPage } from '../site/public-page.server.ts';
import { dateInIndia, toIso } from '../../lib/dates.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { changedKeys, factsOf } from '../school/school.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import {
  DISCLOSURE_DOCUMENTS,
  isDocumentKey,
  validateDocumentDates,
  validateFigures,
  type Disclosure,
  type DisclosureDocument,
  type DisclosureFigures,
  type DocumentKey,
} from './disclosure.ts';
import { DISCLOSURE_PATH, DISCLOSURE_TAG, disclosurePage } from './disclosure-page.ts';
import { FEE_PAGE_TAG } from '../fees/fee-page.server.ts';
import { disclosureFees } from '../fees/structure.server.ts';

type Row = Record<string, unknown>;

const ORDER = new Map(DISCLOSURE_DOCUMENTS.map((d, i) => [d.key as string, i]));
const day = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

const documentJson = (row: Row): DisclosureDocument => ({
  key: row.key as DocumentKey,
  url: fileUrl(String(row.file_id)),
  name: String(row.file_name),
  size: Number(row.file_size),
  issuedOn: day(row.issued_on)!,
  validUntil: day(row.valid_until),
  updatedAt: toIso(row.updated_at),
});

const EMPTY: DisclosureFigures = { staff: {}, infrastructure: {}, results: { x: [], xii: [] } };

/** The stored figures through the schema again: jsonb keeps keys in its own order, the schema puts them back in the form's. */
function figuresOf(value: unknown): DisclosureFigures {
  const stored = typeof value === 'string' ? JSON.parse(value) : value;
  const checked = validateFigures(stored);
  return checked.ok ? checked.data : EMPTY;
}

/** The whole disclosure as it is stored now. */
export async function readDisclosure(db: Queryable = getPool()): Promise<Disclosure> {
  const [figures, documents] = await Promise.all([
    db.query<Row>(`SELECT figures, updated_at FROM disclosure WHERE id`),
    db.query<Row>(`SELECT * FROM disclosure_documents`),
  ]);
  const row = figures.rows[0];
  const docs = documents.rows.map(documentJson).sort((a, b) => ORDER.get(a.key)! - ORDER.get(b.key)!);
  return { ...(row ? figuresOf(row.figures) : EMPTY), documents: docs, updatedAt: row ? toIso(row.updated_at) : null };
}

export async function getDisclosure(): Promise<Response> {
  return json(await readDisclosure());
}

/** PUT /v1/api/disclosure (principal): the staff and infrastructure figures and the board results. */
export async function putDisclosure(req: Request, ctx: AdminContext): Promise<Response> {
  const result = validateFigures(await readJson(req));
  if (!result.ok) throw badRequest(result.error, result.fields);
  const after = result.data;
  const changed = await transaction(async (tx) => {
    const { rows } = await tx.query<Row>(`SELECT figures FROM disclosure WHERE id FOR UPDATE`);
    const before = rows[0] ? figuresOf(rows[0].figures) : EMPTY;
    const parts = ['staff', 'infrastructure', 'results'] as const;
    if (!changedKeys(before, after, parts).length) return false;
    await tx.query(
      `INSERT INTO disclosure (id, figures, updated_at) VALUES (true, $1::jsonb, now())
       ON CONFLICT (id) DO UPDATE SET figures = EXCLUDED.figures, updated_at = now()`,
      [JSON.stringify(after)],
    );
    await recordAudit(
      ctx,
      {
        action: 'update',
        entity: 'disclosure',
        entityId: 'figures',
        detail: changeDetail(factsOf(before, parts), factsOf(after, parts)),
      },
      tx,
    );
    return true;
  });
  if (changed) await purgePages([DISCLOSURE_TAG]);
  return json(await readDisclosure());
}

const documentKey = (ctx: RouteContext): DocumentKey => {
  const key = ctx.params.key;
  if (!isDocumentKey(key)) throw notFound('No such disclosure item');
  return key;
};

/** The parts of a document the audit compares. */
const auditFacts = (doc: DisclosureDocument) => ({
  file: doc.name,
  url: doc.url,
  issuedOn: doc.issuedOn,
  validUntil: doc.validUntil,
});

/** PUT /v1/api/disclosure/documents/{key} (principal). */
export async function putDocument(req: Request, ctx: AdminContext): Promise<Response> {
  const key = documentKey(ctx);
  const dates = validateDocumentDates(await readJson(req), dateInIndia());
  if (!dates.ok) throw badRequest(dates.error, dates.fields);
  const input = dates.data;
  const { saved, released } = await transaction(async (tx) => {
    const current = (await tx.query<Row>(`SELECT * FROM disclosure_documents WHERE key = $1 FOR UPDATE`, [key]))
      .rows[0];
    if (!current && !input.uploadId)
      throw badRequest('Upload the document (PDF) first.', { uploadId: 'Upload the document (PDF) first.' });
    const file = input.uploadId
      ? await claimFile(tx, input.uploadId, { field: 'uploadId', public: true, types: ['pdf'] })
      : undefined;
    const { rows } = await tx.query<Row>(
      `INSERT INTO disclosure_documents (key, file_id, file_name, file_size, issued_on, valid_until, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (key) DO UPDATE SET file_id = EXCLUDED.file_id, file_name = EXCLUDED.file_name, file_size = EXCLUDED.file_size,
         issued_on = EXCLUDED.issued_on, valid_until = EXCLUDED.valid_until, updated_at = now()
       RETURNING *`,
      [
        key,
        file?.id ?? current!.file_id,
        file?.name ?? current!.file_name,
        file?.size ?? current!.file_size,
        input.issuedOn,
        input.validUntil,
      ],
    );
    const saved = documentJson(rows[0]!);
    const before = current ? documentJson(current) : undefined;
    const released = file && current ? await releaseFile(tx, String(current.file_id)) : [];
    await recordAudit(
      ctx,
      {
        action: before ? 'update' : 'create',
        entity: 'disclosure',
        entityId: key,
        detail: changeDetail(before ? auditFacts(before) : null, auditFacts(saved)),
      },
      tx,
    );
    return { saved, released };
  });
  await deleteReleased(released);
  await purgePages([DISCLOSURE_TAG]);
  return json(saved);
}

/** DELETE /v1/api/disclosure/documents/{key} (principal): the page says "not yet published" again. */
export async function deleteDocument(_req: Request, ctx: AdminContext): Promise<Response> {
  const key = documentKey(ctx);
  const released = await transaction(async (tx) => {
    const current = (await tx.query<Row>(`DELETE FROM disclosure_documents WHERE key = $1 RETURNING *`, [key])).rows[0];
    if (!current) throw notFound('This document is not published');
    const before = documentJson(current);
    const released = await releaseFile(tx, String(current.file_id));
    await recordAudit(
      ctx,
      { action: 'delete', entity: 'disclosure', entityId: key, detail: changeDetail(auditFacts(before), null) },
      tx,
    );
    return released;
  });
  await deleteReleased(released);
  await purgePages([DISCLOSURE_TAG]);
  return json({ message: 'Document taken off the disclosure page', key });
}

/** The public page in `lang`, from the profile and the disclosure as they are now. */
const servePage =
  (lang: Language) =>
  async (req: Request): Promise<Response> => {
    const [profile, disclosure, fees] = await Promise.all([schoolProfile(), readDisclosure(), disclosureFees(lang)]);
    // The path as the site's static pages write theirs (canonical, hreflang, sitemap): with its trailing slash.
    // The fee structure is part C's: a change of the fees purges this page too.
    return publicPage(req, {
      lang,
      path: `${DISCLOSURE_PATH}/`,
      tags: [DISCLOSURE_TAG, FEE_PAGE_TAG],
      ...disclosurePage(profile, disclosure, lang, fees),
    });
  };
export const serveDisclosurePage = servePage('en');
export const serveHindiDisclosurePage = servePage('hi');
