/**
 * A notice or circular: what the API answers, and the form's one schema (zod), used by the admin
 * island (checks before sending) and by the notices function (the same checks again).
 *
 * A notice has a title and a text in English, Hindi or both, the same languages for both; the text
 * is Markdown (paragraphs, lists, bold, links), rendered and sanitised on the server
 * (markdown.server.ts). It is public from `publishOn` (an India date, which may be in the future)
 * through `expiresOn` (inclusive, optional), pinned ones first.
 */
import { z } from '../../lib/zod.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { LANGUAGES, type Language } from '../../lib/i18n/languages.ts';
import { CONTROL_CODE, CONTROL_TEXT, hasControlCharacters, visibleText } from '../../lib/visible-text.ts';
import type { StaffFileType } from '../../lib/staff-files.ts';

export const NOTICE_LIMITS = { title: 200, body: 8000 } as const;
/** A notice's JSON at its longest: both languages (Devanagari is 3 bytes a letter) with JSON's escapes. */
export const NOTICE_BODY_BYTES = 128 * 1024;

/** Words in each language the notice was written in (at least one). */
export type Localized = Partial<Record<Language, string>>;

export interface NoticeAttachment {
  id: string;
  type: StaffFileType;
  size: number;
  name: string;
  /** Where anyone may open it (a public staff file). */
  url: string;
}

/** A notice as the API answers it. */
export interface Notice {
  _id: string;
  slug: string;
  /** Its public page (English address; the Hindi one is /hi + url). */
  url: string;
  title: Localized;
  /** Markdown, as typed. */
  body: Localized;
  publishOn: string;
  expiresOn: string | null;
  pinned: boolean;
  attachment: NoticeAttachment | null;
  createdAt: string;
  updatedAt: string;
}

/** Where a notice stands on a given day, for the office's list. */
export type NoticeState = 'scheduled' | 'published' | 'expired';

export function noticeState(notice: Pick<Notice, 'publishOn' | 'expiresOn'>, today: string): NoticeState {
  if (notice.publishOn > today) return 'scheduled';
  if (notice.expiresOn && notice.expiresOn < today) return 'expired';
  return 'published';
}

/** The public page of a notice with this slug. */
export const noticePath = (slug: string) => `/notices/${slug}`;

export const NOTICE_TEXTS = {
  title: 'Write the title in English, in Hindi or in both.',
  body: 'Write the text of the notice in each language that has a title.',
  titleWithoutBody: 'This language has a title but no text: write the text, or clear the title.',
  bodyWithoutTitle: 'This language has text but no title: write the title, or clear the text.',
  titleTooLong: `A title may have at most ${NOTICE_LIMITS.title} characters.`,
  bodyTooLong: `The text may have at most ${NOTICE_LIMITS.body} characters.`,
  control: CONTROL_TEXT,
  publishOn: 'Choose the date the notice is published.',
  expiresOn: 'The expiry date must be a real date, or left empty.',
  expiresBeforePublish: 'The expiry date cannot be before the publish date.',
  pinned: 'Pinned must be true or false.',
  attachment: 'The attachment is not a file uploaded here. Upload it again.',
  notFound: 'Notice not found',
  deleted: 'Notice deleted',
} as const;
export type NoticeMessage = keyof typeof NOTICE_TEXTS;

const text = (message: string) => z.optional(z.nullable(z.string({ error: message })));
const localized = (message: string) =>
  z.optional(z.nullable(z.object({ en: text(message), hi: text(message) }, { error: message })));

const date = (message: string) => z.string({ error: message });

const shape = z.object({
  title: localized(NOTICE_TEXTS.title),
  body: localized(NOTICE_TEXTS.body),
  publishOn: date(NOTICE_TEXTS.publishOn),
  expiresOn: z.optional(z.nullable(z.string({ error: NOTICE_TEXTS.expiresOn }))),
  pinned: z.optional(z.boolean({ error: NOTICE_TEXTS.pinned })),
  // A new upload's id; null takes the attachment off; left out keeps it (on an edit).
  attachmentUploadId: z.optional(z.nullable(z.string({ error: NOTICE_TEXTS.attachment }))),
});

