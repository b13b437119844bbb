/**
 * `npm run seed:bench`: 100,000 enquiries, 100,000 admissions and 100,000 TC requests for the
 * admin list benchmark (bench/lists.ts), each set made by one INSERT ... SELECT generate_series.
 * The database is DATABASE_URL, else the running `npm start` runtime's, else the local files in
 * .netlify/db. Seeded rows are recognisable (e-mail bench-seed@example.invalid, reference and
 * admission numbers BENCH-...) and a second run adds nothing. `-- --remove` deletes them again.
 *
 * Names repeat like real ones: 40 x 30 first/last names for enquiries and TC requests, 40 x 10 x 30
 * first/middle/last names for admissions, so a full-name search finds a few dozen records and a
 * surname a few thousand. Created times go back one minute per row, newest first.
 */
import { pathToFileURL } from 'node:url';
import { withDefaultUser } from '../src/server/db.ts';
import { fillAllNameKeys } from '../src/features/name-search.server.ts';

export const SEED_COUNT = 100_000;
const MARK = 'bench-seed@example.invalid';

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Shaurya',
  'Atharv',
  'Advik',
  'Pranav',
  'Advaith',
  'Aaryan',
  'Dhruv',
  'Kabir',
  'Ritvik',
  'Aarush',
  'Saanvi',
  'Aanya',
  'Aadhya',
  'Aaradhya',
  'Ananya',
  'Pari',
  'Anika',
  'Navya',
  'Angel',
  'Diya',
  'Myra',
  'Sara',
  'Iraa',
  'Ahana',
  'Anvi',
  'Prisha',
  'Riya',
  'Kavya',
  'Sita',
  'Gita',
];
const MIDDLE = ['Kumar', 'Kumari', 'Prasad', 'Nath', 'Lal', 'Devi', 'Chandra', 'Pratap', 'Rani', 'Singh'];
const LAST = [
  'Sharma',
  'Verma',
  'Yadav',
  'Singh',
  'Gupta',
  'Mishra',
  'Pandey',
  'Tiwari',
  'Shukla',
  'Dubey',
  'Srivastava',
  'Maurya',
  'Chauhan',
  'Rajput',
  'Tripathi',
  'Dwivedi',
  'Chaudhary',
  'Agarwal',
  'Jaiswal',
  'Kushwaha',
  'Pal',
  'Rawat',
  'Saxena',
  'Nigam',
  'Awasthi',
  'Bajpai',
  'Trivedi',
  'Patel',
  'Khan',
  'Ansari',
];
const CLASSES: [band: string, label: string][] = [
  ['pre-primary', 'P.N.C'],
  ['pre-primary', 'N.C'],
  ['pre-primary', 'K.G'],
  ...['1', '2', '3', '4', '5'].map((c) => ['middle', c] as [string, string]),
  ...['6', '7', '8', '9', '10', '11', '12'].map((c) => ['senior', c] as [string, string]),
];

