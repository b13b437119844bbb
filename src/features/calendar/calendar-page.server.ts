/**
 * The public calendar's page of one month (/calendar/YYYY-MM, /calendar for this month, and their
 * /hi/ twins), drawn from the events as HTML (the `html` template escapes every word staff typed):
 * a month grid, Sunday first, that marks holidays with the word and event days with a dot and a
 * word for screen readers; then the month's events and holidays in words, each in the language it
 * was written in; links to the months before and after; the feed to subscribe to.
 *
 * Those links stay within the school's months (schoolMonths in month.ts: the session and the months
 * with events, a year either side), crossing a gap between them to the next; a month outside them
 * is drawn for an address typed, marked noindex, and linked from nowhere.
 */
import { html, langAttribute, raw, type Html } from '../../server/public-page.ts';
import { breadcrumbs } from '../site/breadcrumbs.ts';
import { fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { titleIn, type CalendarEvent } from './event.ts';
import {
  dayName,
  daysBetween,
  eventsInMonth,
  isOn,
  isSchoolMonth,
  monthGrid,
  monthName,
  monthOf,
  nearestSchoolMonth,
  weekdayNames,
  type Day,
  type Month,
  type MonthSpan,
} from './month.ts';

export const CALENDAR_PATH = '/calendar';
export const FEED_PATH = '/calendar.ics';
/** The CDN's tag of every page and feed that shows events: a change purges it. */
export const CALENDAR_TAG = 'calendar';

export const monthPath = (month: Month) => `${CALENDAR_PATH}/${month}`;

export interface CalendarPageData {
  lang: Language;
  month: Month;
  /** Events with a day in the month (others are left out). */
  events: readonly CalendarEvent[];
  /** Today in India, YYYY-MM-DD: marked in the grid. */
  today: Day;
  /** The page's own path: /calendar (this month) or /calendar/YYYY-MM. */
  path: string;
  /** The school's months (schoolMonths), which the previous and next links keep to. */
  schoolMonths: readonly MonthSpan[];
}

export interface RenderedPage {
  title: string;
  description: string;
  body: Html;
  /** A month outside the school's months: not for search engines. */
  noindex?: boolean;
}

const eventAnchor = (event: CalendarEvent) => `event-${event._id}`;

/** 'Fri, 25 Dec', or a range 'Thu, 24 Dec 2026 to Sat, 2 Jan 2027 (10 days)', with <time> for each day. */
function when(lang: Language, event: CalendarEvent): Html {
  const day = (d: Day, withYear: boolean) => html`<time datetime="${d}">${dayName(d, lang, withYear)}</time>`;
  if (!event.endsOn) return day(event.startsOn, false);
  const acrossYears = event.startsOn.slice(0, 4) !== event.endsOn.slice(0, 4);
  const count = fill(lang, 'calendar.days', { count: String(daysBetween(event.startsOn, event.endsOn) + 1) });
  // The table's own words (trusted) around the two <time> pieces the template made safe.
  const range = raw(
    fill(lang, 'calendar.range', {
      from: day(event.startsOn, acrossYears).value,
      to: day(event.endsOn, acrossYears).value,
    }),
  );
  return html`${range} (${count})`;
}

function grid(data: CalendarPageData, shown: readonly CalendarEvent[]): Html {
  const { lang, month, today } = data;
  const t = (code: TextCode) => fill(lang, code);
  const heads = weekdayNames(lang).map((d) => html`<th scope="col"><abbr title="${d.long}">${d.short}</abbr></th>`);
  const weeks = monthGrid(month).map((week) => {
    const cells = week.map((day) => {
      if (!day) return html`<td class="cal-blank"></td>`;
      const on = shown.filter((e) => isOn(e, day));
      const holiday = on.some((e) => e.holiday);
      const number = Number(day.slice(8));
      const current = day === today ? html` aria-current="date"` : '';
      const classes = ['cal-day', holiday ? 'cal-day--holiday' : '', on.length && !holiday ? 'cal-day--event' : '']
        .filter(Boolean)
        .join(' ');
      if (!on.length) return html`<td class="${classes}"${current}><span class="cal-num">${number}</span></td>`;
      const mark = holiday
        ? html`<span class="cal-tag">${t('calendar.holiday')}</span>`
        : html`<span class="cal-dot" aria-hidden="true"></span><span class="visually-hidden">${t('calendar.event')}</span>`;
      return html`<td class="${classes}"${current}><a href="#${eventAnchor(on[0]!)}"><span class="cal-num">${number}</span>${mark}</a></td>`;
    });
    return html`<tr>${cells}</tr>`;
  });
  return html`<table class="cal-grid" aria-labelledby="cal-month"><thead><tr>${heads}</tr></thead><tbody>${weeks}</tbody></table>`;
}

function list(data: CalendarPageData, shown: readonly CalendarEvent[], name: string): Html {
  const { lang } = data;
  if (!shown.length) return html`<p class="cal-none">${fill(lang, 'calendar.none', { month: name })}</p>`;
  const items = shown.map((event) => {
    const title = titleIn(event.title, lang);
    const kind = event.holiday ? html` <strong class="cal-kind">${fill(lang, 'calendar.holiday')}</strong>` : '';
    return html`<li id="${eventAnchor(event)}" class="cal-item${event.holiday ? ' cal-item--holiday' : ''}"><p class="cal-when">${when(lang, event)}</p><p class="cal-what"><span${langAttribute(title.lang, lang)}>${title.text}</span>${kind}</p></li>`;
  });
  return html`<ol class="cal-list">${items}</ol>`;
}

/** The month's page: its title, description and body (inside the site's shell, publicPage). */
export function renderCalendarPage(data: CalendarPageData): RenderedPage {
  const { lang, month } = data;
  const t = (code: TextCode, values?: Record<string, string>) => fill(lang, code, values);
  const name = monthName(month, lang);
  const shown = eventsInMonth(data.events, month);
  const previous = nearestSchoolMonth(data.schoolMonths, month, -1);
  const next = nearestSchoolMonth(data.schoolMonths, month, 1);
  const link = (target: Month | undefined, rel: 'prev' | 'next') =>
    target === undefined
      ? ''
      : html`<a class="cal-${rel}" rel="${rel}" href="${pathIn(lang, monthPath(target))}">${rel === 'prev' ? '← ' : ''}${t(rel === 'prev' ? 'calendar.previous' : 'calendar.next', { month: monthName(target, lang) })}${rel === 'next' ? ' →' : ''}</a>`;
  const thisMonth = monthOf(data.today);
  const backToToday =
    month === thisMonth
      ? ''
      : html`<a class="cal-today" href="${pathIn(lang, CALENDAR_PATH)}">${t('calendar.thisMonth')}</a>`;
  const isMonthPage = data.path !== CALENDAR_PATH;
  const body = html`${breadcrumbs(lang, CALENDAR_PATH, isMonthPage ? name : undefined)}
<h1>${t('calendar.title')}</h1>
<div class="cal">
<nav class="cal-months" aria-label="${t('calendar.months')}">${link(previous, 'prev')}${link(next, 'next')}${backToToday}</nav>
<h2 id="cal-month">${name}</h2>
${grid(data, shown)}
<h2 id="cal-list-heading">${t('calendar.listHeading', { month: name })}</h2>
${list(data, shown, name)}
<p class="cal-feed"><a href="${FEED_PATH}" type="text/calendar">${t('calendar.subscribe')}</a> <span class="cal-feed-help">${t('calendar.subscribeHelp')}</span></p>
</div>`;
  return {
    title: isMonthPage ? t('calendar.monthTitle', { month: name }) : t('calendar.title'),
    description: isMonthPage ? t('calendar.monthDescription', { month: name }) : t('calendar.description'),
    body,
    noindex: !isSchoolMonth(data.schoolMonths, month),
  };
}

/** The page of a month the calendar does not have (a mistyped address): 404 with a way back. */
export function renderMissingMonth(lang: Language): RenderedPage {
  const t = (code: TextCode) => fill(lang, code);
  return {
    title: t('calendar.notFound'),
    description: t('calendar.description'),
    body: html`${breadcrumbs(lang, CALENDAR_PATH, t('calendar.notFound'))}<h1>${t('calendar.notFound')}</h1><p><a href="${pathIn(lang, CALENDAR_PATH)}">${t('calendar.thisMonth')}</a></p>`,
  };
}
