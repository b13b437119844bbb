/**
 * A calendar event (a school day's event or a holiday, one day or a range): what the API answers,
 * and the one schema of its form, used by the admin island before it sends and by
 * POST/PUT /v1/api/events. Staff type titles in English, Hindi or both; a title is plain text.
 */
import { z } from '../../lib/zod.ts';
import { Rules, validate, type Result } from '../../lib/forms/validate.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { CONTROL_CODE, CONTROL_TEXT, hasControlCharacters, visibleText } from '../../lib/visible-text.ts';
import { daysBetween } from './month.ts';

/** The languages a title may be written in. */
export const TITLE_LANGUAGES = ['en', 'hi'] as const;
export type TitleLanguage = (typeof TITLE_LANGUAGES)[number];
export type Titles = Partial<Record<TitleLanguage, string>>;

/** An event as GET /v1/api/events answers it. */
export interface CalendarEvent {
  _id: string;
  title: Titles;
  /** YYYY-MM-DD, India's calendar. */
  startsOn: string;
  /** The last day (inclusive) of a range; null for one day. */
  endsOn: string | null;
  holiday: boolean;
  createdAt: string;
  updatedAt: string;
}

/** An event as the server keeps it: its edits counted (the feed's SEQUENCE). */
export type StoredEvent = CalendarEvent & { sequence: number };

export interface EventInput {
  title: Titles;
  startsOn: string;
  endsOn: string | null;
  holiday: boolean;
}

export const EVENT_LIMITS = {
  title: 200,
  /** A range longer than this is a typing mistake in a year (a summer vacation is two months). */
  days: 120,
  /** The years the calendar takes. */
  firstYear: 2000,
  lastYear: 2100,
} as const;

/** The admin form's messages (the admin area is in English), each with its code `calendar.<key>`. */
export const EVENT_TEXTS = {
  title: 'Please write the title in English, in Hindi or in both.',
  titleTooLong: `A title can have at most ${EVENT_LIMITS.title} characters.`,
  titleMarkup: 'A title is plain text: please leave out < and >.',
  control: CONTROL_TEXT,
  startsOn: 'Please choose the date the event is on (or starts on).',
  endsOn: 'Please choose a real end date, or leave it empty for one day.',
  order: 'The end date cannot be before the start date.',
  tooLong: `An event can last at most ${EVENT_LIMITS.days} days. Please check the dates.`,
  years: `Please choose a date between ${EVENT_LIMITS.firstYear} and ${EVENT_LIMITS.lastYear}.`,
  notFound: 'Event not found',
  deleted: 'Event deleted',
} as const;
export type EventMessage = keyof typeof EVENT_TEXTS;
/** A message's code: `calendar.<key>`, but the control-character rule's is the one all texts share. */
export const eventCode = (key: EventMessage) => (key === 'control' ? CONTROL_CODE : `calendar.${key}`);

const optionalText = z.optional(z.nullable(z.string()));
const shape = z.object({
  title: z.optional(z.nullable(z.object({ en: optionalText, hi: optionalText }))),
  startsOn: optionalText,
  endsOn: optionalText,
  holiday: z.optional(z.nullable(z.boolean())),
});
type Shape = z.output<typeof shape>;

const clean = (value: string | null | undefined) => (value ?? '').trim();
/** A title that shows nothing (spaces, zero-width or other invisible characters) is no title. */
const cleanTitle = (value: string | null | undefined) => visibleText(value ?? '');
/** Text that could be read as markup: a tag, a comment, a closing tag. Titles are plain words. */
const MARKUP = /<[\p{L}!/?]|>/u;
const inYears = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= EVENT_LIMITS.firstYear && year <= EVENT_LIMITS.lastYear;
};

function checkEvent(values: Shape, ctx: z.core.$RefinementCtx): void {
  const rules = new Rules(ctx, true);
  const rule = (key: EventMessage, failing: () => string[]) => rules.check(EVENT_TEXTS[key], failing, eventCode(key));
  const titles = TITLE_LANGUAGES.map((l) => cleanTitle(values.title?.[l]));
  const start = clean(values.startsOn);
  const end = clean(values.endsOn);
  rule('title', () => (titles.some(Boolean) ? [] : ['title']));
  rule('control', () => (titles.some((t) => hasControlCharacters(t)) ? ['title'] : []));
  rule('titleTooLong', () => (titles.some((t) => t.length > EVENT_LIMITS.title) ? ['title'] : []));
  rule('titleMarkup', () => (titles.some((t) => MARKUP.test(t)) ? ['title'] : []));
  rule('startsOn', () => (isCalendarDate(start) ? [] : ['startsOn']));
  rule('endsOn', () => (!end || isCalendarDate(end) ? [] : ['endsOn']));
  rule('years', () =>
    [start, end].flatMap((d, i) => (isCalendarDate(d) && !inYears(d) ? [i ? 'endsOn' : 'startsOn'] : [])),
  );
  const both = isCalendarDate(start) && isCalendarDate(end);
  rule('order', () => (both && end < start ? ['endsOn'] : []));
  rule('tooLong', () => (both && end >= start && daysBetween(start, end) + 1 > EVENT_LIMITS.days ? ['endsOn'] : []));
}

/** The event form's one schema: its output is what is stored (an end on the start day is no end). */
export const eventSchema = z.pipe(
  shape.check(z.superRefine(checkEvent)),
  z.transform((v: Shape): EventInput => {
    const title: Titles = {};
    for (const language of TITLE_LANGUAGES) {
      const text = cleanTitle(v.title?.[language]);
      if (text) title[language] = text;
    }
    const startsOn = clean(v.startsOn);
    const endsOn = clean(v.endsOn);
    return { title, startsOn, endsOn: endsOn && endsOn !== startsOn ? endsOn : null, holiday: v.holiday === true };
  }),
);

export const validateEvent = (input: unknown): Result<EventInput> => validate(eventSchema, input);

/** The last day of an event (its start for one day). */
export const lastDay = (event: Pick<CalendarEvent, 'startsOn' | 'endsOn'>) => event.endsOn ?? event.startsOn;

/**
 * The title a page in `language` shows, and the language it is written in: its own when there is
 * one, else the other (marked with its `lang`, so a reader and a screen reader say it right).
 */
export function titleIn(title: Titles, language: TitleLanguage): { text: string; lang: TitleLanguage } {
  const own = title[language];
  if (own) return { text: own, lang: language };
  const other = TITLE_LANGUAGES.find((l) => l !== language && title[l])!;
  return { text: title[other] ?? '', lang: other };
}
