/**
 * Press articles and magazine issues as the office edits them (/admin/press) and the public pages
 * show them (/press/coverage, /press/magazine and their /hi/ twins): their JSON, and the one schema
 * of each, read by the admin screen and the function alike. Words are in English, Hindi or both (a
 * title in one language at least); each shows in the language it was written in on both sites.
 * Covers and PDFs are staff files (src/lib/staff-files.ts), uploaded first and named by upload id.
 * The samples the repository ships (starting-content/press/) are listed with the school's entries,
 * marked `sample`, until the office removes them or saves one as its own.
 */
import { z } from '../../lib/zod.ts';
import { Rules, text, validate, type Result } from '../../lib/forms/validate.ts';
import { dateInIndia, isCalendarDate } from '../../lib/dates.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { CONTROL_CODE, CONTROL_TEXT, hasControlCharacters, visibleText } from '../../lib/visible-text.ts';

/** Words in one or both languages ('' where not written). */
export interface Bilingual {
  en: string;
  hi: string;
}

export interface Picture {
  url: string;
  width: number | null;
  height: number | null;
}

export interface PressArticle {
  _id: string;
  /** The newspaper. */
  source: string;
  title: Bilingual;
  summary: Bilingual;
  /** YYYY-MM-DD: the day it was printed. */
  publishedOn: string;
  cover: Picture | null;
  /** What the cover shows, for visitors who cannot see it. */
  coverAlt: Bilingual;
  /** The clipping as a PDF, when the office added one. */
  pdf: string | null;
  /** Shipped with the repository (starting-content/press/), not the school's own: its `_id` is `sample-<key>`. */
  sample: boolean;
  /** Null for a sample. */
  createdAt: string | null;
  updatedAt: string | null;
}

