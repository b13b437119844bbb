/**
 * The school's profile: its name and address in both languages, CBSE numbers, principal, phones,
 * e-mail, social links and map position. One definition and one schema (zod), used by the
 * principal's screen (/admin/school) and by the school function (PUT /v1/api/school) alike.
 *
 * Everything that names the school reads it: pages, PDFs, receipts, letters. A fact the school has
 * not set is null and left out of every document; until the principal first saves the profile, the
 * defaults of src/config/site.ts stand in, without any value marked as a placeholder there.
 */
import { z } from '../../lib/zod.ts';
import { site, type SocialLink } from '../../config/site.ts';
import type { Language } from '../../lib/i18n/languages.ts';

export type SocialIcon = SocialLink['icon'];
export const SOCIAL_ICONS = ['whatsapp', 'facebook', 'instagram', 'linkedin'] as const satisfies readonly SocialIcon[];
/** How a social link is named on the page: by its network. */
export const SOCIAL_NAMES: Record<SocialIcon, string> = { whatsapp: 'WhatsApp', facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn' };

export interface MapPosition {
  latitude: number;
  longitude: number;
  zoom: number;
}

export interface SchoolProfile {
  name: { en: string; hi: string };
  address: { en: string; hi: string };
  shortName: string;
  affiliationNumber: string | null;
  schoolCode: string | null;
  principalName: string | null;
  principalQualification: string | null;
  /** 10-digit numbers, the office's first. */
  phones: string[];
  email: string | null;
  socialLinks: { icon: SocialIcon; url: string }[];
  map: MapPosition | null;
  /** When the principal last saved it; null while the defaults stand in. */
  updatedAt: string | null;
}

/** The cache tag of every served page that shows the profile: a saved profile purges it. */
export const SCHOOL_TAG = 'school';

export const PROFILE_LIMITS = { name: 200, address: 300, shortName: 60, number: 12, person: 120, qualification: 200, phones: 4, links: 8, url: 300 } as const;

export const PROFILE_MESSAGES = {
  required: 'Please fill in all required fields.',
  tooLong: 'Text is too long.',
  affiliationNumber: 'The affiliation number is written in digits only (CBSE gives it, e.g. 2130123). Leave it empty until you have it.',
  schoolCode: 'The school code is written in digits only (e.g. 70123). Leave it empty until you have it.',
  phone: 'A phone number has 10 digits.',
  phones: 'Give at least one phone number, at most four.',
  email: 'Enter a valid e-mail address, or leave it empty.',
  link: 'A link starts with https:// and names its network (WhatsApp, Facebook, Instagram or LinkedIn).',
  links: 'At most eight social links.',
  map: 'Latitude is from -90 to 90, longitude from -180 to 180 and zoom a whole number from 1 to 19; or leave all three empty.',
  type: 'This value has the wrong type.',
} as const;

/** A value written as a stand-in in the config (X's for digits, the word placeholder): not a fact. */
export const isPlaceholderValue = (value: string) => /X{2,}|placeholder/i.test(value);
const unlessPlaceholder = (value: string) => (value && !isPlaceholderValue(value) ? value : null);

/** The profile before the principal saves one: src/config/site.ts's facts without its placeholders. */
export function defaultProfile(): SchoolProfile {
  const c = site.contact;
  return {
    name: { en: c.name, hi: c.hindiName },
    address: { en: c.address, hi: c.hindiAddress },
    shortName: c.shortName,
    affiliationNumber: unlessPlaceholder(c.affiliationNumber),
    schoolCode: null,
    principalName: null,
    principalQualification: null,
    phones: [c.phone, c.secondPhone].filter((p) => p && !isPlaceholderValue(p)),
    email: unlessPlaceholder(c.email),
    socialLinks: c.socialMedia.map(({ icon, url }) => ({ icon, url })),
    map: { ...c.map },
    updatedAt: null,
  };
}

// ---------------------------------------------------------------------------------------------
// The form's schema

const wrongType = { error: PROFILE_MESSAGES.type };
/** Trimmed text; absent or null is ''. */
const trimmed = () => z.pipe(z.nullish(z.string(wrongType)), z.transform((v: string | null | undefined) => (v ?? '').trim()));
const required = (max: number) =>
  z.pipe(trimmed(), z.string().check(z.minLength(1, { error: PROFILE_MESSAGES.required }), z.maxLength(max, { error: PROFILE_MESSAGES.tooLong })));
/** Optional text: '' is unset (null). */
const optional = (max: number, pattern?: RegExp, message: string = PROFILE_MESSAGES.tooLong) =>
  z.pipe(
    trimmed(),
    z.pipe(
      z.string().check(
        z.maxLength(max, { error: PROFILE_MESSAGES.tooLong }),
        z.refine((v: string) => !v || !pattern || pattern.test(v), { error: message }),
      ),
      z.transform((v: string) => v || null),
    ),
  );

const bothLanguages = (max: number) => z.object({ en: required(max), hi: required(max) }, wrongType);

const phone = z.pipe(
  z.pipe(z.string(wrongType), z.transform((v: string) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))),
  z.string().check(z.regex(/^\d{10}$/, { error: PROFILE_MESSAGES.phone })),
);

