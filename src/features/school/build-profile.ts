/**
 * The profile the static build writes into its pages (the footer): the database's when one is
 * reachable at build time (a Netlify build with Netlify Database has its URL; saving the profile
 * calls the build hook, so the pages follow within a build), else the starting facts
 * (starting-content/school.json). Read once per build, with its own short-lived connection so the
 * build is never held open, and never failing the build: a database that cannot be read (none,
 * not migrated yet, unreachable) means the defaults.
 */
import pg from 'pg';
import { defaultProfile, type SchoolProfile } from '../../lib/school-profile.ts';
import { profileOf } from '../../lib/school-profile-row.ts';

let once: Promise<SchoolProfile> | undefined;

const buildDatabaseUrl = () =>
  process.env.DATABASE_URL || process.env.NETLIFY_DB_URL || process.env.NETLIFY_DATABASE_URL || '';

async function read(): Promise<SchoolProfile> {
  const url = buildDatabaseUrl();
  if (!url) return defaultProfile();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, query_timeout: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT * FROM school_profile WHERE id`);
    return profileOf(rows[0]);
  } catch (error) {
    console.warn(`[school] the build uses the default profile: ${(error as Error).message}`);
    return defaultProfile();
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const buildProfile = (): Promise<SchoolProfile> => (once ??= read());
