/**
 * A notice's attachment over HTTP: 404 before the notice's publish date (the
 * same answer as a file that is not there), then served with the caching the site's CDN reads: a
 * minute in browsers and on Netlify's CDN, under the file's own cache tag (purged on deletion:
 * tests/db/staff-files.test.ts), never the year-long immutable caching it once had.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient } from '../support/api.ts';
import { site } from '../support/site.ts';
import { expectJsonError, stagedFile } from '../http/admin-fixtures.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const today = dateInIndia();
let office: ApiClient;
let db: pg.Client;
const visitor = new ApiClient();

beforeAll(async () => {
  office = (await staffClient('office', 'Attachments Clerk')).client;
  db = new pg.Client({ connectionString: withDefaultUser(site('databaseURL')) });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

describe("a notice's attachment", () => {
  it('answers 404 before the publish date, then 200 kept a minute under its own cache tag', async () => {
    const uploadId = await stagedFile(office);
    const res = await office.request('/v1/api/notices', {
      method: 'POST',
      json: {
        title: { en: `Sports day ${uploadId.slice(0, 6)}` },
        body: { en: 'The timetable is attached.' },
        publishOn: addDays(today, 2),
        attachmentUploadId: uploadId,
      },
    });
    expect(res.status).toBe(201);
    const { _id: id, attachment } = await res.json();

    const early = await visitor.request(attachment.url);
    const missing = await visitor.request(`/v1/files/${crypto.randomUUID()}`);
    expect(await expectJsonError(early, 404)).toEqual(await expectJsonError(missing, 404));
    expect(early.headers.get('cache-control')).toBe('no-store');

    await db.query(`UPDATE notices SET publish_on = $2 WHERE id = $1`, [id, today]);
    const served = await visitor.request(attachment.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('cache-control')).toBe('public, max-age=60');
    expect(served.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=60');
    expect(served.headers.get('netlify-cache-tag')).toBe(`file-${uploadId}`);
  });
});
