/**
 * The school's profile as the functions read it (src/lib/school-profile.ts): `schoolProfile()` is the cached read
 * for PDFs, receipts, letters and pages, one query per function instance at most every CACHE_MS; it
 * keeps the profile in use current for code that cannot wait for the database (the letters).
 * Kept apart from the profile's API (src/features/school/school.server.ts) so the scripts that send letters (the
 * cleanup, the mail sender) load no page or HTTP code.
 */
import { getPool, type PoolLike, type Queryable } from './db.ts';
import { profileOf, type Row } from '../lib/school-profile-row.ts';
import { putSchoolInUse, type SchoolProfile } from '../lib/school-profile.ts';

/**
 * How long a function instance trusts the profile it read: a saved change reaches every document
 * within this, and a burst of PDFs (a parent tapping download twice, the office printing a day's
 * receipts) costs one query.
 */
const CACHE_MS = 5_000;

export async function readProfile(db: Queryable = getPool(), lock = false): Promise<SchoolProfile> {
  const { rows } = await db.query<Row>(`SELECT * FROM school_profile WHERE id${lock ? ' FOR UPDATE' : ''}`);
  return profileOf(rows[0]);
}

/** The last read, with the pool it came through: a process that closes its pool for another database reads afresh. */
let cached: { profile: SchoolProfile; at: number; pool: PoolLike } | undefined;

export function remember(profile: SchoolProfile): SchoolProfile {
  cached = { profile, at: Date.now(), pool: getPool() };
  putSchoolInUse(profile);
  return profile;
}

/**
 * The profile, read at most every CACHE_MS per function instance (PDFs, receipts, letters, pages).
 * Inside a transaction pass its `tx`: the read then takes no second connection.
 */
export async function schoolProfile(db?: Queryable): Promise<SchoolProfile> {
  if (cached && cached.pool === getPool() && Date.now() - cached.at < CACHE_MS) return cached.profile;
  return remember(await readProfile(db));
}
