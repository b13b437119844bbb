/**
 * The academic calendar over HTTP: the office adds, changes and deletes events (audited, with what
 * changed before and after); bad input (a control character in a title too) is a 400 naming the
 * field that stores nothing; the public API, the month pages in both languages (the words in the
 * served HTML, an event in one language shown in it on both sites, holidays said in words) and the
 * feed, parsed by ical.js, which carries no control character even of a title stored before the rule.
 */
import { gzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient, type Json } from '../support/api.ts';
import { auditOf, expectJsonError, token } from '../http/admin-fixtures.ts';
import { closeDb, count, db } from '../http/forms-fixtures.ts';
import { EVENT_TEXTS } from '../../src/features/calendar/event.ts';
import { site } from '../../src/config/site.ts';
import { escapeHtml } from '../../src/server/escape-html.ts';
import { CONTROL_CODE, CONTROL_TEXT } from '../../src/lib/visible-text.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let office: ApiClient;
let principal: ApiClient;
beforeAll(async () => {
  office = (await staffClient('office')).client;
  principal = await adminClient();
}, 300_000);
afterAll(closeDb);

/** A month of the far future no other test file writes in, so this file's events are the only ones there. */
const MONTH = `2096-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;
/** The month `by` months from `month`, written out here so the test does not lean on the page's own arithmetic (January's previous month is December of the year before). */
function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function create(client: ApiClient, body: unknown): Promise<Json> {
  const res = await client.request('/v1/api/events', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const monthEvents = async () =>
  (await (await new ApiClient().request(`/v1/api/events?from=${day(1)}&to=${day(28)}`)).json()) as Json[];

describe('the office keeps the calendar', () => {
  it('adds an event (201 with it), the public list shows it, and the audit keeps what was added', async () => {
    const title = `Sports day ${token()}`;
    const event = await create(office, { title: { en: ` ${title} ` }, startsOn: day(5) });
    expect(event).toMatchObject({ title: { en: title }, startsOn: day(5), endsOn: null, holiday: false });
    expect(event._id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await monthEvents()).map((e) => e._id)).toContain(event._id);
    const [entry] = await auditOf(principal, 'event', event._id);
    expect(entry).toMatchObject({ action: 'create', entity: 'event' });
    expect(JSON.parse(entry!.detail)).toEqual({
      before: null,
      after: { title: { en: title }, startsOn: day(5), endsOn: null, holiday: false },
    });
  });

  it('changes one (the audit keeps only the changed fields, before and after) and deletes it', async () => {
    const event = await create(office, { title: { en: `PTM ${token()}` }, startsOn: day(10) });
    const changed = await office.request(`/v1/api/events/${event._id}`, {
      method: 'PUT',
      json: { title: event.title, startsOn: day(10), endsOn: day(12), holiday: true },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ _id: event._id, endsOn: day(12), holiday: true });
    const [update] = await auditOf(principal, 'event', event._id);
    expect(update).toMatchObject({ action: 'update' });
    expect(JSON.parse(update!.detail)).toEqual({
      before: { endsOn: null, holiday: false },
      after: { endsOn: day(12), holiday: true },
    });

    const gone = await principal.request(`/v1/api/events/${event._id}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await monthEvents()).map((e) => e._id)).not.toContain(event._id);
    expect((await auditOf(principal, 'event', event._id))[0]).toMatchObject({ action: 'delete' });
    await expectJsonError(
      await office.request(`/v1/api/events/${event._id}`, { method: 'DELETE' }),
      404,
      EVENT_TEXTS.notFound,
    );
    await expectJsonError(
      await office.request(`/v1/api/events/${event._id}`, {
        method: 'PUT',
        json: { title: { en: 'x' }, startsOn: day(1) },
      }),
      404,
    );
    await expectJsonError(await office.request('/v1/api/events/not-an-id', { method: 'DELETE' }), 404);
  });

  it('refuses a stranger and a missing XSRF token, storing nothing', async () => {
    const before = await count('events');
    await expectJsonError(
      await new ApiClient().request('/v1/api/events', {
        method: 'POST',
        json: { title: { en: 'x' }, startsOn: day(1) },
      }),
      401,
    );
    await expectJsonError(
      await office.request('/v1/api/events', {
        method: 'POST',
        json: { title: { en: 'x' }, startsOn: day(1) },
        xsrf: false,
      }),
      403,
    );
    expect(await count('events')).toBe(before);
  });

  it.each([
    [
      'dates out of order',
      { title: { en: 'Exams' }, startsOn: '2096-03-10', endsOn: '2096-03-09' },
      'endsOn',
      'calendar.order',
    ],
    ['no title', { title: { en: ' ', hi: '' }, startsOn: '2096-03-10' }, 'title', 'calendar.title'],
    [
      'script in the title',
      { title: { hi: '<script>alert(1)</script>' }, startsOn: '2096-03-10' },
      'title',
      'calendar.titleMarkup',
    ],
    ['no date', { title: { en: 'Exams' } }, 'startsOn', 'calendar.startsOn'],
    ['a date that does not exist', { title: { en: 'Exams' }, startsOn: '2096-02-30' }, 'startsOn', 'calendar.startsOn'],
    [
      'a value of the wrong type',
      { title: { en: 'Exams' }, startsOn: '2096-03-10', holiday: 'yes' },
      'holiday',
      'form.wrongType',
    ],
    ['BEL in the title', { title: { en: 'Exams\u0007' }, startsOn: '2096-03-10' }, 'title', CONTROL_CODE],
    [
      'ESC in the Hindi title',
      { title: { en: 'Exams', hi: 'परीक्षा\u001b[0m' }, startsOn: '2096-03-10' },
      'title',
      CONTROL_CODE,
    ],
    [
      'a line break inside the title',
      { title: { en: 'Exams\nday two' }, startsOn: '2096-03-10' },
      'title',
      CONTROL_CODE,
    ],
    ['C1 in the title', { title: { en: 'Exams\u0085' }, startsOn: '2096-03-10' }, 'title', CONTROL_CODE],
  ])('refuses %s: 400 naming the field, with its code, and stores nothing', async (_, body, field, code) => {
    const before = await count('events');
    const refused = await expectJsonError(await office.request('/v1/api/events', { method: 'POST', json: body }), 400);
    expect(refused.fields[field]).toEqual(expect.any(String));
    expect(refused.codes[field]).toBe(code);
    expect(await count('events')).toBe(before);
  });

  it('a control character: the message of the i18n tables, and an edit with one keeps the event as it was', async () => {
    const refused = await expectJsonError(
      await office.request('/v1/api/events', {
        method: 'POST',
        json: { title: { en: 'Exams\u0007' }, startsOn: day(2) },
      }),
      400,
      CONTROL_TEXT,
    );
    expect(refused).toMatchObject({
      code: CONTROL_CODE,
      fields: { title: CONTROL_TEXT },
      codes: { title: CONTROL_CODE },
    });
    const event = await create(office, { title: { en: `Annual day ${token()}` }, startsOn: day(21) });
    await expectJsonError(
      await office.request(`/v1/api/events/${event._id}`, {
        method: 'PUT',
        json: { ...event, title: { en: `${event.title.en}\u001b` } },
      }),
      400,
      CONTROL_TEXT,
    );
    expect((await monthEvents()).find((e) => e._id === event._id)).toMatchObject({ title: event.title });
  });

  it('refuses a bad edit and keeps the event as it was', async () => {
    const event = await create(office, { title: { en: `Annual day ${token()}` }, startsOn: day(20) });
    await expectJsonError(
      await office.request(`/v1/api/events/${event._id}`, { method: 'PUT', json: { ...event, endsOn: day(19) } }),
      400,
      EVENT_TEXTS.order,
    );
    expect((await monthEvents()).find((e) => e._id === event._id)).toMatchObject({ startsOn: day(20), endsOn: null });
  });

  it('answers the events of a span, and refuses a span that is not one', async () => {
    const event = await create(office, { title: { en: `Quiz ${token()}` }, startsOn: day(3) });
    const visitor = new ApiClient();
    const inside = await (await visitor.request(`/v1/api/events?from=${day(3)}&to=${day(3)}`)).json();
    expect(inside.map((e: { _id: string }) => e._id)).toContain(event._id);
    const after = await (await visitor.request(`/v1/api/events?from=${day(4)}`)).json();
    expect(after.map((e: { _id: string }) => e._id)).not.toContain(event._id);
    await expectJsonError(await visitor.request(`/v1/api/events?from=${day(4)}&to=${day(3)}`), 400);
    await expectJsonError(await visitor.request('/v1/api/events?from=2096-02-30'), 400);
  });
});

