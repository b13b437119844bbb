/**
 * The enquiry pop-up of a page a function draws (the home page's shell, built with every class)
 * made to offer only the classes the school offers now: the class select's other choices go, and
 * the island's props (`data-props`) carry the same list, so React takes over the very HTML it would
 * draw (EnquiryPopup.tsx). Server code: the drawn page goes through it in src/features/site/public-page.server.ts.
 */
import { ALL_CLASSES } from '../../lib/classes.ts';
import { escapeHtml } from '../../server/escape-html.ts';

const SELECT = /(<select\b[^>]*\sname="admissionClass"[^>]*>)([\s\S]*?)(<\/select>)/;
const OPTION = /<option\b[^>]*\svalue="([^"]*)"[^>]*>[\s\S]*?<\/option>/g;
const PROPS = /(<div data-enquiry-popup data-props=")([^"]*)(")/;
const ENTITIES: Record<string, string> = { '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const unescape = (text: string) => text.replace(/&(?:quot|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity]!);

export function withOfferedEnquiry(page: string, offered: readonly string[]): string {
  if (!page.includes('data-enquiry-popup') || ALL_CLASSES.every((c) => offered.includes(c))) return page;
  return page
    .replace(
      SELECT,
      (_, open: string, options: string, close: string) =>
        open +
        options.replace(OPTION, (option, value: string) => (value === '' || offered.includes(value) ? option : '')) +
        close,
    )
    .replace(
      PROPS,
      (_, open: string, json: string, close: string) =>
        `${open}${escapeHtml(JSON.stringify({ ...JSON.parse(unescape(json)), classes: offered }))}${close}`,
    );
}
