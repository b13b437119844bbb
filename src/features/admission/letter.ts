/**
 * The admission letter's settings per session, as GET/PUT /v1/api/admission/letter-settings carry
 * them, and their check, shared by the principal's screen and the server (no server code here).
 */
import type { Language, TextCode } from '../../lib/i18n/index.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { isSessionName } from '../../lib/sessions.ts';

/** One original document the family brings, as each language names it. */
export interface Original {
  en: string;
  hi: string;
}

export interface LetterSettings {
  session: string;
  /** The sessions the screen offers: last, this and next. */
  sessions: string[];
  /** False until the principal saves this session: the letter then says the office will tell the reporting date. */
  saved: boolean;
  /** YYYY-MM-DD, or null while it is not decided. */
  reportingDate: string | null;
  /** 'HH:MM' (24-hour), or null. */
  reportingTime: string | null;
  originals: Original[];
  words: Original;
  updatedAt: string | null;
}

/** What the principal sends. */
export type LetterSettingsInput = Pick<
  LetterSettings,
  'session' | 'reportingDate' | 'reportingTime' | 'originals' | 'words'
>;

export const LETTER_LIMITS = { originals: 20, original: 200, words: 2000 } as const;

/** The originals a school in Uttar Pradesh asks for, until the principal changes the list. */
export const DEFAULT_ORIGINALS: readonly TextCode[] = [
  'letter.original.birth',
  'letter.original.aadhaarChild',
  'letter.original.aadhaarParents',
  'letter.original.tc',
  'letter.original.marks',
  'letter.original.certificates',
  'letter.original.photos',
];

export const LETTER_SETTINGS_TEXTS = {
  session: 'Choose a session such as 2027-28.',
  reportingDate: 'Give the reporting date as a day of the calendar, or leave it empty.',
  reportingTime: 'Give the reporting time as HH:MM (24-hour), or leave it empty.',
  timeWithoutDate: 'A reporting time needs a reporting date.',
  originals: `List 1 to ${LETTER_LIMITS.originals} documents, each in English and in Hindi (up to ${LETTER_LIMITS.original} characters each).`,
  words: `Write the letter's words in English and in Hindi (up to ${LETTER_LIMITS.words} characters each).`,
} as const;

export const isReportingTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** A text in both languages, each present and within `max`; undefined when not. */
function bothLanguages(value: unknown, max: number): Original | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { en, hi } = value as Record<string, unknown>;
  const pair = { en: trimmed(en), hi: trimmed(hi) };
  return pair.en && pair.hi && pair.en.length <= max && pair.hi.length <= max
    ? { en: pair.en, hi: pair.hi }
    : undefined;
}

/** The PUT body checked: every field found wanting is named, with what to do. */
export function checkLetterSettings(
  body: Record<string, unknown>,
): { ok: true; data: LetterSettingsInput } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const session = body.session;
  if (!isSessionName(session)) fields.session = LETTER_SETTINGS_TEXTS.session;
  const date = body.reportingDate === null || body.reportingDate === undefined ? '' : body.reportingDate;
  if (typeof date !== 'string' || (date !== '' && !isCalendarDate(date)))
    fields.reportingDate = LETTER_SETTINGS_TEXTS.reportingDate;
  const time = body.reportingTime === null || body.reportingTime === undefined ? '' : body.reportingTime;
  if (typeof time !== 'string' || (time !== '' && !isReportingTime(time)))
    fields.reportingTime = LETTER_SETTINGS_TEXTS.reportingTime;
  else if (time !== '' && date === '') fields.reportingTime = LETTER_SETTINGS_TEXTS.timeWithoutDate;
  const list = Array.isArray(body.originals) ? body.originals : [];
  const originals = list.map((o) => bothLanguages(o, LETTER_LIMITS.original));
  if (!list.length || list.length > LETTER_LIMITS.originals || originals.includes(undefined))
    fields.originals = LETTER_SETTINGS_TEXTS.originals;
  const words = bothLanguages(body.words, LETTER_LIMITS.words);
  if (!words) fields.words = LETTER_SETTINGS_TEXTS.words;
  if (Object.keys(fields).length) return { ok: false, fields };
  return {
    ok: true,
    data: {
      session: session as string,
      reportingDate: (date as string) || null,
      reportingTime: (time as string) || null,
      originals: originals as Original[],
      words: words!,
    },
  };
}

/** The letter's address, proven by the pair the status was checked with, in `language`. */
export const letterHref = (referenceNumber: string, contactNo: string, language: Language) =>
  `/v1/api/admission/letter?${new URLSearchParams({ referenceNumber, contactNo, lang: language })}`;
