/**
 * A content page's Markdown made into HTML that is safe to put in the page, as notices' is
 * (src/server/markdown.ts). A page's text has more than a notice's: headings (a page's own heading
 * is its h1, so `#` and `##` are h2, deeper ones h3) and tables (wrapped so a wide one scrolls on a
 * phone). A link to an address of this site needs no rel; one out of it gets rel="noopener".
 */
import { makeMarkdown } from '../../server/markdown.ts';

const PAGE_MARKDOWN = makeMarkdown({ headings: 'demoted', tables: true, noopener: 'outside' });

/** The office's Markdown of a page as sanitised HTML. */
export const renderPageMarkdown = PAGE_MARKDOWN.render;
