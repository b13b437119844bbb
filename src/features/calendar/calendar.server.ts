/**
 * The academic calendar's events.
 *
 * GET /v1/api/events?from=&to=   public: the events with a day from `from` to `to` (YYYY-MM-DD,
 *     both optional), by first day; 400 for a date that is not one, or `to` before `from`.
 * POST /v1/api/events { title: { en?, hi? }, startsOn, endsOn?, holiday? }   staff: 201 with the event.
 * PUT /v1/api/events/{id} (the same body: the whole event)   staff: 200 with the event.
 * DELETE /v1/api/events/{id}   staff: 200.
 *
 * Every change is audited in its transaction (an edit with the changed fields before and after),
 * then the pages that show events are purged from the CDN.
 *
 * GET /calendar, /calendar/{YYYY-MM}, /hi/calendar, /hi/calendar/{YYYY-MM}: a month's page
 * (calendar-page.server.ts); GET /calendar.ics: the feed (feed.server.ts).
 */
import { schoolProfile } from '../../server/school-profile.ts';
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { isUuid, query, transaction } from '../../server/db.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { refuse } from '../../server/forms.ts';
import { addDays, dateInIndia, isCalendarDate, toIso } from '../../lib/dates.ts';
import {
  EVENT_TEXTS,
  eventCode,
  validateEvent,
  type CalendarEvent,
  type EventInput,
  type StoredEvent,
} from './event.ts';
import { calendarFeed } from './feed.server.ts';
import {
  CALENDAR_PATH,
  CALENDAR_TAG,
  FEED_PATH,
  monthPath,
  renderCalendarPage,
  renderMissingMonth,
} from './calendar-page.server.ts';
import { firstDayOf, isMonth, lastDayOf, monthOf, schoolMonths, type MonthSpan } from './month.ts';
import { PAGE_CDN_SECONDS, html, purgePages } from '../../server/public-page.ts';
import { publicPage } from '../site/public-page.server.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';

interface Row {
  id: string;
  title_en: string | null;
  title_hi: string | null;
  starts_on: string;
  ends_on: string | null;
  holiday: boolean;
  sequence: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Dates as text: a `date` column read by either driver could come back as a moment in some time zone. */
const EVENT_COLUMNS = `id, title_en, title_hi, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
  holiday, sequence, created_at, updated_at`;

function eventJson(row: Row): StoredEvent {
  return {
    _id: row.id,
    title: { ...(row.title_en ? { en: row.title_en } : {}), ...(row.title_hi ? { hi: row.title_hi } : {}) },
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    holiday: row.holiday,
    sequence: row.sequence,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

const publicJson = ({ sequence: _sequence, ...event }: StoredEvent): CalendarEvent => event;

/** The events with a day from `from` to `to` (either open), by first day, then last day, then when added. */
async function eventsBetween(from: string | undefined, to: string | undefined): Promise<StoredEvent[]> {
  const sql = `SELECT ${EVENT_COLUMNS} FROM events
    WHERE ($1::date IS NULL OR COALESCE(ends_on, starts_on) >= $1::date) AND ($2::date IS NULL OR starts_on <= $2::date)
    ORDER BY starts_on, COALESCE(ends_on, starts_on), created_at, id`;
  return (await query<Row>(sql, [from ?? null, to ?? null])).map(eventJson);
}

/** The first and last month of every event, once each: the runs the school's months are drawn around. */
async function eventMonthSpans(): Promise<MonthSpan[]> {
  const rows = await query<{ first: string; last: string }>(
    `SELECT DISTINCT to_char(starts_on, 'YYYY-MM') AS first, to_char(COALESCE(ends_on, starts_on), 'YYYY-MM') AS last FROM events`,
  );
  return rows.map((r) => [r.first, r.last] as const);
}

const RANGE_TEXT = 'from and to must be dates written YYYY-MM-DD, from not after to.';

export async function listEvents(req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const from = params.get('from') || undefined;
  const to = params.get('to') || undefined;
  const bad = [
    ['from', from],
    ['to', to],
  ]
    .filter(([, v]) => v !== undefined && !isCalendarDate(v))
    .map(([k]) => k!);
  if (from && to && !bad.length && to < from) bad.push('to');
  if (bad.length)
    throw badRequest(RANGE_TEXT, Object.fromEntries(bad.map((k) => [k, RANGE_TEXT]))).withCode('calendar.range');
  return json((await eventsBetween(from, to)).map(publicJson));
}

async function readEvent(req: Request): Promise<EventInput> {
  const result = validateEvent(await readJson(req));
  if (!result.ok) throw refuse(result);
  return result.data;
}

/** What the audit entry keeps of an event: its fields as the API names them. */
const audited = (e: EventInput) => ({ title: e.title, startsOn: e.startsOn, endsOn: e.endsOn, holiday: e.holiday });

const NOT_FOUND = () => notFound(EVENT_TEXTS.notFound).withCode(eventCode('notFound'));

/** After a change commits: the pages and the feed that show events. */
const purge = () => purgePages([CALENDAR_TAG]);

export async function createEvent(req: Request, ctx: AdminContext): Promise<Response> {
  const event = await readEvent(req);
  const row = await transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      `INSERT INTO events (title_en, title_hi, starts_on, ends_on, holiday) VALUES ($1, $2, $3, $4, $5) RETURNING ${EVENT_COLUMNS}`,
      [event.title.en ?? null, event.title.hi ?? null, event.startsOn, event.endsOn, event.holiday],
    );
    const created = rows[0]!;
    await recordAudit(
      ctx,
      { action: 'create', entity: 'event', entityId: created.id, detail: changeDetail(null, audited(event)) },
      tx,
    );
    return created;
  });
  await purge();
  return json(publicJson(eventJson(row)), 201);
}

