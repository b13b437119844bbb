/**
 * The school's facts on a static page follow its profile without a new build. The HTML carries them
 * as the build read them, each marked `data-school="<fact>"` (the footer, the navigation's name,
 * src/features/school/SchoolContact.astro), under the save it read (`data-school-version`). The
 * site script asks `GET /v1/api/school` (Netlify's CDN keeps it at most a minute; a save purges it)
 * and, when the profile was saved since, writes the facts in again. Islands read the contact from
 * the page (./school-contact.ts). Pages a function serves carry the live facts in their HTML
 * (src/features/school/live-footer.ts), so nothing changes there.
 */
import type { Language } from './i18n/languages.ts';

/** What of the profile the pages show (the public answer of GET /v1/api/school has more). */
export interface ShownProfile {
  name: Record<Language, string>;
  shortName: string;
  shortNameHi: string | null;
  address: Record<Language, string>;
  /** As the school writes them, each with its E.164 form (what a link dials). */
  phones: string[];
  phonesE164: string[];
  email: string | null;
  socialLinks: { icon: string; url: string }[];
  updatedAt: string | null;
}

const marked = (fact: string) => document.querySelector<HTMLElement>(`[data-school="${fact}"]`);

/** A phone link as the footer draws it: the number as the school writes it, dialling its E.164 form. */
function phoneLink(number: string, e164 = ''): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = `tel:${e164}`;
  a.textContent = number;
  return a;
}

/**
 * Writes `profile` into every marked fact of the page, in the page's language, unless the page
 * already shows that save. A fact the school has not set hides its line (`data-school-line`), as the
 * build leaves it out; the tab's title follows a new name.
 */
export function showSchoolFacts(profile: ShownProfile): void {
  if (
    profile.updatedAt === (document.querySelector<HTMLElement>('[data-school-version]')?.dataset.schoolVersion || null)
  )
    return;
  const lang: Language = document.documentElement.lang.startsWith('hi') ? 'hi' : 'en';
  const facts: Record<string, string> = {
    name: profile.name[lang] || profile.name.en,
    'short-name': (lang === 'hi' && profile.shortNameHi) || profile.shortName,
    address: profile.address[lang] || profile.address.en,
    phone: profile.phones[0] ?? '',
    tel: profile.phonesE164[0] ?? '',
    email: profile.email ?? '',
  };
  const renamed = ['name', 'short-name'].map((fact) => [marked(fact)?.textContent, facts[fact]!] as const);
  for (const el of document.querySelectorAll<HTMLElement>('[data-school]')) {
    const fact = el.dataset.school!;
    const line = el.closest<HTMLElement>('[data-school-line]') ?? el;
    if (fact === 'phones') {
      el.replaceChildren(
        ...profile.phones.flatMap((number, i) => [...(i ? [', '] : []), phoneLink(number, profile.phonesE164[i])]),
      );
      line.hidden = !profile.phones.length;
    } else if (fact === 'social') {
      // Each network keeps its place (and icon): a link set shows, a link cleared goes.
      for (const li of el.querySelectorAll<HTMLElement>('[data-social]')) {
        const url = profile.socialLinks.find((link) => link.icon === li.dataset.social)?.url;
        li.hidden = !url;
        const a = li.querySelector('a')!;
        if (url) Object.assign(a, { href: url, target: '_blank', rel: 'noopener noreferrer' });
        else for (const name of ['href', 'target', 'rel']) a.removeAttribute(name);
      }
      el.hidden = !profile.socialLinks.length;
    } else if (fact in facts) {
      const value = facts[fact]!;
      // A phone or e-mail is a link once set; while unset its place is an empty span (an empty link fails WCAG's H91).
      let shown: HTMLElement = el;
      if ((fact === 'email' || fact === 'phone') && (value !== '') !== el instanceof HTMLAnchorElement) {
        shown = document.createElement(value ? 'a' : 'span');
        shown.dataset.school = fact;
        el.replaceWith(shown);
      }
      shown.textContent = value;
      (line === el ? shown : line).hidden = !value;
      if (shown instanceof HTMLAnchorElement)
        shown.href = fact === 'email' ? `mailto:${value}` : phoneLink(value, facts.tel).href;
    }
  }
  // A function's value, not a string: a name typed with `$&` or `$'` would be read as a pattern.
  for (const [was, now] of renamed)
    if (was && now && was !== now) document.title = document.title.replaceAll(was, () => now);
}
