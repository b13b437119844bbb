/**
 * The dashboard's go-live checklist (GET /v1/api/dashboard/go-live) and the press samples, on the
 * API in this process with a database of its own: every line has its words in both tables and a
 * place to go; the sample press articles and magazine issues count down as the office removes one
 * (gone from the list and both public pages, for good, audited) or saves one as its own (a row of
 * the school's keeping the sample's picture, audited from the sample); the disclosure documents,
 * payment keys and message keys lines follow what is uploaded and set. Migration 0036 turns the
 * rows 0021 seeded back into samples, keeping what a school had changed or deleted.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQLExecutor } from '@netlify/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { auditOf, expectJsonError } from '../http/admin-fixtures.ts';
import { MIGRATIONS_DIR, migrate } from '../../scripts/migrate.ts';
import { EN } from '../../src/lib/i18n/en.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import type { GoLiveLine } from '../../src/features/go-live/go-live.ts';
import { listArticles, listIssues } from '../../src/features/press/press.server.ts';
import { coveragePage, magazinePage } from '../../src/features/press/press-pages.server.ts';

let site: OfficeSite;
let principal: ApiClient;
const anonymous = () => new ApiClient(site.url);

beforeAll(async () => {
  site = await startOfficeSite({}, 'Go-live Clerk');
  principal = await adminClient(site.url);
}, 180_000);
afterAll(async () => {
  await site?.stop();
});

async function checklist(client: ApiClient = site.office): Promise<Map<string, GoLiveLine>> {
  const res = await client.request('/v1/api/dashboard/go-live');
  expect(res.status, await res.clone().text()).toBe(200);
  const lines = (await res.json()).data as GoLiveLine[];
  return new Map(lines.map((l) => [l.code, l]));
}
const titles = async (path: string) =>
  (await (await anonymous().request(path)).json()).data as { _id: string; title: { en: string } }[];
/** A public page's body as its function draws it from the database (the built shell around it is the runtime suite's). */
const page = async (path: '/press/coverage' | '/hi/press/coverage' | '/press/magazine') =>
  path === '/press/magazine'
    ? magazinePage('en', await listIssues()).body.value
    : coveragePage(path === '/press/coverage' ? 'en' : 'hi', await listArticles()).body.value;

