/**
 * The office's contact as the page shows it: the footer's phones and e-mail (Footer.astro), which
 * the site script keeps to the school's live profile (./school-facts.ts). Islands read it when they
 * say "call the school office on …", so the number is the one the school set in the admin.
 */

export interface SchoolContact {
  phones: string[];
  email: string;
}

/** The footer's contact, or undefined off a page (an island drawn at build time). */
export function contactOnPage(): SchoolContact | undefined {
  if (typeof document === 'undefined' || !document.querySelector('[data-school="phones"]')) return undefined;
  const phones = [...document.querySelectorAll('[data-school="phones"] a')].map((a) => a.textContent ?? '').filter(Boolean);
  return { phones, email: document.querySelector('[data-school="email"]')?.textContent ?? '' };
}

/** The office's phone: the page's first, else `fallback`. */
export const officePhoneOnPage = (fallback: string): string => contactOnPage()?.phones[0] ?? fallback;
