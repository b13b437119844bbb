/**
 * Staff files (src/server/files.ts): uploaded on their own, typed by their bytes, claimed once by a
 * record in its transaction, public only when their record says so (a notice's attachment from its
 * publish date), kept a minute by browsers and Netlify's CDN under their own tag, which a deletion or
 * replacement purges, and swept when nobody claims them. The purges go to a local server standing in
 * for Netlify's purge API (POST /api/v1/purge, as purgeCache of @netlify/functions sends it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { startJsonServer, type JsonServer } from '../support/json-server.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';
import { STAFF_FILE_MAX_BYTES, STAFF_FILE_TEXTS } from '../../src/lib/staff-files.ts';
import { HTML, SVG, expectJsonError, jpeg, pdf, png, stagedFile, uploadStaffFile } from '../http/admin-fixtures.ts';

let site: OfficeSite;
let db: pg.Pool;
let office: ApiClient;
let netlifyApi: JsonServer;
const PURGE = { token: 'purge-token-of-the-test', siteId: 'site-id-of-the-test' };
/** The tags of each purge Netlify's API was asked for, in order. */
const purged: string[][] = [];

beforeAll(async () => {
  netlifyApi = await startJsonServer((req) => {
    if (req.method !== 'POST' || req.url !== '/api/v1/purge' || req.headers.authorization !== `Bearer ${PURGE.token}`)
      return [401, { message: 'Unauthorized' }];
    const body = JSON.parse(req.body);
    if (body.site_id !== PURGE.siteId) return [404, { message: 'Not Found' }];
    purged.push(body.cache_tags);
    return [202, {}];
  });
  site = await startOfficeSite(
    { NETLIFY_PURGE_API_TOKEN: PURGE.token, SITE_ID: PURGE.siteId, NETLIFY_API_URL: netlifyApi.url },
    'Files Clerk',
  );
  ({ db, office } = site);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await netlifyApi?.stop();
});

/** Whether a purge named `tag` since the purges numbered `from`. */
const purgedSince = (from: number, tag: string) => purged.slice(from).some((tags) => tags.includes(tag));

const files = async () => import('../../src/server/files.ts');
const { transaction } = await import('../../src/server/db.ts');