describe('the public calendar', () => {
  const english = `Science fair ${token()}`;
  const hindiOnly = `होली मिलन ${token()}`;
  let vacation: Json;
  beforeAll(async () => {
    await create(office, { title: { en: english }, startsOn: day(14) });
    await create(office, { title: { hi: hindiOnly }, startsOn: day(15) });
    vacation = await create(office, {
      title: { en: 'Winter vacation', hi: 'शीतकालीन अवकाश' },
      startsOn: day(22),
      endsOn: day(27),
      holiday: true,
    });
  });

  it('serves the month in the HTML, in both languages, each title in the language it was written in', async () => {
    const visitor = new ApiClient();
    const en = await visitor.request(`/calendar/${MONTH}`);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toMatch(/^text\/html/);
    expect(en.headers.get('netlify-cache-tag')).toContain('calendar');
    const page = await en.text();
    expect(page).toContain(`<html lang="en-IN"`);
    expect(page).toContain(english);
    // Written in Hindi only: shown in Hindi on the English site, marked as Hindi.
    expect(page).toContain(`<span lang="hi-IN">${hindiOnly}</span>`);
    expect(page).toMatch(/<strong class="cal-kind">Holiday<\/strong>/);
    expect(page).toContain(`href="/calendar.ics"`);
    expect(page).not.toContain('astro-island');
    // The page's weight: its HTML, and the styles and scripts it links (the site's own, cached after the first page).
    const linked = [...page.matchAll(/<(?:link rel="stylesheet"|script[^>]*) (?:href|src)="(\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    let assets = 0;
    for (const url of linked) assets += gzipSync(Buffer.from(await (await visitor.request(url)).arrayBuffer())).length;
    console.log(
      `calendar: /calendar/${MONTH} is ${gzipSync(page).length} B of HTML gzipped, ${linked.length} linked file(s) ${assets} B gzipped`,
    );

    const hi = await (await visitor.request(`/hi/calendar/${MONTH}`)).text();
    expect(hi).toContain(`<html lang="hi-IN"`);
    expect(hi).toContain(`<span lang="en-IN">${english}</span>`);
    expect(hi).toContain(`<span>${hindiOnly}</span>`);
    expect(hi).toContain('शीतकालीन अवकाश');
    expect(hi).toMatch(/<strong class="cal-kind">अवकाश<\/strong>/);
    // The holiday's days are marked in words in the grid, not by colour alone.
    expect(hi.match(/<span class="cal-tag">अवकाश<\/span>/g)).toHaveLength(6);
    expect(hi).toContain(`href="#event-${vacation._id}"`);
  });

  it('links the months before and after, and answers a month it does not have with its 404 page', async () => {
    const visitor = new ApiClient();
    const page = await (await visitor.request(`/calendar/${MONTH}`)).text();
    expect(page).toContain(`<a class="cal-prev" rel="prev" href="/calendar/${shiftMonth(MONTH, -1)}">`);
    expect(page).toContain(`<a class="cal-next" rel="next" href="/calendar/${shiftMonth(MONTH, 1)}">`);
    for (const bad of ['2096-13', '1999-12', 'december', '%3Cscript%3E']) {
      const res = await visitor.request(`/calendar/${bad}`);
      expect(res.status, bad).toBe(404);
      const text = await res.text();
      expect(text).toContain('This month is not in the calendar.');
      expect(text).not.toContain('<script>');
    }
    expect((await visitor.request('/calendar')).status).toBe(200);
    expect((await visitor.request('/hi/calendar')).status).toBe(200);
    // The address with a slash, as the sitemap lists it; canonical and alternates end in one.
    const slashed = await visitor.request(`/hi/calendar/${MONTH}/`);
    expect(slashed.status).toBe(200);
    const text = await slashed.text();
    expect(text).toContain(`<link rel="canonical" href="${site.url}/hi/calendar/${MONTH}/"`);
    expect(text).toMatch(new RegExp(`<link rel="alternate" hreflang="en-IN" href="${site.url}/calendar/${MONTH}/"`));
  });

  it("keeps crawlers to the school's months: the links stop a year either side of an event, a month past them is noindex and links back", async () => {
    const visitor = new ApiClient();
    const noindexed = async (month: string) => {
      const res = await visitor.request(`/calendar/${month}`);
      expect(res.status, month).toBe(200);
      const html = await res.text();
      const robots = html.includes('<meta name="robots" content="noindex">');
      expect(res.headers.get('x-robots-tag') === 'noindex', month).toBe(robots);
      const link = (rel: string) =>
        new RegExp(`<a class="cal-${rel}" rel="${rel}" href="/calendar/(\\d{4}-\\d{2})">`).exec(html)?.[1];
      return { robots, prev: link('prev'), next: link('next') };
    };
    // One event in a year no file writes in: the months a year either side of it are a run of their own.
    const alone = `2091-${MONTH.slice(5)}`;
    const event = await create(office, { title: { en: `Founders' day ${token()}` }, startsOn: `${alone}-10` });
    let month = alone;
    let page = await noindexed(month);
    for (let steps = 0; page.next === shiftMonth(month, 1); steps++) {
      expect(page.robots, month).toBe(false);
      expect(steps, 'months walked').toBeLessThan(12);
      month = page.next;
      page = await noindexed(month);
    }
    // The run's last month: its next link crosses the gap to the next run (a year before MONTH at the latest; other files' events may start it earlier).
    expect([month, page.robots]).toEqual([shiftMonth(alone, 12), false]);
    expect(page.next! > shiftMonth(alone, 13) && page.next! <= shiftMonth(MONTH, -12), page.next).toBe(true);
    expect((await noindexed(page.next!)).robots).toBe(false);
    const first = await noindexed(shiftMonth(alone, -12));
    expect(first.robots).toBe(false);
    expect(first.prev! < shiftMonth(alone, -13)).toBe(true);
    // Past either end: drawn for an address typed, noindex, linking to the nearest school months only.
    for (const [outside, prev, next] of [
      [shiftMonth(alone, 13), shiftMonth(alone, 12), page.next],
      [shiftMonth(alone, -13), first.prev, shiftMonth(alone, -12)],
    ] as const) {
      expect(await noindexed(outside), outside).toEqual({ robots: true, prev, next });
    }
    await office.request(`/v1/api/events/${event._id}`, { method: 'DELETE' });
    expect((await visitor.request('/calendar')).headers.get('x-robots-tag')).toBeNull();
  });

  it('publishes /calendar.ics: all-day events, the end the day after the last, stable UIDs', async () => {
    const res = await new ApiClient().request('/calendar.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    const host = new URL(site.url).host;
    const found = events.find((e) => e.uid === `${vacation._id}@${host}`)!;
    expect(found.summary).toBe('Winter vacation (holiday)');
    expect(found.startDate.isDate).toBe(true);
    expect(found.startDate.toString()).toBe(day(22));
    expect(found.endDate.toString()).toBe(day(28));
    const holi = events.find((e) => e.summary === hindiOnly)!;
    expect(holi.startDate.toString()).toBe(day(15));
    expect(holi.endDate.toString()).toBe(day(16));
  });

  it("a title with $', $`, $& or $1 is shown on the page and in the feed as written", async () => {
    const title = `Fees $' $\` $& $1 due ${token()}`;
    const event = await create(office, { title: { en: title }, startsOn: day(11) });
    const page = await (await new ApiClient().request(`/calendar/${MONTH}`)).text();
    expect(page).toContain(escapeHtml(title));
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).not.toContain('__PAGE_');
    const calendar = new ICAL.Component(ICAL.parse(await (await new ApiClient().request('/calendar.ics')).text()));
    const found = calendar
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c))
      .find((e) => e.uid === `${event._id}@${new URL(site.url).host}`);
    expect(found?.summary).toBe(title);
  });

  it('/calendar.ics carries no control character of a title stored before the rule refused them', async () => {
    const title = `Stored earlier ${token()}`;
    const { rows } = await db().query(
      `INSERT INTO events (title_en, title_hi, starts_on) VALUES ($1, $2, $3) RETURNING id`,
      [`${title}\u0007\u001b`, 'पहले\u0085 का', day(12)],
    );
    try {
      const text = await (await new ApiClient().request('/calendar.ics')).text();
      // iCalendar's lines end CR LF; no other character below U+0020 but a tab, no DEL or C1.
      expect(text.replaceAll('\r\n', '')).not.toMatch(/(?!\t)\p{Cc}/u);
      const found = new ICAL.Component(ICAL.parse(text))
        .getAllSubcomponents('vevent')
        .map((c) => new ICAL.Event(c))
        .find((e) => e.uid.startsWith(rows[0].id));
      expect(found?.summary).toBe(title);
      expect(found?.description).toBe('हिन्दी में: पहले का');
    } finally {
      await db().query(`DELETE FROM events WHERE id = $1`, [rows[0].id]);
    }
  });

  it('shows a change at once on the local runtime (no CDN): the page is drawn from the database at each request', async () => {
    const title = `Book fair ${token()}`;
    const started = Date.now();
    const event = await create(office, { title: { en: title }, startsOn: day(8) });
    await expect
      .poll(async () => (await (await new ApiClient().request(`/calendar/${MONTH}`)).text()).includes(title), {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(true);
    console.log(`calendar: an added event was on its page after ${Date.now() - started} ms`);
    expect((await office.request(`/v1/api/events/${event._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await (await new ApiClient().request(`/calendar/${MONTH}`)).text()).includes(title)).toBe(false);
  });
});
