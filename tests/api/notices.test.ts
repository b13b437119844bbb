/**
 * Notices over HTTP: the office posts, changes, pins and takes down notices;
 * the public list, pages and feed show what is published and unexpired (pinned first, newest
 * next), a future notice only from its date, a notice in one language in that language on both
 * sites; bad input (control characters too) is a 400 with fields that stores nothing and claims no
 * file; every change is audited with before and after. The feed is read back by a feed reader's
 * parser (feedparser): the review's script in a title or text reaches it as text, and a title
 * holding $' or $& reaches the page's head as written.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient, type Staff, type Json } from '../support/api.ts';
import { site } from '../support/site.ts';
import { site as startingSite } from '../../src/config/site.ts';
import { auditOf, expectJsonError, fileOf, pdf, png } from '../http/admin-fixtures.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';
import { NOTICE_LIMITS, NOTICE_TEXTS } from '../../src/features/notices/notice.ts';
import { detailText } from '../../src/features/audit/audit.ts';
import { escapeHtml } from '../../src/server/escape-html.ts';
import { CONTROL_CODE, CONTROL_TEXT } from '../../src/lib/visible-text.ts';
import { parseFeed } from '../support/feed-parser.ts';
import { parseSitemap } from '../support/sitemap.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const today = dateInIndia();
let office: Staff;
let principal: ApiClient;
let db: pg.Client;
const visitor = new ApiClient();

beforeAll(async () => {
  office = await staffClient('office');
  principal = await adminClient();
  db = new pg.Client({ connectionString: withDefaultUser(site('databaseURL')) });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

/** A title no other test uses. */
const unique = (words: string) => `${words} ${Math.random().toString(36).slice(2, 8)}`;

function notice(overrides: Record<string, unknown> = {}) {
  const title = unique('Winter holidays');
  return {
    title: { en: title },
    body: { en: 'The school stays **closed** from 25 December.\n\n- Classes 1-5\n- Classes 6-12' },
    publishOn: today,
    ...overrides,
  };
}

async function post(client: ApiClient, body: unknown) {
  return client.request('/v1/api/notices', { method: 'POST', json: body });
}

async function created(body: Record<string, unknown>, client: ApiClient = office.client) {
  const res = await post(client, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Json;
}

async function upload(client: ApiClient, bytes: Buffer, type: string, name: string) {
  const form = new FormData();
  form.append('file', fileOf(bytes, type), name);
  return client.request('/v1/api/files', { method: 'POST', body: form });
}

async function uploaded(bytes: Buffer, type: string, name: string): Promise<string> {
  const res = await upload(office.client, bytes, type, name);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).uploadId as string;
}

const noticesTitled = async (title: string) =>
  (await db.query(`SELECT id FROM notices WHERE title_en = $1 OR title_hi = $1`, [title])).rowCount;
const claimed = async (uploadId: string) =>
  (await db.query(`SELECT claimed_at FROM staff_files WHERE id = $1`, [uploadId])).rows[0]?.claimed_at !== null;
