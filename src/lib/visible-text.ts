/**
 * Whether a text the office writes for others to read (a reason, a note) shows anything: spaces,
 * line breaks, control characters and invisible format characters (zero-width spaces and joiners,
 * direction marks, the byte-order mark, blank "filler" letters) alone are no text. The server's
 * check (bodyText in src/server/workflow-moves.ts) and the admin forms' use this one rule.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u2800\u3164\uFFA0]/gu;

export const hasVisibleText = (value: string) => value.replace(INVISIBLE, '').length > 0;

/** `value` trimmed, or '' when it shows nothing. */
export const visibleText = (value: string) => (hasVisibleText(value) ? value.trim() : '');

/** What an admin form says when a required text shows nothing. */
export const NOTHING_VISIBLE = 'Please write it in words: spaces or invisible characters alone are not enough.';