/** A notice as the office sends it, cleaned: each language's words trimmed, empty ones left out. */
export interface NoticeInput {
  title: Localized;
  body: Localized;
  publishOn: string;
  expiresOn: string | null;
  pinned: boolean;
  /** undefined: keep what there is; null: no attachment; a string: this new upload. */
  attachmentUploadId: string | null | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cleaned(words: { en?: string | null; hi?: string | null } | null | undefined): Localized {
  const out: Localized = {};
  for (const language of LANGUAGES) {
    // Words that show nothing (spaces, zero-width or other invisible characters) are no words.
    const value = visibleText(words?.[language] ?? '');
    if (value) out[language] = value.replace(/\r\n?/g, '\n');
  }
  return out;
}

/** The notice schema: the shape, then the rules in the form's order; each issue's path is its field ('title.en'). */
export const noticeSchema = z.pipe(
  shape,
  z.transform((input: z.output<typeof shape>, ctx): NoticeInput => {
    const title = cleaned(input.title);
    const body = cleaned(input.body);
    const issue = (path: string, key: NoticeMessage) =>
      ctx.issues.push({ code: 'custom', path: [path], message: NOTICE_TEXTS[key], input, params: { key } });
    if (!Object.keys(title).length && !Object.keys(body).length) {
      issue('title', 'title');
    }
    for (const language of LANGUAGES) {
      const t = title[language];
      const b = body[language];
      if (t && !b) issue(`body.${language}`, 'titleWithoutBody');
      if (b && !t) issue(`title.${language}`, 'bodyWithoutTitle');
      // A title is one line; the text keeps its tabs and line breaks.
      if (t && hasControlCharacters(t)) issue(`title.${language}`, 'control');
      if (b && hasControlCharacters(b, true)) issue(`body.${language}`, 'control');
      if (t && t.length > NOTICE_LIMITS.title) issue(`title.${language}`, 'titleTooLong');
      if (b && b.length > NOTICE_LIMITS.body) issue(`body.${language}`, 'bodyTooLong');
    }
    if (!isCalendarDate(input.publishOn)) issue('publishOn', 'publishOn');
    const expiresOn = input.expiresOn?.trim() || null;
    if (expiresOn && !isCalendarDate(expiresOn)) issue('expiresOn', 'expiresOn');
    else if (expiresOn && isCalendarDate(input.publishOn) && expiresOn < input.publishOn)
      issue('expiresOn', 'expiresBeforePublish');
    const upload = input.attachmentUploadId;
    if (typeof upload === 'string' && !UUID.test(upload)) issue('attachmentUploadId', 'attachment');
    return {
      title,
      body,
      publishOn: input.publishOn,
      expiresOn,
      pinned: input.pinned ?? false,
      attachmentUploadId: upload,
    };
  }),
);

export type NoticeValidation =
  | { ok: true; data: NoticeInput }
  | { ok: false; error: string; code: string; fields: Record<string, string>; codes: Record<string, string> };

const KEY_OF = Object.fromEntries(Object.entries(NOTICE_TEXTS).map(([key, message]) => [message, key])) as Record<
  string,
  NoticeMessage
>;

/** A message's code: `notice.<key>`, but the control-character rule's is the one all texts share. */
export const noticeCode = (key: NoticeMessage | undefined) =>
  key === 'control' ? CONTROL_CODE : `notice.${key ?? 'invalid'}`;

/** Validates a notice: the cleaned values, or the first message and a message (and code) per field. */
export function validateNotice(input: unknown): NoticeValidation {
  const result = noticeSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  const codes: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'notice';
    // A wrong type inside a language object names the object's field (title.en), which is fine as it is.
    fields[path] ??= issue.message;
    codes[path] ??= noticeCode(KEY_OF[issue.message]);
  }
  const first = result.error.issues[0];
  const error = first?.message ?? NOTICE_TEXTS.title;
  return { ok: false, error, code: noticeCode(KEY_OF[error]), fields, codes };
}

/** A preview's input: the text in each language, as the form has it (nothing else is needed to draw it). */
const previewShape = z.object({ body: localized(NOTICE_TEXTS.body) });

/** The text to preview, cleaned like a notice's; else the message saying why not (no text, not text, too long). */
export function previewInput(input: unknown): { body: Localized } | { error: NoticeMessage } {
  const result = previewShape.safeParse(input);
  if (!result.success) return { error: 'body' };
  const body = cleaned(result.data.body);
  if (!Object.keys(body).length) return { error: 'body' };
  const texts = Object.values(body);
  if (texts.some((text) => hasControlCharacters(text, true))) return { error: 'control' };
  return texts.some((text) => text.length > NOTICE_LIMITS.body) ? { error: 'bodyTooLong' } : { body };
}

/** The words of a notice to show on a page in `language`: that language's, else the other (marked with its own lang). */
export function textsFor(
  notice: Pick<Notice, 'title' | 'body'>,
  language: Language,
): { language: Language; title: string; body: string } {
  const own =
    notice.title[language] && notice.body[language]
      ? language
      : (LANGUAGES.find((l) => notice.title[l] && notice.body[l]) ?? language);
  return { language: own, title: notice.title[own] ?? '', body: notice.body[own] ?? '' };
}

/** A readable address for a notice: its publish date and up to eight words of its English title ('2026-11-26-winter-holidays'). */
export function noticeSlug(publishOn: string, title: Localized): string {
  const words = (title.en ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  return [publishOn, ...(words.length ? words : ['notice'])].join('-').slice(0, 80).replace(/-+$/, '');
}

/** A slug as a public page may be asked for (so odd paths are refused before the database). */
export const isNoticeSlug = (value: string) => /^\d{4}-\d{2}-\d{2}(-[a-z0-9]+)+$/.test(value) && value.length <= 90;
