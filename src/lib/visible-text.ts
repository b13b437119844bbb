/**
 * Whether a text the office writes for others to read (a reason, a note, a title) shows anything,
 * and whether it holds characters no text should: the server's checks (bodyText in
 * src/features/workflow-moves.server.ts, the notices', events' and press schemas) and the admin forms use
 * these same rules.
 */

/**
 * What shows nothing: white space (separators included), control characters, half a surrogate
 * pair, and every default-ignorable code point (Unicode's own list of what a renderer draws as
 * nothing: zero-width spaces and joiners, direction marks, the byte-order mark, variation
 * selectors, the combining grapheme joiner, tags, the Hangul fillers). The Braille blank is not
 * default-ignorable but is drawn as a blank cell.
 */
const INVISIBLE = /[\s\p{Z}\p{Cc}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800]/gu;

export const hasVisibleText = (value: string) => value.replace(INVISIBLE, '').length > 0;

/** `value` trimmed, or '' when it shows nothing. */
export const visibleText = (value: string) => (hasVisibleText(value) ? value.trim() : '');

/** What an admin form says when a required text shows nothing. */
export const NOTHING_VISIBLE = 'Please write it in words: spaces or invisible characters alone are not enough.';

/**
 * Characters that are no part of a written text: C0 and C1 controls and DEL, half a surrogate pair,
 * and the noncharacters. XML cannot carry most of them (a feed with one is no feed at all) and
 * iCalendar none; typed by a person they are a paste from another program. A line (a title, a name)
 * takes none; a text of several lines keeps tab, line feed and carriage return.
 */
const IN_LINE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** Whether `value` holds a character no text should (see above); `lines`: a text of several lines. */
export const hasControlCharacters = (value: string, lines = false) => (lines ? IN_TEXT : IN_LINE).test(value);

/**
 * `value` without those characters: the second wall for a feed drawn from text stored before the
 * rule (a feed with one of them cannot be read at all).
 */
export const withoutControlCharacters = (value: string, lines = false) =>
  value.replace(new RegExp((lines ? IN_TEXT : IN_LINE).source, 'gu'), '');

/** The code of the answer refusing such a text (its words in every language are the i18n tables' `text.control`). */
export const CONTROL_CODE = 'text.control';

/** What the answer says, in English (the i18n tables' `text.control`). */
export const CONTROL_TEXT =
  'This text has an invisible control character in it, usually brought along when text is copied from another program. Please type it again, or paste it as plain text.';