const publicList = async () => (await (await visitor.request('/v1/api/notices')).json()) as Json[];
const page = async (path: string) => {
  const res = await visitor.request(path);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    html: await res.text(),
    headers: res.headers,
  };
};
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('posting a notice', () => {
  it('the office posts one: 201 with its _id and public url; it is listed, has its own page in both languages with Open Graph tags, and is audited', async () => {
    const body = notice({
      title: { en: unique('Winter holidays'), hi: 'शीतकालीन अवकाश' },
      body: { en: 'The school stays **closed**.\n\n- Classes 1-5', hi: 'विद्यालय **बंद** रहेगा।' },
    });
    const started = performance.now();
    const made = await created(body);
    // Live at once on the local runtime (no CDN in front of it): the next request shows it.
    expect((await page(made.url)).status).toBe(200);
    console.log(`notices: posted to its page served in ${Math.round(performance.now() - started)} ms`);
    expect(made).toMatchObject({
      title: body.title,
      publishOn: today,
      expiresOn: null,
      pinned: false,
      attachment: null,
    });
    expect(made._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.url).toMatch(new RegExp(`^/notices/${today}-winter-holidays-[a-z0-9]+$`));

    expect((await publicList()).map((n) => n._id)).toContain(made._id);

    const en = await page(made.url);
    expect(en.status).toBe(200);
    expect(en.type).toMatch(/^text\/html/);
    expect(en.html).toContain(`<h1>${body.title.en}</h1>`);
    expect(en.html).toContain('<strong>closed</strong>');
    expect(meta(en.html, 'og:type')).toBe('article');
    expect(meta(en.html, 'og:title')).toContain(body.title.en);
    expect(meta(en.html, 'og:description')).toBe('The school stays closed. Classes 1-5');
    expect(en.html).toMatch(/<link rel="alternate" type="application\/atom\+xml"[^>]* href="\/notices\/feed.xml">/);
    expect(en.html).not.toMatch(/<script[^>]*src="[^"]*(react|client)/);

    const hi = await page(`/hi${made.url}`);
    expect(hi.status).toBe(200);
    expect(hi.html).toContain('<html lang="hi-IN"');
    expect(hi.html).toContain('<h1>शीतकालीन अवकाश</h1>');
    expect(meta(hi.html, 'og:description')).toBe('विद्यालय बंद रहेगा।');

    const entries = await auditOf(principal, 'notice', made._id);
    expect(entries.map((e) => e.action)).toEqual(['create']);
    expect(entries[0]!.adminEmail).toBe(office.email);
  });

  it('a notice written in Hindi only shows in Hindi on the English site too, marked lang="hi-IN"', async () => {
    const title = unique('केवल हिंदी');
    const made = await created({ title: { hi: title }, body: { hi: 'कल विद्यालय बंद रहेगा।' }, publishOn: today });
    expect(made.url).toMatch(new RegExp(`^/notices/${today}-notice`));
    const en = await page(made.url);
    expect(en.status).toBe(200);
    expect(en.html).toContain('<html lang="en-IN"');
    expect(en.html).toContain(`<h1 lang="hi-IN">${title}</h1>`);
    expect(en.html).toContain('This notice was issued in Hindi only.');
    expect(en.html).toMatch(/<div class="notice-body prose" lang="hi-IN"><p>कल विद्यालय बंद रहेगा।<\/p><\/div>/);
    const index = await page('/notices');
    expect(index.html).toContain(`lang="hi-IN">${title}</a>`);
    const hi = await page(`/hi${made.url}`);
    expect(hi.html).toContain(`<h1>${title}</h1>`);
    expect(hi.html).not.toContain('केवल हिंदी में जारी');
  });

  it('script typed into a notice is shown as text, never run', async () => {
    const title = unique('<script>alert(1)</script> Notice');
    const made = await created(
      notice({
        title: { en: title },
        body: { en: 'Hello <script>alert(2)</script> <img src=x onerror=alert(3)> [x](javascript:alert(4))' },
      }),
    );
    const { html } = await page(made.url);
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toContain('javascript:alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Notice');
    expect(html).toContain('&lt;img src=x onerror=alert(3)&gt;');
  });

  it('pinned notices come first, then the newest publish date', async () => {
    const older = await created(notice({ publishOn: addDays(today, -3), pinned: true }));
    const newer = await created(notice({ publishOn: today }));
    const ids = (await publicList()).map((n) => n._id);
    expect(ids.indexOf(older._id)).toBeLessThan(ids.indexOf(newer._id));
    const list = await publicList();
    const firstUnpinned = list.findIndex((n) => !n.pinned);
    expect(list.slice(firstUnpinned).some((n) => n.pinned)).toBe(false);
    for (let i = firstUnpinned + 1; i < list.length; i++)
      expect(list[i - 1]!.publishOn >= list[i]!.publishOn).toBe(true);
    expect(await (await visitor.request('/v1/api/notices?limit=1')).json()).toHaveLength(1);
  });
});

