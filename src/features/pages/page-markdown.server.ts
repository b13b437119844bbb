/**
 * A content page's Markdown made into HTML that is safe to put in the page, as notices' is
 * (src/features/notices/markdown.server.ts): `marked` renders it, HTML typed into the text is shown
 * as the text it is, and `sanitize-html` keeps only an allow-list. A page's text has more than a
 * notice's: headings (a page's own heading is its h1, so `#` and `##` are h2, deeper ones h3) and
 * tables (wrapped so a wide one scrolls on a phone). Links go to http, https, mailto, tel or an
 * address of this site (an address out of it gets rel="noopener").
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../server/escape-html.ts';


const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    heading({ tokens, depth }: Tokens.Heading) {
      const tag = depth <= 2 ? 'h2' : 'h3';
      return `<${tag}>${this.parser.parseInline(tokens)}</${tag}>\n`;
    },
  },
  hooks: {
    // A table scrolls inside its own box on a narrow screen instead of widening the page.
    postprocess: (html: string) => html.replace(/<table>/g, '<div class="table-wrap"><table>').replace(/<\/table>/g, '</table></div>'),
  },
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'h2', 'h3', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'], div: ['class'], th: ['scope'] },
  allowedClasses: { div: ['table-wrap'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    // A link out of the site opens without handing it this page; one of the site's own needs nothing.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.href?.startsWith('/') ? attribs : { ...attribs, rel: 'noopener' } }),
    // A header cell heads its column.
    th: sanitizeHtml.simpleTransform('th', { scope: 'col' }),
    b: 'strong',
    i: 'em',
  },
  disallowedTagsMode: 'discard',
};

/** The office's Markdown of a page as sanitised HTML. */
export const renderPageMarkdown = (markdown: string) => sanitizeHtml(marked.parse(markdown, { async: false }), ALLOWED).trim();
