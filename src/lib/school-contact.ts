/**
 * The office's contact as the page shows it: the footer's phones and e-mail (Footer.astro), which
 * the site script keeps to the school's live profile (./school-facts.ts). Islands read it when they
 * say "call the school office on …", so the number is the one the school set in the admin, and no
 * number at all while it has set none (the message then reads without it).
 */

export interface PhoneOnPage {
  /** As the school writes it ('05735-222345'). */
  number: string;
  /** The `tel:` link that dials it ('tel:+915735222345'). */
  href: string;
}

export interface SchoolContact {
  phones: PhoneOnPage[];
  email: string;
}

/** The footer's contact, or undefined off a page (an island drawn at build time). */
export function contactOnPage(): SchoolContact | undefined {
  if (typeof document === 'undefined' || !document.querySelector('[data-school="phones"]')) return undefined;
  const phones = [...document.querySelectorAll<HTMLAnchorElement>('[data-school="phones"] a')]
    .map((a) => ({ number: a.textContent ?? '', href: a.getAttribute('href') ?? '' }))
    .filter((phone) => phone.number);
  return { phones, email: document.querySelector('[data-school="email"]')?.textContent ?? '' };
}

/** The office's phone as a link, or undefined while the school has set none. */
export const officePhoneLinkOnPage = (): PhoneOnPage | undefined => contactOnPage()?.phones[0];

/** The office's phone as the school writes it, or '' while it has set none. */
export const officePhoneOnPage = (): string => officePhoneLinkOnPage()?.number ?? '';
