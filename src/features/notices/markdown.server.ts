/**
 * The office's Markdown, made into HTML that is safe to put in a page: `marked` renders it, then
 * `sanitize-html` keeps only an allow-list (paragraphs, line breaks, lists, bold, italics, links
 * to http, https, mailto and tel, each with rel="noopener"). HTML typed into the text is shown as
 * the text it is (marked's HTML tokens are escaped), so a script or an onerror attribute never
 * reaches a page; the sanitiser is the second wall, should marked ever let one through.
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../server/escape-html.ts';


const marked = new Marked({
  gfm: true,
  // The office types a line break where it wants one, as in a letter.
  breaks: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // A heading is a bold line: a notice's own title is the page's heading.
    heading({ tokens }: Tokens.Heading) {
      return `<p><strong>${this.parser.parseInline(tokens)}</strong></p>\n`;
    },
  },
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'a'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }),
    b: 'strong',
    i: 'em',
  },
  // Whatever else there is keeps its words and loses its tag (a table's cells, a quote's lines).
  disallowedTagsMode: 'discard',
};

/** HTML cut down to the allow-list (what marked made; the second wall). */
export const sanitizeNoticeHtml = (html: string) => sanitizeHtml(html, ALLOWED).trim();

/** The office's Markdown as sanitised HTML. */
export const renderNotice = (markdown: string) => sanitizeNoticeHtml(marked.parse(markdown, { async: false }));

const decodeBasic = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The notice's words without markup, on one line (a page's description, a list's excerpt). */
export function noticeText(markdown: string): string {
  // sanitize-html escapes only &, <, > and " in text, so undoing those four gives the text back.
  const text = sanitizeHtml(marked.parse(markdown, { async: false }), { allowedTags: [], allowedAttributes: {} });
  return decodeBasic(text).replace(/\s+/g, ' ').trim();
}

/** At most `max` characters of `text`, cut at a word with an ellipsis. */
export function excerpt(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
