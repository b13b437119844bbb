/**
 * The content pages hidden when the static build runs, so the built pages' menus and footer leave
 * them out in their HTML too (for crawlers and a browser without script; the site script takes
 * out a page hidden since, src/layouts/Nav.astro). Read as the profile is
 * (src/features/school/build-profile.ts): from the database when the build can reach it, else
 * none; never failing the build. Hiding or showing a page calls the build hook (pages.server.ts).
 */
import pg from 'pg';

let once: Promise<ReadonlySet<string>> | undefined;

const buildDatabaseUrl = () =>
  process.env.DATABASE_URL || process.env.NETLIFY_DB_URL || process.env.NETLIFY_DATABASE_URL || '';

async function read(): Promise<ReadonlySet<string>> {
  const url = buildDatabaseUrl();
  if (!url) return new Set();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, query_timeout: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ path: string }>(`SELECT path FROM site_pages WHERE hidden`);
    return new Set(rows.map((row) => row.path));
  } catch (error) {
    console.warn(`[pages] the build shows every page in the menus: ${(error as Error).message}`);
    return new Set();
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const buildHiddenPages = (): Promise<ReadonlySet<string>> => (once ??= read());