describe('GET /v1/api/dashboard/go-live', () => {
  it('answers staff only; every line has its words in English and Hindi and links into the admin', async () => {
    await expectJsonError(await anonymous().request('/v1/api/dashboard/go-live'), 401);
    const lines = await checklist(principal);
    expect(lines.size).toBeGreaterThanOrEqual(5);
    for (const line of lines.values()) {
      expect(Object.hasOwn(EN, line.code) && Object.hasOwn(HI, line.code), line.code).toBe(true);
      expect(line.text).toBe(EN[line.code as keyof typeof EN]);
      expect(line.href, line.code).toMatch(/^\/admin(\/|$|\?|#)/);
    }
    // Every part's lines, the school's facts first.
    expect([...lines.keys()][0]).toBe('goLive.school.saved');
    for (const code of [
      'goLive.school.affiliation',
      'goLive.fees',
      'goLive.pages.unsigned',
      'goLive.pictures.samples',
      'goLive.gallery.samples',
    ])
      expect(lines.has(code), code).toBe(true);
    expect(lines.get('goLive.press.samples')).toMatchObject({
      done: false,
      count: 6,
      href: '/admin/press#press-articles',
    });
    expect(lines.get('goLive.magazine.samples')).toMatchObject({
      done: false,
      count: 6,
      href: '/admin/press#magazine-issues',
    });
    expect(lines.get('goLive.disclosure.documents')).toMatchObject({
      done: false,
      count: 14,
      href: '/admin/disclosure',
    });
    expect(lines.get('goLive.payments.keys')).toMatchObject({ done: false, href: '/admin/payments' });
    expect(lines.get('goLive.payments.keys')!.text).toContain(
      'set by whoever deploys the site; see docs/operations.md',
    );
    expect(lines.get('goLive.messages.keys')).toMatchObject({ done: false, href: '/admin/messages' });
  });

  it('follows the disclosure documents uploaded and the payment and message keys set (the test gateway is no payment)', async () => {
    await site.db.query(
      `INSERT INTO disclosure_documents (key, file_id, file_name, file_size, issued_on) VALUES ('noc', gen_random_uuid(), 'noc.pdf', 1000, '2025-04-01')`,
    );
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_live_go_live',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '1234',
    };
    try {
      Object.assign(process.env, keys);
      const lines = await checklist();
      expect(lines.get('goLive.disclosure.documents')).toMatchObject({ done: false, count: 13 });
      expect(lines.get('goLive.payments.keys')!.done).toBe(true);
      expect(lines.get('goLive.messages.keys')!.done).toBe(true);
      delete process.env.RAZORPAY_KEY_ID;
      Object.assign(process.env, { PAYMENTS_TEST_GATEWAY: '1', TEST_GATEWAY_KEY_SECRET: 'test' });
      expect((await checklist()).get('goLive.payments.keys')!.done).toBe(false);
    } finally {
      for (const name of [...Object.keys(keys), 'PAYMENTS_TEST_GATEWAY', 'TEST_GATEWAY_KEY_SECRET'])
        delete process.env[name];
      await site.db.query(`DELETE FROM disclosure_documents WHERE key = 'noc'`);
    }
  });
});

describe('the press samples', () => {
  it('the office removes one: gone from the list and both public pages, for good, audited with what it was; the checklist counts one fewer', async () => {
    const before = await titles('/v1/api/press');
    const sample = before.find((a) => a._id === 'sample-press-2')!;
    expect(sample.title.en).toBe('Students shine at state science exhibition');
    expect(await page('/hi/press/coverage')).toContain('राज्य विज्ञान प्रदर्शनी में हमारे विद्यार्थी छाए');

    await expectJsonError(
      await site.office.request('/v1/api/press/sample-press-2', { method: 'DELETE', xsrf: false }),
      403,
    );
    const res = await site.office.request('/v1/api/press/sample-press-2', { method: 'DELETE' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ _id: 'sample-press-2', deleted: true });

    expect((await titles('/v1/api/press')).map((a) => a._id)).toEqual(
      before.map((a) => a._id).filter((id) => id !== 'sample-press-2'),
    );
    expect(await page('/press/coverage')).not.toContain(sample.title.en);
    expect(await page('/hi/press/coverage')).not.toContain('राज्य विज्ञान प्रदर्शनी में हमारे विद्यार्थी छाए');
    expect((await checklist()).get('goLive.press.samples')).toMatchObject({ done: false, count: 5 });
    // Stays gone: a second removal, or saving it, finds nothing.
    await expectJsonError(await site.office.request('/v1/api/press/sample-press-2', { method: 'DELETE' }), 404);
    await expectJsonError(
      await site.office.request('/v1/api/press/sample-press-2', {
        method: 'PUT',
        json: { source: 'X', title: { en: 'X' }, publishedOn: '2025-01-01', coverAlt: { en: 'X' } },
      }),
      404,
    );
    expect((await titles('/v1/api/press')).some((a) => a._id === 'sample-press-2')).toBe(false);

    const [entry] = await auditOf(principal, 'press', 'sample-press-2');
    expect(entry).toMatchObject({ action: 'delete' });
    expect(JSON.parse(entry!.detail)).toMatchObject({
      before: {
        Newspaper: 'The Bulandshahr Times',
        'Title (English)': sample.title.en,
        Cover: '/starting/press/press-2.jpg',
      },
      after: null,
    });
    await expectJsonError(await site.office.request('/v1/api/press/sample-nothing', { method: 'DELETE' }), 404);
  });

  it("saving a sample makes it the school's own entry, its picture kept; removing that entry later does not bring the sample back", async () => {
    const res = await site.office.request('/v1/api/press/sample-press-3', {
      method: 'PUT',
      json: {
        source: 'Amar Ujala',
        title: { en: 'Sports meet at our school', hi: '' },
        summary: { en: 'Families came from the villages.' },
        publishedOn: '2025-02-09',
        coverAlt: { en: 'Runners on the school track' },
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const own = await res.json();
    expect(own).toMatchObject({
      sample: false,
      source: 'Amar Ujala',
      cover: { url: '/starting/press/press-3.jpg', width: 640, height: 400 },
      pdf: null,
    });
    expect(own._id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await titles('/v1/api/press');
    expect(listed.some((a) => a._id === 'sample-press-3')).toBe(false);
    expect(listed.find((a) => a._id === own._id)!.title.en).toBe('Sports meet at our school');
    expect(await page('/press/coverage')).not.toContain('Annual sports meet draws 2,000 spectators');
    expect((await checklist()).get('goLive.press.samples')).toMatchObject({ count: 4 });

    const [saved] = await auditOf(principal, 'press', own._id);
    expect(saved).toMatchObject({ action: 'update' });
    expect(JSON.parse(saved!.detail)).toMatchObject({
      before: { Newspaper: 'अमर प्रभात', 'Title (English)': 'Annual sports meet draws 2,000 spectators' },
      after: { Newspaper: 'Amar Ujala', 'Title (English)': 'Sports meet at our school' },
    });

    expect((await site.office.request(`/v1/api/press/${own._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await titles('/v1/api/press')).some((a) => a._id === 'sample-press-3' || a._id === own._id)).toBe(false);
    expect((await checklist()).get('goLive.press.samples')).toMatchObject({ count: 4 });
  });

  it('a sample magazine issue is removed the same way; the public page marks the others as samples', async () => {
    expect(await page('/press/magazine')).toContain('<strong>Sample</strong> · December 2025');
    expect((await site.office.request('/v1/api/magazine/sample-chronicle-2025-12', { method: 'DELETE' })).status).toBe(
      200,
    );
    const html = await page('/press/magazine');
    expect(html).not.toContain('Annual Day Special');
    expect(html).toContain('<strong>Sample</strong> · April 2026');
    expect((await checklist()).get('goLive.magazine.samples')).toMatchObject({ count: 5 });
  });
});

describe('migration 0036', () => {
  it("turns 0021's untouched rows back into samples; an edited one stays the school's, a deleted one's sample stays off", async () => {
    const root = resolve(import.meta.dirname, '../..');
    const dir = await mkdtemp(join(tmpdir(), 'migrations-0036-'));
    const db = new PGlite();
    const executor = {
      exec: (sql: string) => db.exec(sql),
      query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await db.query<T>(sql, params)).rows }),
      transaction: (fn: (tx: unknown) => Promise<unknown>) =>
        db.transaction((tx) =>
          fn({
            exec: (sql: string) => tx.exec(sql),
            query: async (sql: string, params?: unknown[]) => ({ rows: (await tx.query(sql, params)).rows }),
          }),
        ),
    } as unknown as SQLExecutor;
    try {
      const files = (await readdir(join(root, MIGRATIONS_DIR))).sort();
      await cp(join(root, MIGRATIONS_DIR), join(dir, MIGRATIONS_DIR), {
        recursive: true,
        filter: (src) => !/\/0(03[6-9]|0[4-9]\d)[^/]*$/.test(src),
      });
      await migrate(executor, dir);
      await db.exec(`UPDATE press_articles SET title_en = 'Our own headline', updated_at = now() + interval '1 minute' WHERE legacy_cover_url = '/images/press/press-2.jpg';
                     DELETE FROM press_articles WHERE legacy_cover_url = '/images/press/press-4.jpg';`);
      for (const file of files.filter((f) => f >= '0036'))
        await cp(join(root, MIGRATIONS_DIR, file), join(dir, MIGRATIONS_DIR, file));
      await migrate(executor, dir);
      expect((await db.query(`SELECT title_en, legacy_cover_url FROM press_articles`)).rows).toEqual([
        { title_en: 'Our own headline', legacy_cover_url: '/starting/press/press-2.jpg' },
      ]);
      expect((await db.query(`SELECT 1 FROM magazine_issues`)).rows).toHaveLength(0);
      expect(
        (await db.query(`SELECT book, sample_key, outcome FROM press_sample_changes ORDER BY sample_key`)).rows,
      ).toEqual([
        { book: 'press', sample_key: 'press-2', outcome: 'edited' },
        { book: 'press', sample_key: 'press-4', outcome: 'removed' },
      ]);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