export async function updateEvent(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw NOT_FOUND();
  const event = await readEvent(req);
  const row = await transaction(async (tx) => {
    const current = (await tx.query<Row>(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!current) throw NOT_FOUND();
    const before = audited(eventJson(current));
    const after = audited(event);
    if (JSON.stringify(before) === JSON.stringify(after)) return current;
    const { rows } = await tx.query<Row>(
      `UPDATE events SET title_en = $2, title_hi = $3, starts_on = $4, ends_on = $5, holiday = $6, sequence = sequence + 1, updated_at = now()
        WHERE id = $1 RETURNING ${EVENT_COLUMNS}`,
      [id, event.title.en ?? null, event.title.hi ?? null, event.startsOn, event.endsOn, event.holiday],
    );
    await recordAudit(
      ctx,
      { action: 'update', entity: 'event', entityId: id, detail: changeDetail(before, after) },
      tx,
    );
    return rows[0]!;
  });
  await purge();
  return json(publicJson(eventJson(row)));
}

export async function deleteEvent(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw NOT_FOUND();
  await transaction(async (tx) => {
    const { rows } = await tx.query<Row>(`DELETE FROM events WHERE id = $1 RETURNING ${EVENT_COLUMNS}`, [id]);
    if (!rows[0]) throw NOT_FOUND();
    await recordAudit(
      ctx,
      { action: 'delete', entity: 'event', entityId: id, detail: changeDetail(audited(eventJson(rows[0])), null) },
      tx,
    );
  });
  await purge();
  return json({ message: EVENT_TEXTS.deleted, _id: id });
}

/** How far back the feed reaches: last year's events stay in a subscribed calendar, older ones fall away. */
const FEED_PAST_DAYS = 366;

/** GET /calendar.ics: the feed phones subscribe to (feed.server.ts), cached and purged as the pages are. */
export async function serveCalendarFeed(): Promise<Response> {
  const events = await eventsBetween(addDays(dateInIndia(), -FEED_PAST_DAYS), undefined);
  return new Response(calendarFeed(events, await schoolProfile()), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="calendar.ics"',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${PAGE_CDN_SECONDS}`,
      'Netlify-Cache-Tag': CALENDAR_TAG,
    },
  });
}

/**
 * GET /calendar, /calendar/{YYYY-MM} and their /hi/ twins: a month's page (this month in India by
 * default); a month the calendar does not have is the page's 404, in the page's language.
 */
export function serveCalendarPage(lang: Language): Handler {
  return async (req, ctx) => {
    const asked = ctx.params.month;
    const today = dateInIndia();
    if (asked !== undefined && !isMonth(asked)) {
      // The canonical address is the calendar's own: never the address typed.
      return publicPage(req, {
        lang,
        path: `${CALENDAR_PATH}/`,
        ...renderMissingMonth(lang),
        tags: [CALENDAR_TAG],
        status: 404,
      });
    }
    const month = asked ?? monthOf(today);
    const path = asked === undefined ? CALENDAR_PATH : monthPath(month);
    const [events, spans] = await Promise.all([eventsBetween(firstDayOf(month), lastDayOf(month)), eventMonthSpans()]);
    const page = renderCalendarPage({ lang, month, events, today, path, schoolMonths: schoolMonths(today, spans) });
    const feed = html`<link rel="alternate" type="text/calendar" title="${fill(lang, 'calendar.subscribe')}" href="${FEED_PATH}">`;
    // Canonical and alternate addresses end in a slash, as every page of the site's (and the sitemap's).
    return publicPage(req, { lang, path: `${path}/`, ...page, tags: [CALENDAR_TAG], head: feed });
  };
}
