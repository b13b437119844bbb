/**
 * The school profile's one schema (zod), used by the principal's screen (/admin/school) and by the
 * school function (PUT /v1/api/school) alike: each fact's limits, the words of a refusal, and the
 * body as the profile keeps it (./profile.ts). A phone is checked against India's numbering plan
 * (./phone-check.ts) and kept as typed beside its E.164 form.
 */
import { z } from '../../lib/zod.ts';
import { EN } from '../../lib/i18n/en.ts';
import { SCHOOL_PHONE_MAX, readSchoolPhone } from './phone-check.ts';
import { REFERENCE_PREFIX_PATTERN } from '../../lib/record-numbers.ts';
import { inClassOrder, isSchoolClass, type SchoolClass } from '../../lib/classes.ts';
import {
  SOCIAL_ICONS,
  checked,
  defaultProfile,
  type Checked,
  type MapPosition,
  type SchoolProfile,
  type SocialIcon,
} from '../../lib/school-profile.ts';

export const PROFILE_LIMITS = {
  name: 200,
  address: 300,
  shortName: 60,
  number: 12,
  person: 120,
  qualification: 200,
  phone: SCHOOL_PHONE_MAX,
  phones: 4,
  links: 8,
  url: 300,
} as const;

export const PROFILE_TEXTS = {
  required: 'Please fill in all required fields.',
  tooLong: 'Text is too long.',
  affiliationNumber:
    'The affiliation number is written in digits only (CBSE gives it, e.g. 2130123). Leave it empty until you have it.',
  schoolCode: 'The school code is written in digits only (e.g. 70123). Leave it empty until you have it.',
  referencePrefix: "The prefix is 2 to 6 capital letters (A to Z), e.g. the school's initials.",
  phone: EN['school.phone.invalid'],
  phoneForeign: EN['school.phone.foreign'],
  phones: 'At most four phone numbers.',
  email: 'Enter a valid e-mail address, or leave it empty.',
  link: 'A link starts with https:// and names its network (WhatsApp, Facebook, Instagram or LinkedIn).',
  links: 'At most eight social links.',
  classes: 'Tick the classes the school has: at least one, from P.N.C to Class 12.',
  map: 'Latitude is from -90 to 90, longitude from -180 to 180 and zoom a whole number from 1 to 19; or leave all three empty.',
  type: 'This value has the wrong type.',
} as const;

const wrongType = { error: PROFILE_TEXTS.type };
/** Trimmed text; absent or null is ''. */
const trimmed = () =>
  z.pipe(
    z.nullish(z.string(wrongType)),
    z.transform((v: string | null | undefined) => (v ?? '').trim()),
  );
const required = (max: number) =>
  z.pipe(
    trimmed(),
    z
      .string()
      .check(z.minLength(1, { error: PROFILE_TEXTS.required }), z.maxLength(max, { error: PROFILE_TEXTS.tooLong })),
  );
/** Optional text: '' is unset (null). */
const optional = (max: number, pattern?: RegExp, message: string = PROFILE_TEXTS.tooLong) =>
  z.pipe(
    trimmed(),
    z.pipe(
      z.string().check(
        z.maxLength(max, { error: PROFILE_TEXTS.tooLong }),
        z.refine((v: string) => !v || !pattern || pattern.test(v), { error: message }),
      ),
      z.transform((v: string) => v || null),
    ),
  );

const bothLanguages = (max: number) => z.object({ en: required(max), hi: required(max) }, wrongType);

type ReadPhone = { ok: true; text: string; e164: string };

/** A phone as typed: kept as written, with its E.164 form (./phone.ts); refused with words the office can act on. */
const phone = z.pipe(
  z.pipe(
    z.string(wrongType),
    z.transform((v: string) => readSchoolPhone(v)),
  ),
  z.custom<ReadPhone>((read) => (read as { ok: boolean }).ok, {
    error: (issue) =>
      (issue.input as { refusal?: string }).refusal === 'school.phone.foreign'
        ? PROFILE_TEXTS.phoneForeign
        : PROFILE_TEXTS.phone,
  }),
);

