/**
 * The content pages' store (src/features/pages/), on the API in this process with a database of
 * its own: every page lists with its starting text marked Sample until the school saves it; an
 * edit in English and Hindi is stored with an audit entry of the changed parts before and after;
 * a part left out keeps what the page has; a message page is signed; a page is hidden and shown
 * again (not the home page nor a section's first page); bad input is 400 with a message per
 * field and stores nothing; an address that is no page is 404; script typed in a text is drawn
 * as text; the go-live lines follow; the office and the principal edit, no session 401, no XSRF
 * token 403. The pages as visitors get them are tests/http/pages.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, adminClient } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { auditOf, expectJsonError } from '../http/admin-fixtures.ts';
import { PAGE_TEXTS, type PageJson, type PageListed } from '../../src/features/pages/page.ts';
import { STARTING_PAGES } from '../../src/features/pages/starting-pages.ts';
import { renderPageMarkdown } from '../../src/features/pages/page-markdown.server.ts';
import { infoPageBody, pagesSitemapXml } from '../../src/features/pages/content-pages.server.ts';
import { goLiveChecks, pageStates } from '../../src/features/pages/pages.server.ts';
import { withoutHiddenPages } from '../../src/features/pages/hidden-pages.server.ts';

let site: OfficeSite;
let db: pg.Pool;
let office: ApiClient;
let principal: ApiClient;

beforeAll(async () => {
  site = await startOfficeSite({}, 'Pages Clerk');
  ({ db, office } = site);
  principal = await adminClient(site.url);
}, 180_000);

afterAll(async () => {
  await site?.stop();
});

const put = (client: ApiClient, body: unknown, xsrf = true) =>
  client.request('/v1/api/pages', { method: 'PUT', json: body, xsrf });
const rows = async () => (await db.query(`SELECT path, content, hidden FROM site_pages ORDER BY path`)).rows;
const one = async (path: string) =>
  (await (await office.request(`/v1/api/pages?path=${encodeURIComponent(path)}`)).json()) as PageJson;
const list = async () => (await (await office.request('/v1/api/pages')).json()) as PageListed[];

describe('GET /v1/api/pages', () => {
  it("lists every content page in the menu's order, each still the starting text (Sample), the messages unsigned, the home figures samples", async () => {
    await expectJsonError(await new ApiClient(site.url).request('/v1/api/pages'), 401);
    const pages = await list();
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/academy',
        '/academy/about',
        '/academy/principal-message',
        '/infrastructure/facilities/health',
        '/admissions/apply',
        '/press',
      ]),
    );
    expect(pages).toHaveLength(STARTING_PAGES.size);
    expect(pages[0]).toMatchObject({ path: '/', fixed: true, sample: true, hidden: false, sampleFigures: 3 });
    expect(pages.find((p) => p.path === '/academy/about')).toMatchObject({
      title: { en: 'About the School', hi: 'विद्यालय का परिचय' },
      sample: true,
      fixed: false,
      updatedAt: null,
    });
    expect(
      pages
        .filter((p) => p.unsigned)
        .map((p) => p.path)
        .sort(),
    ).toEqual(['/academy/chairperson-message', '/academy/founder-message', '/academy/principal-message']);
    expect(pages.find((p) => p.path === '/academy')?.fixed).toBe(true);
    expect((await one('/academy/principal-message')).content.person).toMatchObject({
      name: { en: '', hi: '' },
      role: { en: 'Principal, R.M.C.P. Senior Secondary School & Academy' },
    });
    await expectJsonError(
      await office.request('/v1/api/pages?path=/academy/mandatory-disclosure'),
      404,
      PAGE_TEXTS.notFound,
    );
  });
});

describe('PUT /v1/api/pages', () => {
  it('stores an edit in both languages, keeps the parts left out, and audits the changed parts before and after', async () => {
    const before = await one('/academy/about');
    const res = await put(office, {
      path: '/academy/about',
      title: { en: 'About Our School', hi: 'हमारे विद्यालय का परिचय' },
      body: { en: 'We opened in **2012**.\n\n## Our campus\n\n- Ten acres', hi: 'हमारा विद्यालय **2012** में खुला।' },
      hidden: false,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as PageJson;
    expect(saved).toMatchObject({
      path: '/academy/about',
      sample: false,
      hidden: false,
      title: { en: 'About Our School', hi: 'हमारे विद्यालय का परिचय' },
    });
    // What was not sent is what the page had: the lead, the cards, the picture.
    expect(saved.content.lead).toEqual(before.content.lead);
    expect(saved.content.cards).toEqual(before.content.cards);
    expect(saved.content.picture).toEqual(before.content.picture);
    expect((await rows()).find((r) => r.path === '/academy/about')).toMatchObject({
      hidden: false,
      content: { title: { en: 'About Our School' } },
    });

    const [entry] = await auditOf(principal, 'page', '/academy/about');
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'page',
      entityId: '/academy/about',
      adminEmail: expect.stringContaining('@'),
    });
    const detail = JSON.parse(entry!.detail);
    // Before: the starting text, marked sample.
    expect(Object.keys(detail.before).sort()).toEqual(['body.en', 'body.hi', 'sample', 'title.en', 'title.hi']);
    expect(detail.before).toMatchObject({
      sample: true,
      'title.en': 'About the School',
      'title.hi': 'विद्यालय का परिचय',
      'body.en': before.content.body.en,
    });
    expect(detail.after).toEqual({
      sample: false,
      'title.en': 'About Our School',
      'title.hi': 'हमारे विद्यालय का परिचय',
      'body.en': 'We opened in **2012**.\n\n## Our campus\n\n- Ten acres',
      'body.hi': 'हमारा विद्यालय **2012** में खुला।',
    });
    // The next edit's entry holds only what changed, with its value before.
    expect(
      (await put(principal, { path: '/academy/about', lead: { en: 'A new opening line.', hi: 'नई पहली पंक्ति।' } }))
        .status,
    ).toBe(200);
    const [second] = await auditOf(principal, 'page', '/academy/about');
    expect(JSON.parse(second!.detail)).toEqual({
      before: { 'lead.en': before.content.lead.en, 'lead.hi': before.content.lead.hi },
      after: { 'lead.en': 'A new opening line.', 'lead.hi': 'नई पहली पंक्ति।' },
    });
    // Saving the same again changes nothing and writes no entry.
    const count = (await auditOf(principal, 'page', '/academy/about')).length;
    expect(
      (await put(office, { path: '/academy/about', lead: { en: 'A new opening line.', hi: 'नई पहली पंक्ति।' } })).status,
    ).toBe(200);
    expect(await auditOf(principal, 'page', '/academy/about')).toHaveLength(count);
  });

  it('signs a message page: the signature line under the text, and the page leaves the unsigned go-live line', async () => {
    const before = (await goLiveChecks()).find((c) => c.code === 'goLive.pages.unsigned')!;
    expect(before).toMatchObject({ done: false, count: 3, href: '/admin/pages?edit=%2Facademy%2Ffounder-message' });
    const page = await one('/academy/principal-message');
    const res = await put(office, {
      path: page.path,
      person: {
        ...page.content.person,
        name: { en: 'Dr. Asha Verma', hi: 'डॉ. आशा वर्मा' },
        role: { en: 'Principal', hi: 'प्रधानाचार्य' },
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as PageJson).unsigned).toBe(false);
    const after = (await goLiveChecks()).find((c) => c.code === 'goLive.pages.unsigned')!;
    expect(after.count).toBe(2);
    const [entry] = await auditOf(principal, 'page', page.path);
    expect(JSON.parse(entry!.detail)).toMatchObject({
      before: { 'person.name.en': '', 'person.role.hi': expect.stringContaining('प्रधानाचार्य') },
      after: { 'person.name.en': 'Dr. Asha Verma', 'person.role.en': 'Principal' },
    });

    const states = new Map((await pageStates()).map((s) => [s.path, s]));
    const body = infoPageBody(
      { lang: 'hi', pictures: new Map(), states },
      page.path,
      states.get(page.path)!.content,
    ).value;
    expect(body).toContain(
      '<p class="signature"><strong class="signature-name">— डॉ. आशा वर्मा</strong><br>प्रधानाचार्य</p>',
    );
    // An unsigned one shows its role alone, as it did.
    const founder = infoPageBody(
      { lang: 'en', pictures: new Map(), states },
      '/academy/founder-message',
      states.get('/academy/founder-message')!.content,
    ).value;
    expect(founder).toContain(
      '<p class="signature"><strong>Founder, R.M.C.P. Senior Secondary School &amp; Academy</strong></p>',
    );
  });

  it("hides a page and shows it again: out of the sitemap, the menus and the section's cards; not the home page nor a section's first page", async () => {
    expect((await put(office, { path: '/infrastructure/library', hidden: true })).status).toBe(200);
    // Only hidden: the page keeps its starting text.
    expect((await list()).find((p) => p.path === '/infrastructure/library')).toMatchObject({
      hidden: true,
      sample: true,
    });
    expect(await (await new ApiClient(site.url).request('/v1/api/pages/hidden')).json()).toEqual([
      '/infrastructure/library',
    ]);
    const [entry] = await auditOf(principal, 'page', '/infrastructure/library');
    expect(JSON.parse(entry!.detail)).toEqual({ before: { hidden: false }, after: { hidden: true } });

    const states = await pageStates();
    const sitemap = pagesSitemapXml(states);
    expect(sitemap).not.toContain('/infrastructure/library/');
    expect(sitemap).toContain('<loc>https://www.rmcpschool.in/hi/infrastructure/sports/</loc>');
    expect(sitemap).toContain('<loc>https://www.rmcpschool.in/</loc>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="hi-IN" href="https://www.rmcpschool.in/hi/" />');
    const byPath = new Map(states.map((s) => [s.path, s]));
    const landing = infoPageBody(
      { lang: 'hi', pictures: new Map(), states: byPath },
      '/infrastructure',
      byPath.get('/infrastructure')!.content,
    ).value;
    expect(landing).toContain('href="/hi/infrastructure/sports"');
    expect(landing).not.toContain('/infrastructure/library');
    const shell =
      '<nav><ul><li class="menu-item"><a class="menu-link" href="/hi/infrastructure/library">पुस्तकालय</a></li><li class="menu-item"><a class="menu-link" href="/hi/infrastructure/sports">खेलकूद</a></li></ul></nav>';
    expect(withoutHiddenPages(shell, ['/infrastructure/library'], 'hi')).toBe(
      '<nav><ul><li class="menu-item"><a class="menu-link" href="/hi/infrastructure/sports">खेलकूद</a></li></ul></nav>',
    );

    expect((await put(principal, { path: '/infrastructure/library', hidden: false })).status).toBe(200);
    expect(await (await new ApiClient(site.url).request('/v1/api/pages/hidden')).json()).toEqual([]);

    for (const path of ['/', '/academy', '/infrastructure/facilities']) {
      const refused = await expectJsonError(await put(office, { path, hidden: true }), 400, PAGE_TEXTS.fixed);
      expect(refused.fields).toEqual({ hidden: PAGE_TEXTS.fixed });
    }
  });

  it('refuses bad input with a message per field and stores nothing; an address that is no page is 404', async () => {
    const before = await rows();
    const entries = (await auditOf(principal, 'page', '/academy/mission')).length;
    const cases: [unknown, number, Record<string, string>][] = [
      [{ path: '/academy/mission', title: { en: 'Mission', hi: '   ' } }, 400, { 'title.hi': PAGE_TEXTS.required }],
      [
        { path: '/academy/mission', title: { en: 'x'.repeat(201), hi: 'उद्देश्य' } },
        400,
        { 'title.en': PAGE_TEXTS.tooLong },
      ],
      [{ path: '/academy/mission', body: { en: 'ok', hi: 'a\u0007b' } }, 400, { 'body.hi': PAGE_TEXTS.control }],
      [
        { path: '/academy/mission', cards: [{ title: { en: 'A', hi: 'अ' }, href: 'https://evil.example/' }] },
        400,
        { 'cards.0.href': PAGE_TEXTS.href },
      ],
      [
        { path: '/academy/mission', picture: { picture: 'javascript:alert(1)', alt: { en: 'x', hi: 'य' } } },
        400,
        { 'picture.picture': PAGE_TEXTS.picture },
      ],
      [
        { path: '/academy/mission', picture: { picture: crypto.randomUUID(), alt: { en: 'x', hi: 'य' } } },
        400,
        { 'picture.picture': PAGE_TEXTS.picture },
      ],
      [
        { path: '/academy/mission', picture: { picture: 'starting:mission', alt: { en: 'Our values', hi: '' } } },
        400,
        { 'picture.alt': PAGE_TEXTS.alt },
      ],
      [
        {
          path: '/academy/mission',
          facts: Array.from({ length: 21 }, () => ({ label: { en: 'a', hi: 'अ' }, value: { en: 'b', hi: 'ब' } })),
        },
        400,
        { facts: PAGE_TEXTS.tooMany },
      ],
      [
        { path: '/academy/mission', person: { name: { en: 'X', hi: 'क' }, role: { en: 'Y', hi: 'ख' }, photo: null } },
        400,
        { person: PAGE_TEXTS.invalid },
      ],
      [{ path: '/academy/mission', hidden: 'yes' }, 400, { hidden: PAGE_TEXTS.hidden }],
      [{ path: '/academy/mission', title: 'Mission' }, 400, { title: PAGE_TEXTS.invalid }],
      [{ title: { en: 'x', hi: 'य' } }, 400, { path: PAGE_TEXTS.path }],
      [{ path: '/academy/no-such-page', title: { en: 'x', hi: 'य' } }, 404, { path: PAGE_TEXTS.path }],
      [{ path: '/academy/mandatory-disclosure', title: { en: 'x', hi: 'य' } }, 404, { path: PAGE_TEXTS.path }],
    ];
    for (const [body, status, fields] of cases) {
      const refused = await expectJsonError(await put(office, body), status);
      expect(refused.fields, JSON.stringify(body).slice(0, 120)).toEqual(fields);
    }
    await expectJsonError(
      await office.request('/v1/api/pages', {
        method: 'PUT',
        body: '{"path":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expect(await rows()).toEqual(before);
    expect(await auditOf(principal, 'page', '/academy/mission')).toHaveLength(entries);
  });

  it('takes the office and the principal; no session is 401, no XSRF token 403, and nothing is stored', async () => {
    const before = await rows();
    await expectJsonError(await put(new ApiClient(site.url), { path: '/academy/mission', hidden: true }), 401);
    await expectJsonError(await put(office, { path: '/academy/mission', hidden: true }, false), 403);
    await expectJsonError(await put(principal, { path: '/academy/mission', hidden: true }, false), 403);
    expect(await rows()).toEqual(before);
    expect(
      (
        await put(principal, {
          path: '/academy/mission',
          summary: { en: 'What we believe.', hi: 'हम किसमें विश्वास करते हैं।' },
        })
      ).status,
    ).toBe(200);
    expect((await one('/academy/mission')).content.summary.hi).toBe('हम किसमें विश्वास करते हैं।');
  });
});

describe("the page's text", () => {
  it('is Markdown drawn as the site shows it: headings, lists, tables, links; a script, an onerror or a javascript: link is harmless', () => {
    expect(
      renderPageMarkdown(
        '## Our campus\n\n- **Ten** acres\n\n| Event | When |\n| --- | --- |\n| Sports Day | Winter |',
      ),
    ).toBe(
      '<h2>Our campus</h2>\n<ul>\n<li><strong>Ten</strong> acres</li>\n</ul>\n<div class="table-wrap"><table>\n<thead>\n<tr>\n<th scope="col">Event</th>\n<th scope="col">When</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>Sports Day</td>\n<td>Winter</td>\n</tr>\n</tbody></table></div>',
    );
    const evil = renderPageMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [ok](/academy/about)',
    );
    expect(evil).not.toMatch(/<script|<img\b|<[^>]*\sonerror=|href="javascript/i);
    expect(evil).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(evil).toContain('<a href="/academy/about">ok</a>');
    expect(renderPageMarkdown('[CBSE](https://www.cbse.gov.in/)')).toBe(
      '<p><a href="https://www.cbse.gov.in/" rel="noopener">CBSE</a></p>',
    );
  });

  it('typed with a script, is stored as typed and drawn as text on the page', async () => {
    const typed = 'Before <script>alert("x")</script> after <img src=x onerror=alert(1)>';
    expect((await put(office, { path: '/academics/technology', body: { en: typed, hi: typed } })).status).toBe(200);
    expect((await one('/academics/technology')).content.body.en).toBe(typed);
    const states = new Map((await pageStates()).map((s) => [s.path, s]));
    const body = infoPageBody(
      { lang: 'en', pictures: new Map(), states },
      '/academics/technology',
      states.get('/academics/technology')!.content,
    ).value;
    expect(body).not.toMatch(/<script|<img\b|<[^>]*\sonerror=/i);
    expect(body).toContain('&lt;script&gt;');
  });
});

describe('go-live', () => {
  it("counts the pages still showing the starting text and the home page's sample figures, until the school saves its own", async () => {
    const checks = new Map((await goLiveChecks()).map((c) => [c.code, c]));
    const sample = checks.get('goLive.pages.sample')!;
    expect(sample).toMatchObject({ done: false, href: '/admin/pages' });
    expect(sample.count).toBe(STARTING_PAGES.size - (await rows()).filter((r) => r.content).length);
    expect(checks.get('goLive.pages.homeFigures')).toMatchObject({
      done: false,
      count: 3,
      href: '/admin/pages?edit=%2F',
    });

    // The office takes "98%" off, confirms "15:1" as true, and leaves "20+" for later.
    const home = await one('/');
    const [, ratio, activities] = home.content.home!.stats;
    expect(
      (
        await put(office, {
          path: '/',
          home: { ...home.content.home, stats: [{ ...ratio!, sample: false }, activities] },
        })
      ).status,
    ).toBe(200);
    const after = new Map((await goLiveChecks()).map((c) => [c.code, c]));
    expect(after.get('goLive.pages.homeFigures')).toMatchObject({ done: false, count: 1 });
    expect(after.get('goLive.pages.sample')!.count).toBe(sample.count! - 1);
    expect((await one('/')).content.home!.stats.map((s) => [s.value.en, s.sample])).toEqual([
      ['15:1', false],
      ['20+', true],
    ]);
  });
});
