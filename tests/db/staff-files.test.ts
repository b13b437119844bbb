/**
 * Staff files (src/server/files.ts): uploaded on their own, typed by their bytes, claimed once by a
 * record in its transaction, public only when their record says so, and swept when nobody claims them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, staffClient } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { STAFF_FILE_MAX_BYTES, STAFF_FILE_MESSAGES } from '../../src/lib/staff-files.ts';
import { HTML, SVG, expectJsonError, jpeg, pdf, png, stagedFile, uploadStaffFile } from '../http/admin-fixtures.ts';

let site: InProcessSite;
let db: pg.Pool;
let office: ApiClient;

beforeAll(async () => {
  site = await startInProcessSite();
  db = new pg.Pool({ connectionString: withDefaultUser(site.databaseUrl), max: 2 });
  office = (await staffClient('office', 'Files Clerk', site.url)).client;
}, 180_000);

afterAll(async () => {
  await db?.end();
  await site?.stop();
});

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
      expect(res.body.fields).toEqual({ file: STAFF_FILE_MESSAGES.type });
    }
    expect((await uploadStaffFile(office, Buffer.alloc(0))).status).toBe(400);
    const big = Buffer.concat([pdf(), Buffer.alloc(STAFF_FILE_MAX_BYTES)]);
    expect((await uploadStaffFile(office, big)).status).toBe(413);
    expect((await db.query(`SELECT count(*)::int AS n FROM staff_files`)).rows[0].n).toBe(before);
  });

  it('is for staff only: no session 401, no XSRF header 403', async () => {
    await expectJsonError(await new ApiClient(site.url).request('/v1/api/files', { method: 'POST', body: new FormData() }), 401);
    await expectJsonError(await office.request('/v1/api/files', { method: 'POST', body: new FormData(), xsrf: false }), 403);
  });

  it('is claimed once, in the claiming transaction, and only in a type the place takes', async () => {
    const { claimFile } = await files();
    const id = await stagedFile(office);
    await expect(transaction((tx) => claimFile(tx, id, { field: 'photo', public: true, types: ['jpeg', 'png'] }))).rejects.toMatchObject({
      status: 400,
      fields: { photo: 'This place takes only JPEG, PNG files.' },
    });
    // The refusal rolled the claim back: it is still free.
    const claimed = await transaction((tx) => claimFile(tx, id, { field: 'attachment', public: false }));
    expect(claimed).toMatchObject({ id, type: 'pdf' });
    for (const again of [id, 'not-an-id', crypto.randomUUID()]) {
      await expect(transaction((tx) => claimFile(tx, again, { field: 'attachment', public: true }))).rejects.toMatchObject({
        status: 400,
        fields: { attachment: STAFF_FILE_MESSAGES.unknown },
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
    for (const id of [closed, loose, 'x', crypto.randomUUID()]) await expectJsonError(await visitor.request(`/v1/files/${id}`), 404);

    const released = await transaction((tx) => releaseFile(tx, open));
    await deleteReleased(released);
    await expectJsonError(await visitor.request(`/v1/files/${open}`), 404);
  });

  it('is swept by the cleanup when nobody claimed it within a day; claimed ones stay', async () => {
    const { claimFile, cleanupStaffFiles, readFile } = await files();
    const old = await stagedFile(office);
    const kept = await stagedFile(office);
    await transaction((tx) => claimFile(tx, kept, { field: 'a', public: false }));
    await db.query(`UPDATE staff_files SET created_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [[old, kept]]);
    expect(await cleanupStaffFiles()).toBeGreaterThanOrEqual(1);
    expect((await db.query(`SELECT id FROM staff_files WHERE id = ANY($1::uuid[])`, [[old, kept]])).rows.map((r) => r.id)).toEqual([kept]);
    expect(await readFile(kept)).toBeDefined();
  });
});
