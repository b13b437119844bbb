/**
 * Site-wide settings read from the school's starting facts, starting-content/school.json: the
 * canonical origin, the founding year, and the facts the profile starts with (name, short name and
 * address in both languages, social links, map). The principal edits the profile at /admin/school
 * (src/features/school/); these stand in only until the first save. A fact the school has not given
 * (phones, e-mail, affiliation number) is null there and printed nowhere: another school replaces
 * that file, no code.
 */
import facts from '../../starting-content/school.json' with { type: 'json' };

export interface SocialLink {
  url: string;
  /** Name of an icon in src/components/icons (whatsapp, facebook, instagram, linkedin). */
  icon: 'whatsapp' | 'facebook' | 'instagram' | 'linkedin';
}

interface Bilingual {
  en: string;
  hi: string;
}

/** starting-content/school.json: the facts a school ships before it saves its profile. */
export interface StartingFacts {
  /** Canonical origin used for canonical URLs, Open Graph and the sitemap. */
  url: string;
  founded: number;
  name: Bilingual;
  shortName: Bilingual;
  address: Bilingual;
  /** The state, as structured data names it. */
  region: string;
  affiliationNumber: string | null;
  schoolCode: string | null;
  /** The letters before every application reference and receipt number (RMCP-2026-000123, RMCP-R-2026-000001). */
  referencePrefix?: string;
  principalName: string | null;
  principalQualification: string | null;
  /** As the school writes them (a landline with its STD code, a mobile). */
  phones: string[];
  /** The classes the school offers (P.N.C, N.C, K.G, 1 to 12); absent: all of them. */
  classes?: string[];
  email: string | null;
  socialLinks: SocialLink[];
  map: { latitude: number; longitude: number; zoom: number } | null;
}

const starting = facts as StartingFacts;

export const site = {
  url: starting.url,
  founded: starting.founded,
  region: starting.region,
  /** The facts as the profile starts with them (src/lib/school-profile.ts reads them into it). */
  starting,
  /** The starting names and address by the names older code reads. */
  contact: {
    name: starting.name.en,
    hindiName: starting.name.hi,
    shortName: starting.shortName.en,
    hindiShortName: starting.shortName.hi,
    address: starting.address.en,
    hindiAddress: starting.address.hi,
  },
} as const;