const socialLink = z.object(
  {
    icon: z.enum(SOCIAL_ICONS, { error: PROFILE_TEXTS.link }),
    url: z.pipe(
      z.pipe(
        z.string(wrongType),
        z.transform((v: string) => v.trim()),
      ),
      z
        .string()
        .check(
          z.maxLength(PROFILE_LIMITS.url, { error: PROFILE_TEXTS.tooLong }),
          z.regex(/^https:\/\/[^\s<>"']+$/, { error: PROFILE_TEXTS.link }),
        ),
    ),
  },
  { error: PROFILE_TEXTS.link },
);

const coordinate = (limit: number) =>
  z
    .number({ error: PROFILE_TEXTS.map })
    .check(z.gte(-limit, { error: PROFILE_TEXTS.map }), z.lte(limit, { error: PROFILE_TEXTS.map }));
const mapPosition = z.nullish(
  z.object(
    {
      latitude: coordinate(90),
      longitude: coordinate(180),
      zoom: z.number({ error: PROFILE_TEXTS.map }).check(
        z.refine((n: number) => Number.isInteger(n), { error: PROFILE_TEXTS.map }),
        z.gte(1, { error: PROFILE_TEXTS.map }),
        z.lte(19, { error: PROFILE_TEXTS.map }),
      ),
    },
    { error: PROFILE_TEXTS.map },
  ),
);

/** PUT /v1/api/school's body, by the API's names. Unknown keys are dropped. */
export const profileSchema = z.object({
  name: bothLanguages(PROFILE_LIMITS.name),
  address: bothLanguages(PROFILE_LIMITS.address),
  shortName: required(PROFILE_LIMITS.shortName),
  shortNameHi: optional(PROFILE_LIMITS.shortName),
  affiliationNumber: optional(PROFILE_LIMITS.number, /^\d{4,10}$/, PROFILE_TEXTS.affiliationNumber),
  schoolCode: optional(PROFILE_LIMITS.number, /^\d{4,10}$/, PROFILE_TEXTS.schoolCode),
  // Absent or empty: the starting content's prefix (an older client's body keeps working).
  referencePrefix: z.pipe(
    z.pipe(
      trimmed(),
      z.transform((v: string) => v.toUpperCase()),
    ),
    z.pipe(
      z
        .string()
        .check(
          z.refine((v: string) => !v || REFERENCE_PREFIX_PATTERN.test(v), { error: PROFILE_TEXTS.referencePrefix }),
        ),
      z.transform((v: string) => v || defaultProfile().referencePrefix),
    ),
  ),
  principalName: optional(PROFILE_LIMITS.person),
  principalQualification: optional(PROFILE_LIMITS.qualification),
  phones: z
    .pipe(
      z.nullish(z.array(phone, wrongType)),
      z.transform((v: ReadPhone[] | null | undefined) => v ?? []),
    )
    .check(z.refine((v: unknown[]) => v.length <= PROFILE_LIMITS.phones, { error: PROFILE_TEXTS.phones })),
  email: optional(PROFILE_LIMITS.url, /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/, PROFILE_TEXTS.email),
  socialLinks: z
    .pipe(
      z.nullish(z.array(socialLink, wrongType)),
      z.transform((v: { icon: SocialIcon; url: string }[] | null | undefined) => v ?? []),
    )
    .check(z.refine((v: unknown[]) => v.length <= PROFILE_LIMITS.links, { error: PROFILE_TEXTS.links })),
  map: z.pipe(
    mapPosition,
    z.transform((v: MapPosition | null | undefined) => v ?? null),
  ),
  // Absent: the classes stay as they are (an older client's body keeps working).
  classes: z.pipe(
    z.nullish(z.array(z.string(wrongType), wrongType)).check(
      z.refine((v: string[] | null | undefined) => !v || (v.length > 0 && v.every(isSchoolClass)), {
        error: PROFILE_TEXTS.classes,
      }),
    ),
    z.transform((v: string[] | null | undefined): SchoolClass[] | null => (v ? inClassOrder(v) : null)),
  ),
});

/** The profile as a save sends it; `classes` null keeps the ones it has. */
export type ProfileInput = Omit<SchoolProfile, 'updatedAt' | 'classes'> & { classes: SchoolClass[] | null };

/** The schema's output as the profile keeps it: each phone's text and E.164 form in lists of their own. */
const asProfile = (data: z.output<typeof profileSchema>): ProfileInput => {
  const { phones, ...rest } = data;
  return { ...rest, phones: phones.map((p) => p.text), phonesE164: phones.map((p) => p.e164) };
};

export function validateProfile(input: unknown): Checked<ProfileInput> {
  const result = checked(profileSchema.safeParse(input ?? {}) as never) as Checked<z.output<typeof profileSchema>>;
  return result.ok ? { ok: true, data: asProfile(result.data) } : result;
}
