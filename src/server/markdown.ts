/**
 * The office's Markdown made into HTML that is safe to put in a page, one setup for every text the
 * office writes (notices, content pages): `marked` renders it, HTML typed into the text is shown as
 * the text it is (marked's HTML tokens are escaped), so a script or an onerror attribute never
 * reaches a page, and `sanitize-html` keeps only an allow-list, the second wall should marked ever
 * let one through. Always allowed: paragraphs, line breaks (the office types one where it wants
 * one, as in a letter), lists, bold, italics and links to http, https, mailto and tel. Whatever else
 * there is keeps its words and loses its tag (an image, a quote's lines, a table's cells where
 * tables are not kept).
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './escape-html.ts';

export interface MarkdownRules {
  /**
   * How a heading is drawn. `'bold'`: a bold line, for a text whose title is its page's only
   * heading (a notice). `'demoted'`: under a page whose own heading is its h1, `#` and `##` are h2
   * and deeper ones h3.
   */
  headings: 'bold' | 'demoted';
  /** GFM tables kept, each in a `div.table-wrap` that scrolls on a narrow screen, a header cell heading its column. */
  tables: boolean;
  /** Which links get rel="noopener": `'all'`, or `'outside'` (an address of this site, `/…`, needs none). */
  noopener: 'all' | 'outside';
}

export interface Markdown {
  /** The Markdown as sanitised HTML. */
  render: (markdown: string) => string;
  /** HTML cut down to the allow-list (what marked made; the second wall on its own). */
  sanitize: (html: string) => string;
  /** The words without markup, on one line (a page's description, a list's excerpt). */
  text: (markdown: string) => string;
}

// sanitize-html escapes only &, <, > and " in text, so undoing those four gives the text back.
const decodeBasic = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const TABLE_TAGS = ['div', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];

/** A renderer of the office's Markdown under `rules` (see MarkdownRules). */
export function makeMarkdown(rules: MarkdownRules): Markdown {
  const marked = new Marked({
    gfm: true,
    breaks: true,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      heading({ tokens, depth }: Tokens.Heading) {
        const words = this.parser.parseInline(tokens);
        if (rules.headings === 'bold') return `<p><strong>${words}</strong></p>\n`;
        const tag = depth <= 2 ? 'h2' : 'h3';
        return `<${tag}>${words}</${tag}>\n`;
      },
    },
    ...(rules.tables && {
      hooks: {
        postprocess: (html: string) =>
          html.replace(/<table>/g, '<div class="table-wrap"><table>').replace(/<\/table>/g, '</table></div>'),
      },
    }),
  });

  const allowed: sanitizeHtml.IOptions = {
    allowedTags: [
      'p',
      'br',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'a',
      ...(rules.headings === 'demoted' ? ['h2', 'h3'] : []),
      ...(rules.tables ? TABLE_TAGS : []),
    ],
    allowedAttributes: { a: ['href', 'rel'], ol: ['start'], ...(rules.tables && { div: ['class'], th: ['scope'] }) },
    ...(rules.tables && { allowedClasses: { div: ['table-wrap'] } }),
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    transformTags: {
      // A link out of the site opens without handing it this page; one of the site's own may need nothing.
      a:
        rules.noopener === 'all'
          ? sanitizeHtml.simpleTransform('a', { rel: 'noopener' })
          : (tagName, attribs) => ({
              tagName,
              attribs: attribs.href?.startsWith('/') ? attribs : { ...attribs, rel: 'noopener' },
            }),
      ...(rules.tables && { th: sanitizeHtml.simpleTransform('th', { scope: 'col' }) }),
      b: 'strong',
      i: 'em',
    },
    disallowedTagsMode: 'discard',
  };

  const toHtml = (markdown: string) => marked.parse(markdown, { async: false });
  const sanitize = (html: string) => sanitizeHtml(html, allowed).trim();
  return {
    render: (markdown) => sanitize(toHtml(markdown)),
    sanitize,
    text: (markdown) =>
      decodeBasic(sanitizeHtml(toHtml(markdown), { allowedTags: [], allowedAttributes: {} }))
        .replace(/\s+/g, ' ')
        .trim(),
  };
}
