/**
 * A notice's Markdown made into HTML that is safe to put in a page (src/server/markdown.ts):
 * paragraphs, line breaks, lists, bold, italics and links, each with rel="noopener". A heading is a
 * bold line (a notice's own title is the page's heading), and a table keeps its words only.
 */
import { makeMarkdown } from '../../server/markdown.ts';

const NOTICE_MARKDOWN = makeMarkdown({ headings: 'bold', tables: false, noopener: 'all' });

/** HTML cut down to the allow-list (what marked made; the second wall). */
export const sanitizeNoticeHtml = NOTICE_MARKDOWN.sanitize;

/** The office's Markdown as sanitised HTML. */
export const renderNotice = NOTICE_MARKDOWN.render;

/** The notice's words without markup, on one line (a page's description, a list's excerpt). */
export const noticeText = NOTICE_MARKDOWN.text;

/** At most `max` characters of `text`, cut at a word with an ellipsis. */
export function excerpt(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