describe('publish and expiry dates', () => {
  it('a notice dated tomorrow is not public (list, page, feed, month) until its date; the office sees it scheduled', async () => {
    const made = await created(notice({ publishOn: addDays(today, 1) }));
    expect((await publicList()).map((n) => n._id)).not.toContain(made._id);
    expect((await page(made.url)).status).toBe(404);
    expect((await page(`/hi${made.url}`)).status).toBe(404);
    expect((await page('/notices')).html).not.toContain(made.title.en);
    expect((await page('/notices/feed.xml')).html).not.toContain(made.title.en);
    expect((await page(`/notices/archive/${addDays(today, 1).slice(0, 7)}`)).html).not.toContain(made.title.en);
    const all = (await (await office.client.request('/v1/api/notices/all')).json()) as Json[];
    expect(all.find((n) => n._id === made._id)?.state).toBe('scheduled');
  });

  it('an expired notice leaves the list, the current notices and the feed, and stays in its month with its page', async () => {
    const published = addDays(today, -10);
    const made = await created(notice({ publishOn: published, expiresOn: addDays(today, -1) }));
    const lastDay = await created(notice({ publishOn: published, expiresOn: today }));
    const ids = (await publicList()).map((n) => n._id);
    expect(ids).not.toContain(made._id);
    expect(ids).toContain(lastDay._id);
    expect((await page('/notices')).html).not.toContain(made.title.en);
    expect((await page('/notices/feed.xml')).html).not.toContain(made.title.en);
    const month = await page(`/notices/archive/${published.slice(0, 7)}`);
    expect(month.status).toBe(200);
    expect(month.html).toContain(made.title.en);
    const own = await page(made.url);
    expect(own.status).toBe(200);
    expect(own.html).toContain('This notice was valid until');
    const all = (await (await office.client.request('/v1/api/notices/all')).json()) as Json[];
    expect(all.find((n) => n._id === made._id)?.state).toBe('expired');
    expect(all.find((n) => n._id === lastDay._id)?.state).toBe('published');
  });
});