const socialLink = z.object(
  {
    icon: z.enum(SOCIAL_ICONS, { error: PROFILE_MESSAGES.link }),
    url: z.pipe(
      z.pipe(z.string(wrongType), z.transform((v: string) => v.trim())),
      z.string().check(z.maxLength(PROFILE_LIMITS.url, { error: PROFILE_MESSAGES.tooLong }), z.regex(/^https:\/\/[^\s<>"']+$/, { error: PROFILE_MESSAGES.link })),
    ),
  },
  { error: PROFILE_MESSAGES.link },
);

const coordinate = (limit: number) => z.number({ error: PROFILE_MESSAGES.map }).check(z.gte(-limit, { error: PROFILE_MESSAGES.map }), z.lte(limit, { error: PROFILE_MESSAGES.map }));
const mapPosition = z.nullish(
  z.object(
    {
      latitude: coordinate(90),
      longitude: coordinate(180),
      zoom: z.number({ error: PROFILE_MESSAGES.map }).check(z.refine((n: number) => Number.isInteger(n), { error: PROFILE_MESSAGES.map }), z.gte(1, { error: PROFILE_MESSAGES.map }), z.lte(19, { error: PROFILE_MESSAGES.map })),
    },
    { error: PROFILE_MESSAGES.map },
  ),
);

/** PUT /v1/api/school's body, by the API's names. Unknown keys are dropped. */
export const profileSchema = z.object({
  name: bothLanguages(PROFILE_LIMITS.name),
  address: bothLanguages(PROFILE_LIMITS.address),
  shortName: required(PROFILE_LIMITS.shortName),
  affiliationNumber: optional(PROFILE_LIMITS.number, /^\d{4,10}$/, PROFILE_MESSAGES.affiliationNumber),
  schoolCode: optional(PROFILE_LIMITS.number, /^\d{4,10}$/, PROFILE_MESSAGES.schoolCode),
  principalName: optional(PROFILE_LIMITS.person),
  principalQualification: optional(PROFILE_LIMITS.qualification),
  phones: z.array(phone, wrongType).check(
    z.minLength(1, { error: PROFILE_MESSAGES.phones }),
    z.maxLength(PROFILE_LIMITS.phones, { error: PROFILE_MESSAGES.phones }),
  ),
  email: optional(PROFILE_LIMITS.url, /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/, PROFILE_MESSAGES.email),
  socialLinks: z.pipe(z.nullish(z.array(socialLink, wrongType)), z.transform((v: { icon: SocialIcon; url: string }[] | null | undefined) => v ?? [])).check(
    z.refine((v: unknown[]) => v.length <= PROFILE_LIMITS.links, { error: PROFILE_MESSAGES.links }),
  ),
  map: z.pipe(mapPosition, z.transform((v: MapPosition | null | undefined) => v ?? null)),
});

export type ProfileInput = Omit<SchoolProfile, 'updatedAt'>;

export type Checked<T> = { ok: true; data: T } | { ok: false; error: string; fields: Record<string, string> };

/** A zod result as the API answers a refusal: the first message, and each field's first message by its dotted path. */
export function checked<T>(result: { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }): Checked<T> {
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return { ok: false, error: result.error.issues[0]?.message ?? PROFILE_MESSAGES.required, fields };
}

export const validateProfile = (input: unknown): Checked<ProfileInput> => checked(profileSchema.safeParse(input ?? {}) as never);

// ---------------------------------------------------------------------------------------------
// Reading it

export const schoolName = (profile: SchoolProfile, language: Language) => profile.name[language] || profile.name.en;
export const schoolAddress = (profile: SchoolProfile, language: Language) => profile.address[language] || profile.address.en;
/** The office's number: the first phone, or '' when none is set. */
export const officePhone = (profile: SchoolProfile) => profile.phones[0] ?? '';

/** What a footer shows of the profile in `language` (src/components/site/Footer.astro and the served pages' shells). */
export function footerFacts(profile: SchoolProfile, language: Language) {
  const map = profile.map;
  const d = 0.006;
  return {
    name: schoolName(profile, language),
    address: schoolAddress(profile, language),
    phones: profile.phones.map((number) => ({ number, href: `tel:+91${number}` })),
    email: profile.email,
    social: profile.socialLinks.map((link) => ({ ...link, name: SOCIAL_NAMES[link.icon] })),
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

export const schoolInUse = (): SchoolProfile => inUse;
export function putSchoolInUse(profile: SchoolProfile): void {
  inUse = profile;
}