export interface MagazineIssue {
  _id: string;
  title: Bilingual;
  description: Bilingual;
  /** YYYY-MM: the issue's month. */
  month: string;
  cover: Picture | null;
  pdf: string | null;
  sample: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export const PRESS_LIMITS = { source: 100, title: 200, summary: 600, alt: 200 } as const;

export const PRESS_TEXTS = {
  title: 'Write the title in English, Hindi or both.',
  source: 'Write the name of the newspaper.',
  summary: `Write the summary in at most ${PRESS_LIMITS.summary} characters.`,
  tooLong: `Write the title, newspaper and picture description in at most ${PRESS_LIMITS.title} characters each.`,
  publishedOn: 'Enter the day it was printed (not in the future).',
  month: 'Enter the month of the issue (not in the future).',
  coverAlt: 'Describe the picture in a few words (English, Hindi or both), for visitors who cannot see it.',
  cover: 'Choose a cover picture (JPEG, PNG or WebP).',
  pdf: "Choose the issue's PDF.",
  coverUnreadable: 'This picture cannot be read. Save it again as JPEG or PNG and upload it again.',
  control: CONTROL_TEXT,
  notFound: 'Press article not found',
  issueNotFound: 'Magazine issue not found',
  sampleGone: 'This sample was already removed or saved as your own. Reload the page.',
} as const;

const bilingualSchema = z.optional(
  z.nullable(z.object({ en: z.optional(z.nullable(z.string())), hi: z.optional(z.nullable(z.string())) })),
);
const uploadId = z.optional(z.nullable(z.string()));

/** Words in each language, trimmed; words that show nothing (spaces, invisible characters) are none. */
const bilingual = (value: { en?: string | null; hi?: string | null } | null | undefined): Bilingual => ({
  en: visibleText(value?.en ?? ''),
  hi: visibleText(value?.hi ?? ''),
});
const blank = (b: Bilingual) => !b.en && !b.hi;
const longer = (b: Bilingual, max: number) => b.en.length > max || b.hi.length > max;
/** Whether a text (either language of it) holds a control character; `lines`: a text of several lines, which keeps tabs and line breaks. */
const controls = (value: Bilingual | string, lines = false) =>
  (typeof value === 'string' ? [value] : [value.en, value.hi]).some((text) => hasControlCharacters(text, lines));

/** A month YYYY-MM that has begun. */
const isPastMonth = (value: string) =>
  /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= '2000-01' && value <= dateInIndia().slice(0, 7);

const articleShape = z.object({
  source: text(),
  title: bilingualSchema,
  summary: bilingualSchema,
  publishedOn: text(),
  coverAlt: bilingualSchema,
  coverUploadId: uploadId,
  pdfUploadId: uploadId,
  removePdf: z.optional(z.nullable(z.boolean())),
});

export interface ArticleInput {
  source: string;
  title: Bilingual;
  summary: Bilingual;
  publishedOn: string;
  coverAlt: Bilingual;
  /** A new cover (required when the article is new). */
  coverUploadId: string | null;
  /** A new PDF of the clipping. */
  pdfUploadId: string | null;
  removePdf: boolean;
}

/** POST (isNew) and PUT /v1/api/press: checked in the screen's order, the first failing rule is the answer. */
export function validateArticle(input: unknown, isNew: boolean): Result<ArticleInput> {
  const schema = articleShape.check(
    z.superRefine((v: z.output<typeof articleShape>, ctx) => {
      const rules = new Rules(ctx);
      const title = bilingual(v.title);
      const summary = bilingual(v.summary);
      const alt = bilingual(v.coverAlt);
      rules.check(PRESS_TEXTS.title, () => (blank(title) ? ['title'] : []));
      rules.check(PRESS_TEXTS.source, () => (visibleText(v.source) ? [] : ['source']));
      rules.check(
        PRESS_TEXTS.control,
        () => [
          ...(controls(title) ? ['title'] : []),
          ...(controls(v.source) ? ['source'] : []),
          ...(controls(summary, true) ? ['summary'] : []),
          ...(controls(alt) ? ['coverAlt'] : []),
        ],
        CONTROL_CODE,
      );
      rules.check(PRESS_TEXTS.tooLong, () => [
        ...(longer(title, PRESS_LIMITS.title) ? ['title'] : []),
        ...(v.source.length > PRESS_LIMITS.source ? ['source'] : []),
        ...(longer(alt, PRESS_LIMITS.alt) ? ['coverAlt'] : []),
      ]);
      rules.check(PRESS_TEXTS.summary, () => (longer(summary, PRESS_LIMITS.summary) ? ['summary'] : []));
      rules.check(PRESS_TEXTS.publishedOn, () =>
        isCalendarDate(v.publishedOn) && v.publishedOn >= '2000-01-01' && v.publishedOn <= dateInIndia()
          ? []
          : ['publishedOn'],
      );
      rules.check(PRESS_TEXTS.coverAlt, () => (blank(alt) ? ['coverAlt'] : []));
      rules.check(PRESS_TEXTS.cover, () => (isNew && !v.coverUploadId ? ['coverUploadId'] : []));
    }),
  );
  const result = validate(schema, input);
  if (!result.ok) return result;
  const v = result.data;
  return {
    ok: true,
    data: {
      source: v.source,
      title: bilingual(v.title),
      summary: bilingual(v.summary),
      publishedOn: v.publishedOn,
      coverAlt: bilingual(v.coverAlt),
      coverUploadId: v.coverUploadId || null,
      pdfUploadId: v.pdfUploadId || null,
      removePdf: v.removePdf === true,
    },
  };
}

const issueShape = z.object({
  title: bilingualSchema,
  description: bilingualSchema,
  month: text(),
  coverUploadId: uploadId,
  pdfUploadId: uploadId,
});

export interface IssueInput {
  title: Bilingual;
  description: Bilingual;
  month: string;
  coverUploadId: string | null;
  pdfUploadId: string | null;
}

/** POST (isNew) and PUT /v1/api/magazine. */
export function validateIssue(input: unknown, isNew: boolean): Result<IssueInput> {
  const schema = issueShape.check(
    z.superRefine((v: z.output<typeof issueShape>, ctx) => {
      const rules = new Rules(ctx);
      const title = bilingual(v.title);
      const description = bilingual(v.description);
      rules.check(PRESS_TEXTS.title, () => (blank(title) ? ['title'] : []));
      rules.check(
        PRESS_TEXTS.control,
        () => [...(controls(title) ? ['title'] : []), ...(controls(description, true) ? ['description'] : [])],
        CONTROL_CODE,
      );
      rules.check(PRESS_TEXTS.tooLong, () => (longer(title, PRESS_LIMITS.title) ? ['title'] : []));
      rules.check(PRESS_TEXTS.summary, () => (longer(description, PRESS_LIMITS.summary) ? ['description'] : []));
      rules.check(PRESS_TEXTS.month, () => (isPastMonth(v.month) ? [] : ['month']));
      rules.check(PRESS_TEXTS.cover, () => (isNew && !v.coverUploadId ? ['coverUploadId'] : []));
      rules.check(PRESS_TEXTS.pdf, () => (isNew && !v.pdfUploadId ? ['pdfUploadId'] : []));
    }),
  );
  const result = validate(schema, input);
  if (!result.ok) return result;
  const v = result.data;
  return {
    ok: true,
    data: {
      title: bilingual(v.title),
      description: bilingual(v.description),
      month: v.month,
      coverUploadId: v.coverUploadId || null,
      pdfUploadId: v.pdfUploadId || null,
    },
  };
}

/** The words to show of a bilingual text on a page in `lang`: its own language's, else the other's (with that language). */
export function textsFor(lang: Language, value: Bilingual): { text: string; lang: Language } {
  const other: Language = lang === 'en' ? 'hi' : 'en';
  return value[lang] ? { text: value[lang], lang } : { text: value[other], lang: other };
}

/** The `_id` of a sample: its key in starting-content/press/press.json after this prefix. */
export const SAMPLE_ID_PREFIX = 'sample-';
