/**
 * Press articles and magazine issues in the admin: the public list and pages show the samples of
 * starting-content/press/ (their files under /starting/press/, served by the built site: tests/http/press-samples.test.ts), marked as samples; anonymous writes 401,
 * office staff add, change and delete with a cover and a PDF (staff files, claimed public, released
 * on replace and delete), refusals that store nothing (a PDF as the cover, a picture as the PDF, a
 * missing title, a future date, a control character in any text), script and replacement patterns
 * ($', $&) in a title shown as written, and the audit with before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient, type Json } from '../support/api.ts';
import { auditOf, expectJsonError, jpeg, pdf, png, stagedFile, token } from '../http/admin-fixtures.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { PRESS_TEXTS } from '../../src/features/press/press.ts';
import { escapeHtml } from '../../src/server/escape-html.ts';
import { CONTROL_CODE, CONTROL_TEXT } from '../../src/lib/visible-text.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let office: ApiClient;
const anonymous = new ApiClient();

beforeAll(async () => {
  office = (await staffClient('office')).client;
});
afterAll(closeDb);

const count = async (table: string) => Number((await db().query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const claimed = async (id: string) =>
  (await db().query(`SELECT claimed_at IS NOT NULL AS claimed, public FROM staff_files WHERE id = $1`, [id])).rows[0];
const cover = () => stagedFile(office, png(320, 200), 'cover.png', 'image/png');
const article = (overrides: Record<string, unknown> = {}) => ({
  source: 'Dainik Jagran',
  title: { en: `Science fair ${token()}`, hi: 'विज्ञान प्रदर्शनी' },
  summary: { en: 'Our students won.' },
  publishedOn: '2026-01-15',
  coverAlt: { en: 'Clipping of the science fair' },
  ...overrides,
});

describe('the samples the site came with', () => {
  it('are listed, marked as samples, and drawn on the public pages in both languages, their files under /starting/press/', async () => {
    const press = await (await anonymous.request('/v1/api/press')).json();
    const seeded = press.data.find((a: Json) => a._id === 'sample-press-1');
    expect(seeded).toMatchObject({
      sample: true,
      source: 'दैनिक समाचार',
      title: {
        en: 'Rural school tops district in CBSE board results',
        hi: 'सीबीएसई बोर्ड परीक्षा में ग्रामीण विद्यालय ज़िले में प्रथम',
      },
      cover: { url: '/starting/press/press-1.jpg', width: 640, height: 400 },
      createdAt: null,
    });
    // Each page shows the words of its language: the Hindi one the Hindi title and picture description.
    const hindi = await (await anonymous.request('/hi/press/coverage')).text();
    expect(hindi).toContain('<h2>सीबीएसई बोर्ड परीक्षा में ग्रामीण विद्यालय ज़िले में प्रथम</h2>');
    expect(hindi).toContain('alt="प्रार्थना सभा में खड़े विद्यार्थियों की फ़ोटो वाली अख़बार की कतरन"');
    expect(hindi).toContain('<p class="meta"><strong>नमूना</strong> · <span lang="hi-IN">दैनिक समाचार</span>');
    expect(await (await anonymous.request('/press/coverage')).text()).toContain(
      '<h2>Rural school tops district in CBSE board results</h2>',
    );
    const magazine = await (await anonymous.request('/v1/api/magazine')).json();
    const april = magazine.data.find((m: Json) => m.month === '2026-04');
    expect(april).toMatchObject({
      _id: 'sample-chronicle-2026-04',
      sample: true,
      pdf: '/starting/press/chronicle-2026-04.pdf',
      cover: { url: '/starting/press/chronicle-2026-04.jpg' },
    });
    for (const [path, heading] of [
      ['/press/coverage', 'Press Coverage'],
      ['/hi/press/coverage', 'अख़बारों में विद्यालय'],
      ['/press/magazine', 'E-Magazine'],
      ['/hi/press/magazine', 'ई-पत्रिका'],
    ]) {
      const res = await anonymous.request(path!);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      expect(text).toContain(`<h1>${heading}</h1>`);
      expect(text).not.toContain('astro-island');
      // Every picture has its size and all but the first load lazily.
      const images = [...text.matchAll(/<img [^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes('/starting/press/') || tag.includes('/v1/files/'));
      expect(images.length).toBeGreaterThan(0);
      for (const tag of images) expect(tag).toMatch(/ width="\d+" height="\d+"/);
      for (const tag of images.slice(1)) expect(tag).toContain('loading="lazy"');
      for (const tag of images) expect(tag).toMatch(/ alt="[^"]+"/);
    }
  });
});

describe('a sample, by role', () => {
  it('signed out 401, no XSRF token 403; the office removes one for good (the principal sees it in the checklist and the audit); the pages drop it', async () => {
    await expectJsonError(await anonymous.request('/v1/api/press/sample-press-5', { method: 'DELETE' }), 401);
    await expectJsonError(await anonymous.request('/v1/api/dashboard/go-live'), 401);
    await expectJsonError(await office.request('/v1/api/press/sample-press-5', { method: 'DELETE', xsrf: false }), 403);
    expect(await (await anonymous.request('/press/coverage')).text()).toContain(
      'New school library opens its doors to village readers',
    );

    const res = await office.request('/v1/api/press/sample-press-5', { method: 'DELETE' });
    expect(res.status, await res.clone().text()).toBe(200);
    await expectJsonError(await office.request('/v1/api/press/sample-press-5', { method: 'DELETE' }), 404);
    expect(await (await anonymous.request('/press/coverage')).text()).not.toContain(
      'New school library opens its doors to village readers',
    );
    expect(await (await anonymous.request('/hi/press/coverage')).text()).not.toContain(
      'विद्यालय का नया पुस्तकालय गाँव के पाठकों के लिए खुला',
    );

    const principal = (await staffClient('principal')).client;
    const checks = (await (await principal.request('/v1/api/dashboard/go-live')).json()).data as {
      code: string;
      count?: number;
    }[];
    // Six came with the site; the e2e test may remove another meanwhile.
    expect(checks.find((c) => c.code === 'goLive.press.samples')!.count).toBeLessThanOrEqual(5);
    expect((await office.request('/v1/api/dashboard/go-live')).status).toBe(200);
    const [removed] = await auditOf(principal, 'press', 'sample-press-5');
    expect(removed).toMatchObject({ action: 'delete' });
    expect(JSON.parse(removed!.detail).before).toMatchObject({
      Newspaper: 'जन जागरण एक्सप्रेस',
      Cover: '/starting/press/press-5.jpg',
    });
  });
});

describe('POST, PUT and DELETE /v1/api/press and /v1/api/magazine', () => {
  it('answer 401 signed out and 403 without the XSRF token; nothing is stored', async () => {
    const before = [await count('press_articles'), await count('magazine_issues')];
    await expectJsonError(
      await anonymous.request('/v1/api/press', {
        method: 'POST',
        json: article({ coverUploadId: crypto.randomUUID() }),
      }),
      401,
    );
    await expectJsonError(await anonymous.request('/v1/api/magazine', { method: 'POST', json: {} }), 401);
    await expectJsonError(await anonymous.request(`/v1/api/press/${crypto.randomUUID()}`, { method: 'DELETE' }), 401);
    await expectJsonError(
      await office.request('/v1/api/press', {
        method: 'POST',
        json: article({ coverUploadId: await cover() }),
        xsrf: false,
      }),
      403,
    );
    expect([await count('press_articles'), await count('magazine_issues')]).toEqual(before);
  });

  it('refuse bad input with 400 naming the field, store nothing and leave the upload unclaimed', async () => {
    const before = await count('press_articles');
    const pdfId = await stagedFile(office, pdf());
    const image = await cover();
    const cases: [Record<string, unknown>, string][] = [
      [article({ coverUploadId: pdfId }), 'coverUploadId'],
      [article({ coverUploadId: image, pdfUploadId: await cover() }), 'pdfUploadId'],
      [article({ coverUploadId: image, title: { en: ' ', hi: '' } }), 'title'],
      [article({ coverUploadId: image, source: '' }), 'source'],
      [article({ coverUploadId: image, publishedOn: '2999-01-01' }), 'publishedOn'],
      [article({ coverUploadId: image, publishedOn: '2026-02-30' }), 'publishedOn'],
      [article({ coverUploadId: image, coverAlt: { en: '', hi: ' ' } }), 'coverAlt'],
      [article(), 'coverUploadId'],
      [article({ coverUploadId: crypto.randomUUID() }), 'coverUploadId'],
      [article({ coverUploadId: image, title: { en: 'x'.repeat(201) } }), 'title'],
    ];
    for (const [json, field] of cases) {
      const answer = await expectJsonError(await office.request('/v1/api/press', { method: 'POST', json }), 400);
      expect(Object.keys(answer.fields ?? {}), JSON.stringify(answer)).toContain(field);
    }
    expect(await count('press_articles')).toBe(before);
    expect(await claimed(image)).toEqual({ claimed: false, public: false });
    expect(await claimed(pdfId)).toEqual({ claimed: false, public: false });
    const issue = await office.request('/v1/api/magazine', {
      method: 'POST',
      json: { title: { en: 'Spring' }, month: '2026-13', coverUploadId: image, pdfUploadId: pdfId },
    });
    expect(Object.keys((await expectJsonError(issue, 400)).fields)).toContain('month');
    const noPdf = await office.request('/v1/api/magazine', {
      method: 'POST',
      json: { title: { en: 'Spring' }, month: '2026-03', coverUploadId: image },
    });
    expect((await expectJsonError(noPdf, 400)).fields).toEqual({ pdfUploadId: PRESS_TEXTS.pdf });
  });

  it('refuse a control character in any text with 400 naming the field (text.control), store nothing and leave the upload unclaimed', async () => {
    const before = [await count('press_articles'), await count('magazine_issues')];
    const image = await cover();
    const pdfId = await stagedFile(office, pdf());
    const articles: [Record<string, unknown>, string][] = [
      [{ title: { en: 'Science\u0007 fair' } }, 'title'],
      [{ title: { en: 'Science fair', hi: 'विज्ञान\nप्रदर्शनी' } }, 'title'],
      [{ source: 'Dainik\u001b Jagran' }, 'source'],
      [{ summary: { en: 'Our students\u0085 won.' } }, 'summary'],
      [{ coverAlt: { hi: 'कतरन\u0008' } }, 'coverAlt'],
    ];
    for (const [change, field] of articles) {
      const answer = await expectJsonError(
        await office.request('/v1/api/press', { method: 'POST', json: article({ coverUploadId: image, ...change }) }),
        400,
        CONTROL_TEXT,
      );
      expect(answer, JSON.stringify(change)).toMatchObject({
        code: CONTROL_CODE,
        fields: { [field]: CONTROL_TEXT },
        codes: { [field]: CONTROL_CODE },
      });
    }
    const issues: [Record<string, unknown>, string][] = [
      [{ title: { en: 'Spring\u007f' } }, 'title'],
      [{ title: { en: 'Spring' }, description: { en: 'The\u000b spring issue.' } }, 'description'],
    ];
    for (const [change, field] of issues) {
      const answer = await expectJsonError(
        await office.request('/v1/api/magazine', {
          method: 'POST',
          json: { month: '2026-03', coverUploadId: image, pdfUploadId: pdfId, ...change },
        }),
        400,
        CONTROL_TEXT,
      );
      expect(answer.fields).toEqual({ [field]: CONTROL_TEXT });
    }
    expect([await count('press_articles'), await count('magazine_issues')]).toEqual(before);
    expect(await claimed(image)).toEqual({ claimed: false, public: false });
    expect(await claimed(pdfId)).toEqual({ claimed: false, public: false });
    // A summary keeps its line breaks; a title with a replacement pattern is shown as written.
    const title = `Fees $' $\` $& $1 ${token()}`;
    const res = await office.request('/v1/api/press', {
      method: 'POST',
      json: article({ coverUploadId: image, title: { en: title }, summary: { en: 'One line.\nAnother.' } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = await res.json();
    expect(made.summary.en).toBe('One line.\nAnother.');
    const page = await (await anonymous.request('/press/coverage')).text();
    expect(page).toContain(`<h2>${escapeHtml(title)}</h2>`);
    expect(page).not.toContain('__PAGE_');
    expect((await office.request(`/v1/api/press/${made._id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('the office adds an article with a cover and a PDF: public files, on the page at once with the script in its title escaped; a change replaces and releases the old cover; a delete releases both; each audited before and after', async () => {
    const coverId = await cover();
    const pdfId = await stagedFile(office, pdf());
    const title = `<script>alert("x")</script> Sports day ${token()}`;
    const res = await office.request('/v1/api/press', {
      method: 'POST',
      json: article({ title: { en: title }, coverUploadId: coverId, pdfUploadId: pdfId }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      title: { en: title, hi: '' },
      cover: { url: `/v1/files/${coverId}`, width: 320, height: 200 },
      pdf: `/v1/files/${pdfId}`,
    });
    expect(await claimed(coverId)).toEqual({ claimed: true, public: true });
    expect((await anonymous.request(`/v1/files/${coverId}`)).headers.get('content-type')).toBe('image/png');

    const page = await (await anonymous.request('/press/coverage')).text();
    expect(page).not.toContain('<script>alert("x")</script>');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Sports day');
    expect(page).toContain(`src="/v1/files/${coverId}" alt="Clipping of the science fair" width="320" height="200"`);
    // On the Hindi page an English title is marked as English.
    expect(await (await anonymous.request('/hi/press/coverage')).text()).toMatch(/<h2 lang="en-IN">&lt;script&gt;/);

    const principal = (await staffClient('principal')).client;
    const [added] = await auditOf(principal, 'press', created._id);
    expect(added).toMatchObject({ action: 'create' });
    expect(JSON.parse(added!.detail)).toMatchObject({
      before: null,
      after: { 'Title (English)': title, Cover: `/v1/files/${coverId}` },
    });

    const newCover = await stagedFile(office, jpeg(), 'new.jpg', 'image/jpeg');
    const changed = await office.request(`/v1/api/press/${created._id}`, {
      method: 'PUT',
      json: article({ title: { en: 'Sports day' }, coverUploadId: newCover, removePdf: true }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({
      cover: { url: `/v1/files/${newCover}`, width: 200, height: 200 },
      pdf: null,
    });
    expect(await claimed(coverId)).toBeUndefined();
    expect(await claimed(pdfId)).toBeUndefined();
    expect((await anonymous.request(`/v1/files/${coverId}`)).status).toBe(404);

    const [edit] = await auditOf(principal, 'press', created._id);
    expect(JSON.parse(edit!.detail)).toEqual({
      before: { 'Title (English)': title, Cover: `/v1/files/${coverId}`, PDF: `/v1/files/${pdfId}` },
      after: { 'Title (English)': 'Sports day', Cover: `/v1/files/${newCover}`, PDF: null },
    });

    expect((await office.request(`/v1/api/press/${created._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await claimed(newCover)).toBeUndefined();
    expect(await (await anonymous.request('/press/coverage')).text()).not.toContain(`/v1/files/${newCover}`);
    const [gone] = await auditOf(principal, 'press', created._id);
    expect(gone).toMatchObject({ action: 'delete' });
    expect(JSON.parse(gone!.detail).after).toBeNull();
    await expectJsonError(await office.request(`/v1/api/press/${created._id}`, { method: 'DELETE' }), 404);
  });

  it('a magazine issue: added with its cover and PDF, shown with its month in both languages, its PDF replaced', async () => {
    const coverId = await stagedFile(office, png(300, 400), 'cover.png', 'image/png');
    const pdfId = await stagedFile(office, pdf());
    const res = await office.request('/v1/api/magazine', {
      method: 'POST',
      json: {
        title: { hi: `वसंत अंक ${token()}` },
        description: { en: 'Spring.' },
        month: '2026-03',
        coverUploadId: coverId,
        pdfUploadId: pdfId,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const issue = await res.json();
    const hindi = await (await anonymous.request('/hi/press/magazine')).text();
    expect(hindi).toContain(issue.title.hi);
    expect(hindi).toContain('मार्च 2026');
    expect(await (await anonymous.request('/press/magazine')).text()).toMatch(
      new RegExp(`<h2 lang="hi-IN">${issue.title.hi}</h2>`),
    );
    const newPdf = await stagedFile(office, pdf());
    const changed = await office.request(`/v1/api/magazine/${issue._id}`, {
      method: 'PUT',
      json: { title: issue.title, month: '2026-03', pdfUploadId: newPdf },
    });
    expect(await changed.json()).toMatchObject({ pdf: `/v1/files/${newPdf}`, cover: { url: `/v1/files/${coverId}` } });
    expect(await claimed(pdfId)).toBeUndefined();
    expect((await office.request(`/v1/api/magazine/${issue._id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