const arr = (items: string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (items: string[], expr: string) => `(${arr(items)})[1 + (${expr}) % ${items.length}]`;
const first = pick(FIRST, 'g');
const middle = pick(MIDDLE, 'g / 40');
const last = pick(LAST, 'g / 400');
const classIndex = 'g % 15';
const label = `(${arr(CLASSES.map(([, l]) => l))})[1 + ${classIndex}]`;
const band = `(${arr(CLASSES.map(([b]) => b))})[1 + ${classIndex}]`;
const created = `now() - g * interval '1 minute'`;
// The session an application made at `created` is for, by the rule of migration 0007 (from October, the next one).
const sessionYear = `(extract(year FROM (${created}) AT TIME ZONE 'Asia/Kolkata')::int
  + CASE WHEN extract(month FROM (${created}) AT TIME ZONE 'Asia/Kolkata') >= 10 THEN 1 ELSE 0 END)`;
const session = `${sessionYear}::text || '-' || lpad(((${sessionYear} + 1) % 100)::text, 2, '0')`;

// Statuses as an office's season leaves them: most received or under review, a tenth admitted.
const admissionStatus = pick(
  [
    'received',
    'received',
    'received',
    'under-review',
    'under-review',
    'documents-verified',
    'admitted',
    'waitlisted',
    'not-admitted',
    'withdrawn',
  ],
  'g',
);

export const SEED_SQL = {
  enquiries: `INSERT INTO enquiries (admission_class, student_name, father_name, mother_name, gender, date_of_birth, father_mobile,
      email, category, last_school_attended, father_occupation, mother_occupation, address, referred_by, created_at, updated_at)
    SELECT ${label}, ${first} || ' ' || ${last}, 'Ramesh ' || ${last}, 'Sunita ' || ${last},
      CASE WHEN g % 2 = 0 THEN 'Male' ELSE 'Female' END, '2015-06-15', lpad((9000000000 + g)::text, 10, '0'), '${MARK}',
      'GENERAL', 'Village Primary School', 'Agriculture', 'Housewife', 'Ward ' || (g % 20) || ', Barabanki', 'Newspaper',
      ${created}, ${created}
    FROM generate_series(1, ${SEED_COUNT}) AS g`,
  admissions: `INSERT INTO admissions (reference_number, band, admission_class, student_first_name, student_middle_name,
      student_last_name, student_aadhaar_enc, student_aadhaar_hash, student_aadhaar_last4, father_first_name, father_middle_name,
      father_last_name, mother_first_name, mother_middle_name, mother_last_name, abc_id, contact_no, session, status, created_at, updated_at)
    SELECT 'BENCH-' || lpad(g::text, 6, '0'), ${band}, ${label}, ${first}, ${middle}, ${last},
      'bench:not-a-ciphertext', 'bench-' || g, lpad((g % 10000)::text, 4, '0'), 'Ramesh', 'Kumar', ${last}, 'Sunita', 'Devi', ${last},
      'ABC' || g, lpad((9100000000 + g)::text, 10, '0'), ${session}, ${admissionStatus}, ${created}, ${created}
    FROM generate_series(1, ${SEED_COUNT}) AS g`,
  tc_requests: `INSERT INTO tc_requests (student_name, admission_number, aadhaar_enc, aadhaar_hash, aadhaar_last4, parent_name,
      reason, contact, email, created_at, updated_at)
    SELECT ${first} || ' ' || ${last}, 'BENCH-TC-' || lpad(g::text, 6, '0'), 'bench:not-a-ciphertext', 'bench-' || g,
      lpad((g % 10000)::text, 4, '0'), 'Ramesh ' || ${last}, 'Family moved', lpad((9200000000 + g)::text, 10, '0'), '${MARK}',
      ${created}, ${created}
    FROM generate_series(1, ${SEED_COUNT}) AS g`,
};

const SEEDED = {
  enquiries: `SELECT count(*)::int AS n FROM enquiries WHERE email = '${MARK}'`,
  admissions: `SELECT count(*)::int AS n FROM admissions WHERE reference_number LIKE 'BENCH-%'`,
  tc_requests: `SELECT count(*)::int AS n FROM tc_requests WHERE email = '${MARK}'`,
};
const REMOVE = {
  enquiries: `DELETE FROM enquiries WHERE email = '${MARK}'`,
  admissions: `DELETE FROM admissions WHERE reference_number LIKE 'BENCH-%'`,
  tc_requests: `DELETE FROM tc_requests WHERE email = '${MARK}'`,
};

/** Seeds the three tables of a migrated database (skipping a table already seeded); returns the seconds each took. */
export async function seedBench(databaseUrl: string, log: (line: string) => void = console.log): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: withDefaultUser(databaseUrl) });
  await client.connect();
  try {
    for (const table of ['enquiries', 'admissions', 'tc_requests'] as const) {
      const { rows } = await client.query<{ n: number }>(SEEDED[table]);
      if ((rows[0]?.n ?? 0) >= SEED_COUNT) {
        // Seeded before the search keys (migration 0029): the office's searches read them once made.
        const keyed = await fillAllNameKeys(Number.POSITIVE_INFINITY, 5_000, client, [table]);
        // The local PGlite runs no autovacuum daemon: rows added since (the enquiry load test's) would
        // make index-only scans visit the table, which PostgreSQL's autovacuum would have prevented.
        await client.query(`VACUUM ANALYZE ${table}`);
        log(`${table}: already seeded (${rows[0]!.n} rows), ${keyed ? `search keys of ${keyed} made, ` : ''}vacuumed`);
        continue;
      }
      if (rows[0]?.n) await client.query(REMOVE[table]);
      const started = performance.now();
      await client.query(SEED_SQL[table]);
      // The keys the hourly cleanup would have made, so the searches measured read what a school's do.
      await fillAllNameKeys(Number.POSITIVE_INFINITY, 5_000, client, [table]);
      await client.query(`VACUUM ANALYZE ${table}`);
      log(
        `${table}: ${SEED_COUNT.toLocaleString('en-IN')} rows with their search keys in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await client.end();
  }
}

export async function removeBenchSeed(databaseUrl: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: withDefaultUser(databaseUrl) });
  await client.connect();
  try {
    for (const table of ['enquiries', 'admissions', 'tc_requests'] as const) {
      const result = await client.query(REMOVE[table]);
      console.log(`${table}: removed ${result.rowCount ?? 0} seeded rows`);
    }
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { openLocalDatabase } = await import('./local-database.ts');
  const { loadDotEnv } = await import('./local-secrets.ts');
  const root = process.cwd();
  loadDotEnv(root);
  const close = await openLocalDatabase(root);
  try {
    if (process.argv.includes('--remove')) await removeBenchSeed(process.env.DATABASE_URL!);
    else await seedBench(process.env.DATABASE_URL!);
  } finally {
    await close();
  }
}
