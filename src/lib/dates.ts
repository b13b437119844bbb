/**
 * Dates, one place: the ISO strings the API answers, and dates as the school office reads them
 * (en-IN, India time), e.g. "5 Mar 2025" and "5 Mar 2025, 3:07 pm".
 */
import type { Language } from './i18n/index.ts';

const TIME_ZONE = 'Asia/Kolkata';

/**
 * A formatter in India time, made on its first use: making one loads locale and time-zone data
 * (about 10 ms each on a fast machine, several times that on a cheap phone), and the forms' islands
 * import this module without formatting anything while the page loads.
 */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: TIME_ZONE }));
}
const dateIn = (locale: string) => formatter(locale, { day: 'numeric', month: 'short', year: 'numeric' });
const DATE = { en: dateIn('en-IN'), hi: dateIn('hi-IN') };
const dateTimeIn = (locale: string) =>
  formatter(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const DATE_TIME = { en: dateTimeIn('en-IN'), hi: dateTimeIn('hi-IN') };
const YEAR = formatter('en-IN', { year: 'numeric' });

/** A database timestamp as the API answers it: an ISO string. */
export const toIso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

function parse(value: string | Date | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date as the office reads it ('5 Mar 2025'), or in Hindi for a page in Hindi. */
export function formatDate(value: string | Date | null | undefined, language: Language = 'en'): string {
  const date = parse(value);
  return date ? DATE[language]().format(date) : '';
}

/** A calendar date (YYYY-MM-DD) as Indian forms write it: 01/06/2021. */
export const dayMonthYear = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('/') : value;

/** A moment as the office reads it, or in Hindi for a parent's page in Hindi. */
export function formatDateTime(value: string | Date | null | undefined, language: Language = 'en'): string {
  const date = parse(value);
  return date ? DATE_TIME[language]().format(date) : '';
}

/** The year in India at `now` (a reference number's year turns at midnight in India, not in UTC). */
export const yearInIndia = (now: Date = new Date()) => YEAR().format(now);

const DAY = formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in India at `now`, YYYY-MM-DD. */
export const dateInIndia = (now: Date = new Date()) => DAY().format(now);

/** Whether `value` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The moment an India date (YYYY-MM-DD) starts: India keeps one offset all year. */
export const indiaMidnight = (date: string) => `${date}T00:00:00+05:30`;

/** The calendar date `days` after (or, negative, before) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
