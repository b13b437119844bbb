/** A school_profile row (migrations 0020, 0034, 0037) as the profile; no row is the defaults. Shared by the function and the build. */
import { toIso } from './dates.ts';
import { defaultProfile, offeredClassesOf, phonesOf, type SchoolProfile, type SocialIcon } from './school-profile.ts';

export type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const list = <T>(value: unknown): T[] =>
  Array.isArray(value) ? value : typeof value === 'string' ? (JSON.parse(value) as T[]) : [];

export function profileOf(row: Row | undefined): SchoolProfile {
  if (!row) return defaultProfile();
  const latitude = row.map_latitude;
  const phones = list<string>(row.phones);
  const e164 = list<string>(row.phones_e164);
  return {
    name: { en: String(row.name_en), hi: String(row.name_hi) },
    address: { en: String(row.address_en), hi: String(row.address_hi) },
    shortName: String(row.short_name),
    shortNameHi: text(row.short_name_hi),
    affiliationNumber: text(row.affiliation_number),
    schoolCode: text(row.school_code),
    referencePrefix: text(row.reference_prefix) ?? defaultProfile().referencePrefix,
    principalName: text(row.principal_name),
    principalQualification: text(row.principal_qualification),
    // Each phone beside its E.164 form as saved; read again only if the two lists ever differ.
    ...(e164.length === phones.length ? { phones, phonesE164: e164 } : phonesOf(phones)),
    email: text(row.email),
    // jsonb keeps an object's keys in its own order: rebuilt in the profile's, so versions compare equal.
    socialLinks: list<{ icon: SocialIcon; url: string }>(row.social_links).map(({ icon, url }) => ({ icon, url })),
    map:
      latitude === null || latitude === undefined
        ? null
        : { latitude: Number(latitude), longitude: Number(row.map_longitude), zoom: Number(row.map_zoom) },
    // Unset (a profile saved before the school chose its classes): the starting content's.
    classes:
      row.classes === null || row.classes === undefined
        ? defaultProfile().classes
        : offeredClassesOf(list<string>(row.classes)),
    updatedAt: toIso(row.updated_at),
  };
}