describe('bad input stores nothing', () => {
  it.each<[string, (title: string) => Record<string, unknown>, string, string]>([
    [
      'dates out of order',
      (t) => notice({ title: { en: t }, expiresOn: addDays(today, -1) }),
      'expiresOn',
      NOTICE_TEXTS.expiresBeforePublish,
    ],
    ['no language', (t) => ({ title: {}, body: {}, publishOn: today, _t: t }), 'title', NOTICE_TEXTS.title],
    [
      'a title without text',
      (t) => ({ title: { en: t }, body: {}, publishOn: today }),
      'body.en',
      NOTICE_TEXTS.titleWithoutBody,
    ],
    [
      'an over-long title',
      (t) => notice({ title: { en: `${t}${'x'.repeat(NOTICE_LIMITS.title)}` } }),
      'title.en',
      NOTICE_TEXTS.titleTooLong,
    ],
    [
      'an over-long text',
      (t) => notice({ title: { en: t }, body: { en: 'y'.repeat(NOTICE_LIMITS.body + 1) } }),
      'body.en',
      NOTICE_TEXTS.bodyTooLong,
    ],
    [
      'a publish date that is no date',
      (t) => notice({ title: { en: t }, publishOn: '2026-13-01' }),
      'publishOn',
      NOTICE_TEXTS.publishOn,
    ],
  ])('%s: 400 with the field, no row, the upload left unclaimed', async (_, make, field, message) => {
    const title = unique('Refused');
    const uploadId = await uploaded(pdf(), 'application/pdf', 'circular.pdf');
    const res = await post(office.client, { ...make(title), attachmentUploadId: uploadId });
    const body = await expectJsonError(res, 400);
    expect(body.fields[field]).toBe(message);
    expect(body.codes[field]).toMatch(/^notice\./);
    expect(body.code).toMatch(/^notice\./);
    expect(await noticesTitled(title)).toBe(0);
    expect(await claimed(uploadId)).toBe(false);
  });

  it.each<[string, (title: string) => Record<string, unknown>, string]>([
    ['BEL in the title', (t) => notice({ title: { en: `${t}\u0007` } }), 'title.en'],
    [
      'ESC in the Hindi title',
      (t) => notice({ title: { en: t, hi: 'अवकाश\u001b[2J' }, body: { en: 'x', hi: 'बंद' } }),
      'title.hi',
    ],
    ['a line break inside the title', (t) => notice({ title: { en: `${t}\nsecond line` } }), 'title.en'],
    ['C1 in the title', (t) => notice({ title: { en: `${t}\u0085` } }), 'title.en'],
    ['a noncharacter in the title', (t) => notice({ title: { en: `${t}\uffff` } }), 'title.en'],
    [
      'a vertical tab in the text',
      (t) => notice({ title: { en: t }, body: { en: 'Closed\u000b tomorrow' } }),
      'body.en',
    ],
    [
      'C1 in the Hindi text',
      (t) => notice({ title: { en: t, hi: 'अवकाश' }, body: { en: 'x', hi: 'कल\u009b बंद' } }),
      'body.hi',
    ],
  ])(
    'a control character (%s): 400 naming the field with text.control, no row, the upload left unclaimed',
    async (_, make, field) => {
      const title = unique('Refused control');
      const uploadId = await uploaded(pdf(), 'application/pdf', 'circular.pdf');
      const body = await expectJsonError(
        await post(office.client, { ...make(title), attachmentUploadId: uploadId }),
        400,
        CONTROL_TEXT,
      );
      expect(body.fields).toEqual({ [field]: CONTROL_TEXT });
      expect(body.codes).toEqual({ [field]: CONTROL_CODE });
      expect(body.code).toBe(CONTROL_CODE);
      expect(await db.query(`SELECT id FROM notices WHERE title_en LIKE $1`, [`${title}%`])).toMatchObject({
        rowCount: 0,
      });
      expect(await claimed(uploadId)).toBe(false);
    },
  );

  it('NUL and half a surrogate pair are refused before the schema (request.invalidCharacters), nothing stored', async () => {
    for (const bad of ['\u0000', '\ud800']) {
      const title = unique('Refused unstorable');
      const answer = await expectJsonError(await post(office.client, notice({ title: { en: `${title}${bad}` } })), 400);
      expect(answer.code).toBe('request.invalidCharacters');
      expect(await db.query(`SELECT id FROM notices WHERE title_en LIKE $1`, [`${title}%`])).toMatchObject({
        rowCount: 0,
      });
    }
  });

  it('an edit with a control character changes nothing; the preview refuses it too', async () => {
    const made = await created(notice());
    const res = await office.client.request(`/v1/api/notices/${made._id}`, {
      method: 'PUT',
      json: notice({ title: { en: `${made.title.en}\u0007` } }),
    });
    expect((await expectJsonError(res, 400, CONTROL_TEXT)).fields).toEqual({ 'title.en': CONTROL_TEXT });
    const all = (await (await office.client.request('/v1/api/notices/all')).json()) as Json[];
    expect(all.find((n) => n._id === made._id)?.title).toEqual(made.title);
    const preview = await office.client.request('/v1/api/notices/preview', {
      method: 'POST',
      json: { body: { en: 'Closed\u0008 tomorrow' } },
    });
    expect(await expectJsonError(preview, 400, CONTROL_TEXT)).toMatchObject({
      fields: { body: CONTROL_TEXT },
      code: CONTROL_CODE,
    });
  });

  it('an attachment id that is unknown or already used: 400 naming attachmentUploadId, nothing stored', async () => {
    const used = await uploaded(png(), 'image/png', 'poster.png');
    await created(notice({ attachmentUploadId: used }));
    for (const id of [crypto.randomUUID(), used]) {
      const title = unique('Refused attachment');
      const body = await expectJsonError(
        await post(office.client, notice({ title: { en: title }, attachmentUploadId: id })),
        400,
      );
      expect(Object.keys(body.fields)).toEqual(['attachmentUploadId']);
      expect(await noticesTitled(title)).toBe(0);
    }
  });

  it('a file that is not a PDF or picture by its bytes is refused at upload, whatever its name and type say', async () => {
    const res = await upload(
      office.client,
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'application/pdf',
      'circular.pdf',
    );
    expect([400, 415]).toContain(res.status);
    expect((await res.json()).uploadId).toBeUndefined();
  });

  it('a refused edit changes nothing: the notice, its attachment and the new upload stay as they were', async () => {
    const first = await uploaded(pdf(), 'application/pdf', 'first.pdf');
    const made = await created(notice({ attachmentUploadId: first }));
    const second = await uploaded(png(), 'image/png', 'second.png');
    const res = await office.client.request(`/v1/api/notices/${made._id}`, {
      method: 'PUT',
      json: { ...notice({ title: made.title }), expiresOn: addDays(today, -2), attachmentUploadId: second },
    });
    await expectJsonError(res, 400);
    expect(await claimed(second)).toBe(false);
    const all = (await (await office.client.request('/v1/api/notices/all')).json()) as Json[];
    expect(all.find((n) => n._id === made._id)).toMatchObject({ title: made.title, attachment: { id: first } });
  });

  it('who may: a visitor 401, a state change without the XSRF header 403', async () => {
    expect((await post(visitor, notice())).status).toBe(401);
    expect((await visitor.request('/v1/api/notices/all')).status).toBe(401);
    const res = await office.client.request('/v1/api/notices', { method: 'POST', json: notice(), xsrf: false });
    expect(res.status).toBe(403);
  });
});

