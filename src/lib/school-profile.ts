/**
 * The school's profile: its name and address in both languages, CBSE numbers, principal, phones,
 * e-mail, social links and map position: its shape and how pages and documents read it. Its one
 * schema, used by the principal's screen (/admin/school) and the school function alike, is
 * src/features/school/profile-schema.ts.
 *
 * Everything that names the school reads it: pages, PDFs, receipts, letters. A fact the school has
 * not set is null (or an empty list) and left out of every document; until the principal first saves
 * the profile, the starting facts (starting-content/school.json, through src/config/site.ts) stand
 * in, and they give no phone, e-mail or affiliation number: none is printed before the school's own.
 * Phones are kept as the school writes them, each with its E.164 form for links (./school-phone.ts).
 */
import { site, type SocialLink } from '../config/site.ts';
import type { Language } from './i18n/languages.ts';
import { e164Of, telHref } from './school-phone.ts';
import { ALL_CLASSES, inClassOrder, type SchoolClass } from './classes.ts';
import { startingPrefix, setPrefixInUse } from './record-numbers.ts';

export type SocialIcon = SocialLink['icon'];
export const SOCIAL_ICONS = ['whatsapp', 'facebook', 'instagram', 'linkedin'] as const satisfies readonly SocialIcon[];
/** How a social link is named on the page: by its network. */
export const SOCIAL_NAMES: Record<SocialIcon, string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

export interface MapPosition {
  latitude: number;
  longitude: number;
  zoom: number;
}

export interface SchoolProfile {
  name: { en: string; hi: string };
  address: { en: string; hi: string };
  /** The short name in English (site header, page titles); Hindi pages show `shortNameHi` when set. */
  shortName: string;
  shortNameHi: string | null;
  affiliationNumber: string | null;
  schoolCode: string | null;
  /** The letters every new application reference and receipt number starts with (REFERENCE_PREFIX_PATTERN). */
  referencePrefix: string;
  principalName: string | null;
  principalQualification: string | null;
  /** As the school writes them ('05735-222345', '98765 43210'), the office's first. */
  phones: string[];
  /** Each phone's E.164 form ('+915735222345'), in the same order: what a `tel:` link dials. */
  phonesE164: string[];
  email: string | null;
  socialLinks: { icon: SocialIcon; url: string }[];
  map: MapPosition | null;
  /**
   * The classes the school offers, in the school's order (never none): its admission forms, the
   * enquiry, seats and fees list these, and an application for another is refused.
   */
  classes: SchoolClass[];
  /** When the principal last saved it; null while the defaults stand in. */
  updatedAt: string | null;
}

/** The cache tag of every served page that shows the profile: a saved profile purges it. */
export const SCHOOL_TAG = 'school';

/** A value written as a stand-in in the starting facts (X's for digits, the word placeholder): not a fact. */
export const isPlaceholderValue = (value: string) => /X{2,}|placeholder/i.test(value);
const unlessPlaceholder = (value: string) => (value && !isPlaceholderValue(value) ? value : null);

/** Phones as written and their E.164 forms; a number that is not one is left out. */
export function phonesOf(written: readonly string[]): Pick<SchoolProfile, 'phones' | 'phonesE164'> {
  const read = written.flatMap((text) => {
    const e164 = e164Of(text);
    return e164 ? [{ text: text.trim(), e164 }] : [];
  });
  return { phones: read.map((p) => p.text), phonesE164: read.map((p) => p.e164) };
}

/** The classes a list names in the school's order; all of them when it names none (a school offers some). */
export function offeredClassesOf(list: readonly unknown[] | null | undefined): SchoolClass[] {
  const classes = inClassOrder(list ?? []);
  return classes.length ? classes : [...ALL_CLASSES];
}

/** Whether the school offers the class `label` (P.N.C, N.C, K.G, 1 to 12). */
export const offersClass = (profile: SchoolProfile, label: string) =>
  (profile.classes as readonly string[]).includes(label);

/** The profile before the principal saves one: the starting facts, without any stand-in. */
export function defaultProfile(): SchoolProfile {
  const c = site.starting;
  return {
    name: { ...c.name },
    address: { ...c.address },
    shortName: c.shortName.en,
    shortNameHi: unlessPlaceholder(c.shortName.hi ?? ''),
    affiliationNumber: unlessPlaceholder(c.affiliationNumber ?? ''),
    schoolCode: unlessPlaceholder(c.schoolCode ?? ''),
    referencePrefix: startingPrefix(),
    principalName: unlessPlaceholder(c.principalName ?? ''),
    principalQualification: unlessPlaceholder(c.principalQualification ?? ''),
    ...phonesOf(c.phones.filter((p) => !isPlaceholderValue(p))),
    email: unlessPlaceholder(c.email ?? ''),
    socialLinks: c.socialLinks.map(({ icon, url }) => ({ icon, url })),
    map: c.map && { ...c.map },
    classes: offeredClassesOf(c.classes),
    updatedAt: null,
  };
}

