/**
 * The footer of a page a function serves (src/server/public-page.ts) with the school's profile as it
 * is now, not as the build read it: the shell's values marked `data-school` (Footer.astro) get the
 * live name, address, phones and e-mail. What the build left out (no e-mail then) stays out until
 * the next build, which a saved profile starts (BUILD_HOOK_URL).
 */
import type { Language } from '../../lib/i18n/languages.ts';
import { footerFacts, type SchoolProfile } from './profile.ts';
import { escapeHtml as escape } from '../../server/escape-html.ts';


/** An element marked data-school="<what>" holding text or links only (no element of its own kind inside). */
const MARKED = /(<(h2|span)\b[^>]*\sdata-school="(name|address|phones)"[^>]*>)[\s\S]*?(<\/\2>)/g;
const EMAIL = /<a\b[^>]*\sdata-school="email"[^>]*>[\s\S]*?<\/a>/g;

export function withSchoolFooter(page: string, profile: SchoolProfile, lang: Language): string {
  const facts = footerFacts(profile, lang);
  const inner: Record<string, string> = {
    name: escape(facts.name),
    address: escape(facts.address),
    phones: facts.phones.map((p) => `<a href="${escape(p.href)}">${escape(p.number)}</a>`).join(', '),
  };
  return page
    .replace(MARKED, (_, open: string, _tag: string, what: string, close: string) => `${open}${inner[what]}${close}`)
    .replace(EMAIL, () => (facts.email ? `<a href="mailto:${escape(facts.email)}" data-school="email">${escape(facts.email)}</a>` : ''));
}
