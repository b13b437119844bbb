/**
 * The school's profile (./profile.ts).
 *
 *   GET /v1/api/school   (public)    the profile
 *   PUT /v1/api/school   (principal) the whole profile by the form's names; 200 with the profile
 *
 * A save is audited with each changed field before and after. After it commits the served pages
 * that show the profile and its answer above are purged, so every page shows the change at once
 * (the static ones fill it in from that answer); Netlify's build hook (BUILD_HOOK_URL, when set) is
 * called so the static pages' HTML itself (titles, Open Graph, what a crawler reads) follows within a build.
 * The cached read that PDFs, receipts and letters use is ./profile.server.ts.
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { transaction } from '../../server/db.ts';
import { profileOf, type Row } from '../../lib/school-profile-row.ts';
import { readProfile, remember, schoolProfile } from '../../server/school-profile.ts';
import type { GoLiveCheck } from '../go-live/go-live.ts';
import { badRequest } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { cachedOnCdn, purgePages } from '../../server/public-page.ts';
import { SCHOOL_TAG } from '../../lib/school-profile.ts';
import { validateProfile, type ProfileInput } from './profile-schema.ts';

/**
 * GET /v1/api/school: the stored profile as it is now. Every page asks for it (src/lib/school-facts.ts),
 * so Netlify's CDN answers it under SCHOOL_TAG, which a save purges.
 */
export async function getSchool(): Promise<Response> {
  return json(remember(await readProfile()), 200, cachedOnCdn([SCHOOL_TAG]));
}

/** The facts an audit entry compares. */
const FACTS = [
  'name',
  'address',
  'shortName',
  'shortNameHi',
  'affiliationNumber',
  'schoolCode',
  'referencePrefix',
  'principalName',
  'principalQualification',
  'phones',
  'email',
  'socialLinks',
  'map',
  'classes',
] as const;

/** The facts of `keys` that differ between two versions. */
export const changedKeys = <T extends object>(before: T, after: T, keys: readonly (keyof T & string)[]) =>
  keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

/** Those facts of one version, for the audit's before and after (changeDetail keeps the changed ones). */
export const factsOf = <T extends object>(value: T, keys: readonly (keyof T & string)[]): Record<string, unknown> =>
  Object.fromEntries(keys.map((k) => [k, value[k]]));

/** PUT /v1/api/school (principal). */
export async function putSchool(req: Request, ctx: AdminContext): Promise<Response> {
  const result = validateProfile(await readJson(req));
  if (!result.ok) throw badRequest(result.error, result.fields);
  const p: ProfileInput = result.data;
  const { saved, changed } = await transaction(async (tx) => {
    const before = await readProfile(tx, true);
    const { rows } = await tx.query<Row>(
      `INSERT INTO school_profile (id, name_en, name_hi, address_en, address_hi, short_name, affiliation_number, school_code,
         principal_name, principal_qualification, phones, email, social_links, map_latitude, map_longitude, map_zoom, short_name_hi, phones_e164, reference_prefix, classes, updated_at)
       VALUES (true, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19::text[], now())
       ON CONFLICT (id) DO UPDATE SET name_en = $1, name_hi = $2, address_en = $3, address_hi = $4, short_name = $5,
         affiliation_number = $6, school_code = $7, principal_name = $8, principal_qualification = $9, phones = $10, email = $11,
         social_links = $12::jsonb, map_latitude = $13, map_longitude = $14, map_zoom = $15, short_name_hi = $16, phones_e164 = $17, reference_prefix = $18,
         classes = COALESCE($19::text[], school_profile.classes), updated_at = now()
       RETURNING *`,
      [
        p.name.en,
        p.name.hi,
        p.address.en,
        p.address.hi,
        p.shortName,
        p.affiliationNumber,
        p.schoolCode,
        p.principalName,
        p.principalQualification,
        p.phones,
        p.email,
        JSON.stringify(p.socialLinks),
        p.map?.latitude ?? null,
        p.map?.longitude ?? null,
        p.map?.zoom ?? null,
        p.shortNameHi,
        p.phonesE164,
        p.referencePrefix,
        p.classes,
      ],
    );
    const saved = profileOf(rows[0]);
    const changed = changedKeys(before, saved, FACTS);
    if (changed.length)
      await recordAudit(
        ctx,
        {
          action: 'update',
          entity: 'school',
          entityId: null,
          detail: changeDetail(factsOf(before, FACTS), factsOf(saved, FACTS)),
        },
        tx,
      );
    return { saved, changed };
  });
  remember(saved);
  if (changed.length) await afterProfileChange();
  return json(saved);
}

/** Where each of the profile's go-live lines is done. */
const PROFILE_SCREEN = '/admin/school';

/**
 * The dashboard's go-live lines of the profile (src/features/go-live/): a line for each fact that
 * parents are given and the school has not set, and one while the profile has never been saved
 * (its name, address and map are then the starting ones).
 */
export async function goLiveChecks(): Promise<GoLiveCheck[]> {
  const profile = await schoolProfile();
  const lines: [string, boolean][] = [
    ['goLive.school.saved', profile.updatedAt !== null],
    ['goLive.school.phone', profile.phones.length > 0],
    ['goLive.school.email', !!profile.email],
    ['goLive.school.affiliation', !!profile.affiliationNumber],
    ['goLive.school.shortNameHi', !!profile.shortNameHi],
    ['goLive.school.principal', !!profile.principalName],
  ];
  return lines.map(([code, done]) => ({ code, done, href: PROFILE_SCREEN }));
}

/** Pages that show the profile follow it: the served pages at once, the static ones by a new build. */
async function afterProfileChange(): Promise<void> {
  await Promise.all([purgePages([SCHOOL_TAG]), triggerBuild()]);
}

/**
 * POSTs to Netlify's build hook (BUILD_HOOK_URL) so the static pages' footers are built again with
 * the new profile. A failed call is logged, not thrown: the profile is saved either way.
 */
export async function triggerBuild(): Promise<void> {
  const hook = process.env.BUILD_HOOK_URL;
  if (!hook) return;
  try {
    const res = await fetch(hook, { method: 'POST', signal: AbortSignal.timeout(5000) });
    if (!res.ok) console.error(`[school] the build hook answered ${res.status}`);
  } catch (error) {
    console.error('[school] could not call the build hook', error);
  }
}
