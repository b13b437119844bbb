/**
 * The calendar's date rules, on "YYYY-MM-DD" days and "YYYY-MM" months of India's calendar (plain
 * strings: no time zone can move a day). Shared by the public page, the feed and the admin screen.
 */

export type Day = string;
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The months the calendar shows (the years the form takes). */
export const MONTH_RANGE = { first: '2000-01', last: '2100-12' } as const;

/** Whether `value` is a month the calendar shows, written YYYY-MM. */
export const isMonth = (value: string): boolean =>
  MONTH.test(value) && value >= MONTH_RANGE.first && value <= MONTH_RANGE.last;

const utc = (day: Day) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date): Day => date.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Day, to: Day): number =>
  Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

export const monthOf = (day: Day): Month => day.slice(0, 7);

/** The month `count` months after (negative: before) `month`. */
export function addMonths(month: Month, count: number): Month {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const firstDayOf = (month: Month): Day => `${month}-01`;

/** A run of months, first and last included. */
export type MonthSpan = readonly [Month, Month];

/** How far the school's months reach either side of the current session and of each month with events. */
const SCHOOL_MARGIN_MONTHS = 12;

/**
 * The months the school's calendar stands behind, as sorted runs that do not touch: the current
 * session (April to March) and each run of months with events (`eventSpans`, first and last month
 * of each event), each widened by a year either side and kept within MONTH_RANGE. Any other month
 * the calendar shows too (an address typed), but no page links to it and search engines are told
 * to leave it out: otherwise 2000 to 2100 would be 2,424 mostly empty pages for a crawler to walk.
 */
export function schoolMonths(today: Day, eventSpans: readonly MonthSpan[]): MonthSpan[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const sessionStart = `${String(month >= 4 ? year : year - 1).padStart(4, '0')}-04`;
  const spans = [[sessionStart, addMonths(sessionStart, 11)] as MonthSpan, ...eventSpans]
    .map(([first, last]): MonthSpan => [
      maxMonth(addMonths(first, -SCHOOL_MARGIN_MONTHS), MONTH_RANGE.first),
      minMonth(addMonths(last, SCHOOL_MARGIN_MONTHS), MONTH_RANGE.last),
    ])
    .filter(([first, last]) => first <= last)
    .sort(([a], [b]) => a.localeCompare(b));
  const merged: [Month, Month][] = [];
  for (const [first, last] of spans) {
    const previous = merged.at(-1);
    if (previous && first <= addMonths(previous[1], 1)) previous[1] = maxMonth(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}

const maxMonth = (a: Month, b: Month) => (a > b ? a : b);
const minMonth = (a: Month, b: Month) => (a < b ? a : b);

/** Whether `month` is one of the school's months (`spans` from schoolMonths). */
export const isSchoolMonth = (spans: readonly MonthSpan[], month: Month): boolean =>
  spans.some(([first, last]) => first <= month && month <= last);

/**
 * The school's month nearest before (`direction` -1) or after (+1) `month`: the next month within a
 * run, the first or last month of the next run across a gap, none past the last run.
 */
export function nearestSchoolMonth(spans: readonly MonthSpan[], month: Month, direction: -1 | 1): Month | undefined {
  const target = addMonths(month, direction);
  if (isSchoolMonth(spans, target)) return target;
  const found = direction > 0 ? spans.find(([first]) => first > month) : spans.findLast(([, last]) => last < month);
  return found && (direction > 0 ? found[0] : found[1]);
}

export function lastDayOf(month: Month): Day {
  const next = utc(firstDayOf(addMonths(month, 1)));
  next.setUTCDate(0);
  return dayOf(next);
}

/** 0 for Sunday to 6 for Saturday. */
export const weekday = (day: Day): number => utc(day).getUTCDay();

/**
 * The month as weeks of seven days, Sunday first (as Indian wall calendars print it); a day of the
 * weeks before or after the month is null.
 */
export function monthGrid(month: Month): (Day | null)[][] {
  const first = firstDayOf(month);
  const length = daysBetween(first, lastDayOf(month)) + 1;
  const cells: (Day | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let i = 0; i < length; i++) cells.push(`${month}-${String(i + 1).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

interface Dated {
  startsOn: Day;
  endsOn: Day | null;
}

const lastOf = (e: Dated) => e.endsOn ?? e.startsOn;

/** Whether the event is on `day` (its first, last or any day between). */
export const isOn = (event: Dated, day: Day): boolean => event.startsOn <= day && day <= lastOf(event);

/** Whether the event has a day in the span from `from` to `to` (both inclusive). */
export const overlaps = (event: Dated, from: Day, to: Day): boolean => event.startsOn <= to && lastOf(event) >= from;

/** The events with a day in `month`, by first day (then by last day), as the month's page lists them. */
export function eventsInMonth<E extends Dated>(events: readonly E[], month: Month): E[] {
  const from = firstDayOf(month);
  const to = lastDayOf(month);
  return events
    .filter((e) => overlaps(e, from, to))
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn) || lastOf(a).localeCompare(lastOf(b)));
}

/** How the school writes dates in each language. */
const LOCALES = { en: 'en-IN', hi: 'hi-IN' } as const;
type Lang = keyof typeof LOCALES;

/** Formatters made on first use (making one costs a phone several milliseconds), read in UTC: a day is a day. */
const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) formats.set(key, (made = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'UTC' })));
  return made;
}

/** 'December 2026', 'दिसंबर 2026'. */
export const monthName = (month: Month, lang: Lang): string =>
  format(lang, { month: 'long', year: 'numeric' }).format(utc(firstDayOf(month)));

/** 'Fri, 25 Dec', with the year when asked: 'Fri, 25 Dec 2026'. */
export const dayName = (day: Day, lang: Lang, withYear = false): string =>
  format(lang, { weekday: 'short', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).format(
    utc(day),
  );

/** The days of the week, Sunday first: short names for the grid's heads and long ones for what they stand for. */
export function weekdayNames(lang: Lang): { short: string; long: string }[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = utc(`2023-01-0${i + 1}`);
    return {
      short: format(lang, { weekday: 'short' }).format(day),
      long: format(lang, { weekday: 'long' }).format(day),
    };
  });
}