describe('staff files', () => {
  it('takes a PDF, JPEG, PNG or WebP by its bytes, whatever its name and type say, and answers 201 with its id', async () => {
    for (const [bytes, name, type, expected] of [
      [pdf(), 'affiliation letter.pdf', 'application/pdf', 'pdf'],
      [jpeg(), 'scan.png', 'image/png', 'jpeg'],
      [png(), 'cover', 'application/octet-stream', 'png'],
    ] as const) {
      const { status, body } = await uploadStaffFile(office, bytes, name, type);
      expect(status).toBe(201);
      expect(body).toMatchObject({ type: expected, size: bytes.byteLength, name });
      expect(body.uploadId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('refuses HTML or SVG dressed as a PDF (415), no file (400) and one byte over 4 MB (413), and stores nothing', async () => {
    const before = (await db.query(`SELECT count(*)::int AS n FROM staff_files`)).rows[0].n;
    for (const bytes of [HTML, SVG]) {
      const res = await uploadStaffFile(office, bytes, 'notice.pdf', 'application/pdf');
      expect(res.status).toBe(415);
      expect(res.body.fields).toEqual({ file: STAFF_FILE_TEXTS.type });
    }
    expect((await uploadStaffFile(office, Buffer.alloc(0))).status).toBe(400);
    const big = Buffer.concat([pdf(), Buffer.alloc(STAFF_FILE_MAX_BYTES)]);
    expect((await uploadStaffFile(office, big)).status).toBe(413);
    expect((await db.query(`SELECT count(*)::int AS n FROM staff_files`)).rows[0].n).toBe(before);
  });

  it('is for staff only: no session 401, no XSRF header 403', async () => {
    await expectJsonError(
      await new ApiClient(site.url).request('/v1/api/files', { method: 'POST', body: new FormData() }),
      401,
    );
    await expectJsonError(
      await office.request('/v1/api/files', { method: 'POST', body: new FormData(), xsrf: false }),
      403,
    );
  });

  it('is claimed once, in the claiming transaction, and only in a type the place takes', async () => {
    const { claimFile } = await files();
    const id = await stagedFile(office);
    await expect(
      transaction((tx) => claimFile(tx, id, { field: 'photo', public: true, types: ['jpeg', 'png'] })),
    ).rejects.toMatchObject({
      status: 400,
      fields: { photo: 'This place takes only JPEG, PNG files.' },
    });
    // The refusal rolled the claim back: it is still free.
    const claimed = await transaction((tx) => claimFile(tx, id, { field: 'attachment', public: false }));
    expect(claimed).toMatchObject({ id, type: 'pdf' });
    for (const again of [id, 'not-an-id', crypto.randomUUID()]) {
      await expect(
        transaction((tx) => claimFile(tx, again, { field: 'attachment', public: true })),
      ).rejects.toMatchObject({
        status: 400,
        fields: { attachment: STAFF_FILE_TEXTS.unknown },
      });
    }
  });

  it('serves a public file to anyone at /v1/files/<id>, and a private or unclaimed one to no one', async () => {
    const { claimFile, releaseFile, deleteReleased } = await files();
    const bytes = pdf();
    const open = await stagedFile(office, bytes, 'परिपत्र.pdf');
    const closed = await stagedFile(office);
    const loose = await stagedFile(office);
    await transaction(async (tx) => {
      await claimFile(tx, open, { field: 'a', public: true });
      await claimFile(tx, closed, { field: 'b', public: false });
    });
    const visitor = new ApiClient(site.url);
    const res = await visitor.request(`/v1/files/${open}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('परिपत्र.pdf')}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    for (const id of [closed, loose, 'x', crypto.randomUUID()])
      await expectJsonError(await visitor.request(`/v1/files/${id}`), 404);

    const released = await transaction((tx) => releaseFile(tx, open));
    await deleteReleased(released);
    await expectJsonError(await visitor.request(`/v1/files/${open}`), 404);
  });

  it('is kept a minute by browsers and by the CDN under its own tag, never for good; a missing one is not kept', async () => {
    const { claimFile } = await files();
    const id = await stagedFile(office);
    await transaction((tx) => claimFile(tx, id, { field: 'a', public: true }));
    const res = await new ApiClient(site.url).request(`/v1/files/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=60');
    expect(res.headers.get('netlify-cache-tag')).toBe(`file-${id}`);
    const missing = await new ApiClient(site.url).request(`/v1/files/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('netlify-cache-tag')).toBeNull();
  });

  it('a released file is purged from the CDN by its tag once the change commits', async () => {
    const { claimFile, releaseFile, deleteReleased } = await files();
    const id = await stagedFile(office);
    await transaction((tx) => claimFile(tx, id, { field: 'a', public: true }));
    const before = purged.length;
    await deleteReleased(await transaction((tx) => releaseFile(tx, id)));
    expect(purged.slice(before)).toEqual([[`file-${id}`]]);
  });

  it('is swept by the cleanup when nobody claimed it within a day; claimed ones stay', async () => {
    const { claimFile, cleanupStaffFiles, readFile } = await files();
    const old = await stagedFile(office);
    const kept = await stagedFile(office);
    await transaction((tx) => claimFile(tx, kept, { field: 'a', public: false }));
    await db.query(`UPDATE staff_files SET created_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [
      [old, kept],
    ]);
    expect(await cleanupStaffFiles()).toBeGreaterThanOrEqual(1);
    expect(
      (await db.query(`SELECT id FROM staff_files WHERE id = ANY($1::uuid[])`, [[old, kept]])).rows.map((r) => r.id),
    ).toEqual([kept]);
    expect(await readFile(kept)).toBeDefined();
  });
});

describe("a scheduled notice's attachment", () => {
  const today = dateInIndia();
  const visitor = () => new ApiClient(site.url);
  const notice = (publishOn: string, attachmentUploadId?: string) => ({
    title: { en: `Annual day ${Math.random().toString(36).slice(2, 8)}` },
    body: { en: 'The programme is attached.' },
    publishOn,
    ...(attachmentUploadId ? { attachmentUploadId } : {}),
  });

  it('answers 404 before the publish date, as a missing file does, and 200 from it; a date moved later purges it and hides it again', async () => {
    const uploadId = await stagedFile(office);
    const res = await office.request('/v1/api/notices', { method: 'POST', json: notice(addDays(today, 1), uploadId) });
    expect(res.status).toBe(201);
    const made = await res.json();
    expect(made.attachment).toMatchObject({ id: uploadId, url: `/v1/files/${uploadId}` });
    const early = await visitor().request(made.attachment.url);
    const missing = await visitor().request(`/v1/files/${crypto.randomUUID()}`);
    expect(early.status).toBe(404);
    expect(await early.json()).toEqual(await missing.json());
    expect(early.headers.get('cache-control')).toBe('no-store');

    // The date comes.
    await db.query(`UPDATE notices SET publish_on = $2 WHERE id = $1`, [made._id, today]);
    const due = await visitor().request(made.attachment.url);
    expect(due.status).toBe(200);
    expect(due.headers.get('netlify-cache-tag')).toBe(`file-${uploadId}`);

    // The office moves it to next week: the CDN drops the file with the notices' pages, and it is 404 again.
    const from = purged.length;
    const moved = await office.request(`/v1/api/notices/${made._id}`, {
      method: 'PUT',
      json: notice(addDays(today, 7)),
    });
    expect(moved.status).toBe(200);
    expect((await moved.json()).attachment).toMatchObject({ id: uploadId });
    expect(purged.slice(from)).toEqual([['notices', `file-${uploadId}`]]);
    await expectJsonError(await visitor().request(made.attachment.url), 404);

    // Back to today through the API: 200.
    expect((await office.request(`/v1/api/notices/${made._id}`, { method: 'PUT', json: notice(today) })).status).toBe(
      200,
    );
    expect((await visitor().request(made.attachment.url)).status).toBe(200);
  });

  it('a replaced or deleted attachment is purged by its tag and answers 404', async () => {
    const first = await stagedFile(office);
    const made = await (await office.request('/v1/api/notices', { method: 'POST', json: notice(today, first) })).json();
    expect((await visitor().request(`/v1/files/${first}`)).status).toBe(200);
    const second = await stagedFile(office);
    let from = purged.length;
    expect(
      (await office.request(`/v1/api/notices/${made._id}`, { method: 'PUT', json: notice(today, second) })).status,
    ).toBe(200);
    expect(purgedSince(from, `file-${first}`)).toBe(true);
    await expectJsonError(await visitor().request(`/v1/files/${first}`), 404);
    expect((await visitor().request(`/v1/files/${second}`)).status).toBe(200);

    from = purged.length;
    expect((await office.request(`/v1/api/notices/${made._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(purgedSince(from, `file-${second}`)).toBe(true);
    await expectJsonError(await visitor().request(`/v1/files/${second}`), 404);
  });
});
