/**
 * The footer of a page a function serves (src/features/site/public-page.server.ts) with the school's profile as it
 * is now, not as the build read it: the shell's values marked `data-school` (Footer.astro, and the
 * navigation's short name) get the live name, short name, address, phones, e-mail and social links,
 * and a line whose fact is unset is hidden (the footer has every line, and a place for each social
 * network, hidden while unset, so a fact set later has its place).
 */
import type { Language } from '../../lib/i18n/languages.ts';
import { footerFacts, type SchoolProfile } from '../../lib/school-profile.ts';
import { escapeHtml as escape } from '../../server/escape-html.ts';

/** An element marked data-school="<what>" holding text or links only (no element of its own kind inside). */
const MARKED = /(<(h2|span)\b[^>]*\sdata-school="(name|short-name|address|phones)"[^>]*>)[\s\S]*?(<\/\2>)/g;
/** The e-mail's place: a link, or while unset an empty span (an empty link fails WCAG's H91 check). */
const EMAIL = /<(a|span)\b[^>]*\sdata-school="email"[^>]*>[\s\S]*?<\/\1>/g;
/** A footer line (Footer.astro): hidden while its fact is unset. */
const LINE = /<p\b([^>]*\sdata-school-line)(?:\shidden(?:="")?)?([^>]*)>([\s\S]*?)<\/p>/g;
const EMPTY_FACT = /\sdata-school="[^"]+"[^>]*><\//;
/** The save of the profile the footer shows: the site script fills in a later one. */
const VERSION = /\sdata-school-version(?:="[^"]*")?/;
/** The social links' list, and each network's place in it with its link's opening tag. */
const SOCIAL_LIST = /<ul\b([^>]*\sdata-school="social")(?:\shidden(?:="")?)?([^>]*)>/g;
const SOCIAL_LINK = /<li\b[^>]*\sdata-social="(\w+)"[^>]*>(\s*)<a\b([^>]*)>/g;
const HREF = /\shref="[^"]*"/;
const LINK_ONLY = /\s(?:target|rel)="[^"]*"/g;

export function withSchoolFooter(page: string, profile: SchoolProfile, lang: Language): string {
  const facts = footerFacts(profile, lang);
  const inner: Record<string, string> = {
    name: escape(facts.name),
    'short-name': escape(facts.shortName),
    address: escape(facts.address),
    phones: facts.phones.map((p) => `<a href="${escape(p.href)}">${escape(p.number)}</a>`).join(', '),
  };
  const email = escape(facts.email ?? '');
  const links = new Map(facts.social.map((link) => [link.icon as string, link.url]));
  return page
    .replace(MARKED, (_, open: string, _tag: string, what: string, close: string) => `${open}${inner[what]}${close}`)
    .replace(EMAIL, () =>
      email ? `<a href="mailto:${email}" data-school="email">${email}</a>` : '<span data-school="email"></span>',
    )
    .replace(VERSION, () => ` data-school-version="${escape(profile.updatedAt ?? '')}"`)
    .replace(
      LINE,
      (_, open: string, rest: string, content: string) =>
        `<p${open}${EMPTY_FACT.test(content) ? ' hidden' : ''}${rest}>${content}</p>`,
    )
    .replace(
      SOCIAL_LIST,
      (_, open: string, rest: string) => `<ul${open}${facts.social.some((link) => link.url) ? '' : ' hidden'}${rest}>`,
    )
    .replace(SOCIAL_LINK, (_, icon: string, space: string, attributes: string) => {
      const url = links.get(icon);
      // A placeholder anchor (no link set) may carry none of a link's attributes.
      const rest = attributes.replace(HREF, '').replace(LINK_ONLY, '');
      return `<li data-social="${icon}"${url ? '' : ' hidden'}>${space}<a${url ? ` href="${escape(url)}" target="_blank" rel="noopener noreferrer"` : ''}${rest}>`;
    });
}