describe('preview', () => {
  it('draws the text as the site will, sanitised, and stores nothing; empty or over-long text is a 400', async () => {
    const res = await office.client.request('/v1/api/notices/preview', {
      method: 'POST',
      json: { body: { en: '**Bold** <script>x()</script>', hi: '- एक\n- दो' } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      html: {
        en: '<p><strong>Bold</strong> &lt;script&gt;x()&lt;/script&gt;</p>',
        hi: '<ul>\n<li>एक</li>\n<li>दो</li>\n</ul>',
      },
    });
    expect(
      (await visitor.request('/v1/api/notices/preview', { method: 'POST', json: { body: { en: 'x' } } })).status,
    ).toBe(401);
    expect(
      (
        await expectJsonError(
          await office.client.request('/v1/api/notices/preview', { method: 'POST', json: { body: { en: '  ' } } }),
          400,
        )
      ).fields.body,
    ).toBe(NOTICE_TEXTS.body);
    const long = await expectJsonError(
      await office.client.request('/v1/api/notices/preview', {
        method: 'POST',
        json: { body: { hi: 'अ'.repeat(NOTICE_LIMITS.body + 1) } },
      }),
      400,
    );
    expect(long.fields.body).toBe(NOTICE_TEXTS.bodyTooLong);
  });
});

describe('changing and taking down', () => {
  it('an edit changes the page, replaces the attachment (the old file is gone) and is audited with before and after', async () => {
    const first = await uploaded(pdf(), 'application/pdf', 'timetable.pdf');
    const made = await created(notice({ attachmentUploadId: first }));
    expect(made.attachment).toMatchObject({ id: first, type: 'pdf', name: 'timetable.pdf', url: `/v1/files/${first}` });
    expect((await visitor.request(made.attachment.url)).status).toBe(200);
    expect((await page(made.url)).html).toContain(`href="/v1/files/${first}"`);

    const second = await uploaded(png(), 'image/png', 'poster.png');
    const newTitle = unique('Exam dates');
    const res = await office.client.request(`/v1/api/notices/${made._id}`, {
      method: 'PUT',
      json: {
        title: { en: newTitle },
        body: made.body,
        publishOn: made.publishOn,
        pinned: true,
        attachmentUploadId: second,
      },
    });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after).toMatchObject({
      _id: made._id,
      url: made.url,
      pinned: true,
      attachment: { id: second, type: 'png' },
    });
    expect((await visitor.request(`/v1/files/${first}`)).status).toBe(404);
    const shown = await page(made.url);
    expect(shown.html).toContain(`<h1>${newTitle}</h1>`);
    expect(shown.html).toContain(`<img src="/v1/files/${second}"`);

    const [update] = await auditOf(principal, 'notice', made._id);
    expect(update!.action).toBe('update');
    const detail = JSON.parse(update!.detail);
    expect(detail).toEqual({
      before: { 'title.en': made.title.en, pinned: false, attachment: 'timetable.pdf' },
      after: { 'title.en': newTitle, pinned: true, attachment: 'poster.png' },
    });
    // The audit screen words it field by field.
    expect(detailText({ action: 'update', entity: 'notice', detail: update!.detail })).toBe(
      `title.en: ${made.title.en} → ${newTitle}\npinned: false → true\nattachment: timetable.pdf → poster.png`,
    );

    // Left out or sent again as it is, the attachment stays; null takes it off.
    const echoed = await office.client.request(`/v1/api/notices/${made._id}`, {
      method: 'PUT',
      json: { title: { en: newTitle }, body: made.body, publishOn: made.publishOn, attachmentUploadId: second },
    });
    expect((await echoed.json()).attachment?.id).toBe(second);
    const kept = await (
      await office.client.request(`/v1/api/notices/${made._id}`, {
        method: 'PUT',
        json: { title: { en: newTitle }, body: made.body, publishOn: made.publishOn },
      })
    ).json();
    expect(kept.attachment?.id).toBe(second);
    const off = await (
      await office.client.request(`/v1/api/notices/${made._id}`, {
        method: 'PUT',
        json: { title: { en: newTitle }, body: made.body, publishOn: made.publishOn, attachmentUploadId: null },
      })
    ).json();
    expect(off.attachment).toBeNull();
    expect((await visitor.request(`/v1/files/${second}`)).status).toBe(404);
  });

  it('the office deletes one: off the list, its page 404, its attachment gone, audited; a second delete 404', async () => {
    const file = await uploaded(pdf(), 'application/pdf', 'gone.pdf');
    const made = await created(notice({ attachmentUploadId: file }));
    const res = await office.client.request(`/v1/api/notices/${made._id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await publicList()).map((n) => n._id)).not.toContain(made._id);
    expect((await page(made.url)).status).toBe(404);
    expect((await visitor.request(`/v1/files/${file}`)).status).toBe(404);
    expect((await auditOf(principal, 'notice', made._id)).map((e) => e.action)).toEqual(['delete', 'create']);
    await expectJsonError(
      await office.client.request(`/v1/api/notices/${made._id}`, { method: 'DELETE' }),
      404,
      NOTICE_TEXTS.notFound,
    );
    await expectJsonError(
      await office.client.request(`/v1/api/notices/${crypto.randomUUID()}`, { method: 'PUT', json: notice() }),
      404,
    );
  });
});

describe('pages and feed', () => {
  it('/notices and /hi/notices list the current notices and the months; an unknown notice or month is a 404 page', async () => {
    const made = await created(notice());
    for (const path of ['/notices', '/hi/notices']) {
      const { status, html, headers } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain(made.title.en);
      expect(html).toContain(`href="${path.startsWith('/hi') ? '/hi' : ''}/notices/archive/${today.slice(0, 7)}"`);
      expect(headers.get('netlify-cache-tag')).toContain('notices');
      expect(headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=60/);
    }
    for (const path of [
      '/notices/2000-01-01-nothing-here',
      '/hi/notices/2000-01-01-nothing-here',
      '/notices/archive/2026-13',
      '/notices/..%2f',
      '/notices/no-such-notice',
    ]) {
      const { status, type } = await page(path);
      expect(status, path).toBe(404);
      expect(type).toMatch(/^text\/html/);
    }
    // A month with notices is for search engines; one without (typed, linked from nowhere) is not.
    const month = await page(`/notices/archive/${today.slice(0, 7)}`);
    expect(month.html).not.toContain('<meta name="robots"');
    expect(month.headers.get('x-robots-tag')).toBeNull();
    const empty = await page('/hi/notices/archive/2001-01');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('<meta name="robots" content="noindex">');
    expect(empty.headers.get('x-robots-tag')).toBe('noindex');
  });

  it("a notice that is not there: each language's 404 page switches to the other language's notices, a page that is there", async () => {
    for (const [path, other, otherLang] of [
      ['/notices/no-such-notice', '/hi/notices/', 'hi-IN'],
      ['/hi/notices/2000-01-01-nothing-here', '/notices/', 'en-IN'],
    ] as const) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(/<a class="language-switch" href="([^"]*)"/.exec(missing.html)?.[1], path).toBe(other);
      for (const [, href] of missing.html.matchAll(
        /<link rel="(?:canonical|alternate)"[^>]* href="(https:\/\/www\.rmcpschool\.in[^"]*)"/g,
      )) {
        expect((await page(new URL(href!).pathname)).status, `${path}: ${href}`).toBe(200);
      }
      const switched = await page(other);
      expect(switched.status).toBe(200);
      expect(switched.html).toContain(`<html lang="${otherLang}"`);
    }
  });

  it('the Hindi feed: Hindi title, the notice in Hindi, xml:lang on feed and entries, the attachment as enclosure; the Hindi notices page names it with hreflang="hi"', async () => {
    const file = await uploaded(pdf(), 'application/pdf', 'date-sheet.pdf');
    const title = unique('Date sheet');
    const made = await created(
      notice({
        title: { en: title, hi: `परीक्षा कार्यक्रम ${title.slice(-6)}` },
        body: { en: 'Attached.', hi: 'संलग्न है।' },
        pinned: true,
        attachmentUploadId: file,
      }),
    );
    const listed = await page('/hi/notices');
    // The Hindi feed is named by the school's Hindi short name (the starting facts' while the profile is unsaved).
    const hindiTitle = `${startingSite.starting.shortName.hi}: सूचनाएँ एवं परिपत्र`;
    expect(listed.html).toContain(
      `<link rel="alternate" type="application/atom+xml" hreflang="hi" title="${hindiTitle}" href="/hi/notices/feed.xml">`,
    );
    expect(listed.html).toMatch(/<a href="\/hi\/notices\/feed.xml" type="application\/atom\+xml" hreflang="hi">/);

    const res = await visitor.request('/hi/notices/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const feed = parseFeed(await res.text());
    expect(feed.bozo).toBe(false);
    expect([feed.title, feed.language]).toEqual([hindiTitle, 'hi-IN']);
    const entry = feed.entries.find((e) => e.link === `https://www.rmcpschool.in/hi${made.url}`);
    expect(entry, 'the notice in the Hindi feed').toBeDefined();
    expect([entry!.title.text, entry!.language]).toEqual([made.title.hi, 'hi-IN']);
    const served = await visitor.request(made.attachment.url);
    const bytes = (await served.arrayBuffer()).byteLength;
    expect(entry!.enclosures).toEqual([
      { href: `https://www.rmcpschool.in${made.attachment.url}`, type: 'application/pdf', length: String(bytes) },
    ]);
    expect(served.headers.get('content-type')).toMatch(/^application\/pdf/);

    const english = await feedEntry(made);
    expect([english.title.text, english.language, english.enclosures.length]).toEqual([title, 'en-IN', 1]);
  });

  it("the sitemap index names the notices' sitemap: each published notice and month in both languages, a scheduled one not", async () => {
    const made = await created(notice());
    const later = await created(notice({ publishOn: addDays(today, 1) }));
    // The built index; that /sitemap.xml answers with it (a rewrite of dist/_redirects) is tests/http/sitemap.test.ts.
    const index = await visitor.request('/sitemap-index.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/xml/);
    const sitemaps = parseSitemap(await index.text());
    expect(sitemaps.kind).toBe('sitemapindex');
    expect(sitemaps.entries.map((e) => e.loc)).toEqual(
      expect.arrayContaining([
        'https://www.rmcpschool.in/sitemap-0.xml',
        'https://www.rmcpschool.in/notices/sitemap.xml',
      ]),
    );

    const res = await visitor.request('/notices/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const pages = parseSitemap(await res.text());
    expect(pages.kind).toBe('urlset');
    const entry = (path: string) => pages.entries.find((e) => e.loc === `https://www.rmcpschool.in${path}/`);
    const month = `/notices/archive/${today.slice(0, 7)}`;
    for (const english of [made.url, month]) {
      for (const path of [english, `/hi${english}`]) {
        expect(entry(path)?.alternates, path).toEqual({
          'en-IN': `https://www.rmcpschool.in${english}/`,
          'hi-IN': `https://www.rmcpschool.in/hi${english}/`,
        });
        expect((await page(path)).status, path).toBe(200);
      }
    }
    expect(entry(made.url)!.lastmod).toBe(today);
    expect(entry(later.url)).toBeUndefined();
  });

  /** The feed as a feed reader reads it (feedparser), and the entry of `made`. */
  async function feedEntry(made: Json) {
    const res = await visitor.request('/notices/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-IN">');
    const feed = parseFeed(xml);
    expect(feed.problem).toBeNull();
    expect(feed.bozo).toBe(false);
    expect(feed.title).toMatch(/notices/);
    const entry = feed.entries.find((e) => e.link === `https://www.rmcpschool.in${made.url}`);
    expect(entry, `${made.url} in the feed`).toBeDefined();
    return entry!;
  }

  it('the Atom feed parses and lists the current notices with links to their pages', async () => {
    // Pinned, so the feed's first 50 hold it whatever other files post at the same time.
    const made = await created(notice({ title: { en: unique('Feed & <notice>') }, pinned: true }));
    const entry = await feedEntry(made);
    expect(entry.title).toMatchObject({ elements: [], text: made.title.en });
    expect(entry.content!.text).toContain('closed');
    expect(entry.content!.elements.map((e) => e.name)).toContain('strong');
  });

  it("the review's script in a title and a text reaches the feed as the text it is, not as markup", async () => {
    const title = unique('<script>alert(1)</script>');
    const made = await created(
      notice({ title: { en: title }, body: { en: '<script>alert(1)</script>' }, pinned: true }),
    );
    const entry = await feedEntry(made);
    expect(entry.title).toMatchObject({ elements: [], text: title });
    expect(entry.summary).toMatchObject({ elements: [], text: '<script>alert(1)</script>' });
    expect(entry.content).toMatchObject({ elements: [], text: '<script>alert(1)</script>' });
  });

  it('a title stored before control characters were refused still gives a feed a reader can parse', async () => {
    const title = unique('Stored earlier');
    const slug = `${today}-stored-earlier-${Math.random().toString(36).slice(2, 8)}`;
    await db.query(`INSERT INTO notices (slug, title_en, body_en, publish_on, pinned) VALUES ($1, $2, $3, $4, true)`, [
      slug,
      `${title}\u0007\u001b`,
      'Closed\u0001 tomorrow\u0085.',
      today,
    ]);
    const entry = await feedEntry({ url: `/notices/${slug}` });
    expect(entry.title).toMatchObject({ elements: [], text: title });
    expect(entry.summary).toMatchObject({ elements: [], text: 'Closed tomorrow.' });
    await db.query(`DELETE FROM notices WHERE slug = $1`, [slug]);
  });

  it.each([
    ["$'", "Fees $' due"],
    ['$`', 'Fees $` due'],
    ['$&', 'Fees $& due'],
    ['$1', 'Fees $1 due'],
  ])('a title and text with %s reach the page head as written', async (_, words) => {
    const title = unique(words);
    const text = `Pay ${words} by Friday`;
    const made = await created(
      notice({ title: { en: title, hi: `शुल्क ${words}` }, body: { en: text, hi: `कृपया ${words} जमा करें` } }),
    );
    for (const [path, shown, description] of [
      [made.url, title, text],
      [`/hi${made.url}`, `शुल्क ${words}`, `कृपया ${words} जमा करें`],
    ] as const) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head).toMatch(new RegExp(`<title>${escapeRegExp(escapeHtml(shown))} \\| [^<]+</title>`));
      expect(meta(html, 'og:title')).toMatch(new RegExp(`^${escapeRegExp(escapeHtml(shown))} \\| `));
      expect(meta(html, 'og:description')).toBe(escapeHtml(description));
      expect(html).toContain(`<h1>${escapeHtml(shown)}</h1>`);
      // Each placeholder and path filled once: the shell's words are not copied into the head.
      expect(html).not.toContain('__PAGE_');
      expect(html.match(/<link rel="canonical"/g)).toHaveLength(1);
    }
  });
});