// ---------------------------------------------------------------------------------------------
// A check's result as the API answers it (src/features/school/profile-schema.ts, and the disclosure's schema)

export type Checked<T> = { ok: true; data: T } | { ok: false; error: string; fields: Record<string, string> };

/** A zod result as the API answers a refusal: the first message, and each field's first message by its dotted path. */
export function checked<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): Checked<T> {
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return { ok: false, error: result.error.issues[0]?.message ?? 'Please fill in all required fields.', fields };
}

// ---------------------------------------------------------------------------------------------
// Reading it

export const schoolName = (profile: SchoolProfile, language: Language) => profile.name[language] || profile.name.en;
export const schoolAddress = (profile: SchoolProfile, language: Language) =>
  profile.address[language] || profile.address.en;
/** The short name a page of `language` shows: the Hindi one on Hindi pages, once the school has set it. */
export const schoolShortName = (profile: SchoolProfile, language: Language) =>
  (language === 'hi' && profile.shortNameHi) || profile.shortName;
/** The office's number as the school writes it: the first phone, or '' when none is set. */
export const officePhone = (profile: SchoolProfile) => profile.phones[0] ?? '';

export interface PhoneLink {
  /** As the school writes it. */
  number: string;
  /** `tel:` and its E.164 form. */
  href: string;
}

/** Every printed or linked phone of the school: its text and the `tel:` link that dials it. */
export const phoneLinks = (profile: SchoolProfile): PhoneLink[] =>
  profile.phones.map((number, i) => ({
    number,
    href: telHref(profile.phonesE164[i] ?? e164Of(number) ?? number.replace(/[^\d+]/g, '')),
  }));

/** The office's phone as a link, or undefined when none is set. */
export const officePhoneLink = (profile: SchoolProfile): PhoneLink | undefined => phoneLinks(profile)[0];

/**
 * Each network's link as a page shows it, every network in a fixed order, unset ones with a null
 * `url`: the footer keeps a place for each (hidden while unset), so a link set or cleared later is
 * shown or hidden in place, on built pages by the site script too.
 */
export const socialLinksOf = (profile: SchoolProfile) =>
  SOCIAL_ICONS.map((icon) => ({
    icon,
    name: SOCIAL_NAMES[icon],
    url: profile.socialLinks.find((link) => link.icon === icon)?.url ?? null,
  }));

/**
 * The school's facts as schema.org structured data in `language` (the home page's School): what the
 * school has not set is left out; phones in E.164, the social links as `sameAs`.
 */
export function schoolStructuredData(profile: SchoolProfile, language: Language) {
  return {
    name: schoolName(profile, language),
    alternateName: schoolShortName(profile, language),
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.phones.length ? { telephone: phoneLinks(profile).map((p) => p.href.slice('tel:'.length)) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: schoolAddress(profile, language),
      addressCountry: 'IN',
      addressRegion: site.region,
    },
    ...(profile.map
      ? { geo: { '@type': 'GeoCoordinates', latitude: profile.map.latitude, longitude: profile.map.longitude } }
      : {}),
    sameAs: profile.socialLinks.map((s) => s.url),
  };
}

/** What a footer shows of the profile in `language` (src/layouts/Footer.astro and the served pages' shells). */
export function footerFacts(profile: SchoolProfile, language: Language) {
  const map = profile.map;
  const d = 0.006;
  return {
    name: schoolName(profile, language),
    address: schoolAddress(profile, language),
    shortName: schoolShortName(profile, language),
    phones: phoneLinks(profile),
    email: profile.email,
    social: socialLinksOf(profile),
    map: map && {
      embed: `https://www.openstreetmap.org/export/embed.html?bbox=${map.longitude - d}%2C${map.latitude - d}%2C${map.longitude + d}%2C${map.latitude + d}&layer=mapnik&marker=${map.latitude}%2C${map.longitude}`,
      link: `https://www.openstreetmap.org/?mlat=${map.latitude}&mlon=${map.longitude}#map=${map.zoom}/${map.latitude}/${map.longitude}`,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The profile in use by code that cannot wait for the database (letters, messages built inside a
// transaction, the parents' islands): the defaults, until a function has read the stored profile
// (src/features/school/school.server.ts keeps it current, at most a short while old).

let inUse: SchoolProfile = defaultProfile();
setPrefixInUse(inUse.referencePrefix);

export const schoolInUse = (): SchoolProfile => inUse;
export function putSchoolInUse(profile: SchoolProfile): void {
  inUse = profile;
  setPrefixInUse(profile.referencePrefix);
}
