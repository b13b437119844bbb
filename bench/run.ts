/**
 * `npm run bench`: figures, not pass/fail. Starts the real local runtime (from the current build in
 * dist/, with the public rate limits raised so the load is measured, not refused) and runs each
 * benchmark against it: page weights, form API throughput and memory, admin list latency, the CSV
 * export of 100,000 admissions, and the senior admission form with 13 camera photos on slow 3G.
 * `npm run bench -- distance` (named only: it starts a PostgreSQL server and a runtime of its own)
 * counts each request's round trips to the database and times them far from it (bench/distance.ts);
 * `npm run bench -- morning` rehearses the morning admissions open (bench/morning.ts).
 */
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { TEST_GATEWAY, startTestRuntime, type TestRuntime } from '../tests/support/runtime.ts';

if (!existsSync('dist/_astro')) {
  console.error('Build the site first: npm run build');
  process.exit(1);
}

const HIGH = '1000000';
let runtime: TestRuntime | undefined;
/** The PGlite runtime the load benches share, started by the first that asks. */
async function shared(): Promise<string> {
  if (runtime) return runtime.url;
  runtime = await startTestRuntime({
    ADMIN_EMAIL: 'bench@school.test',
    ADMIN_PASSWORD: 'a long night of load',
    RATE_LIMIT_ENQUIRY: HIGH,
    RATE_LIMIT_UPLOADS: HIGH,
    RATE_LIMIT_ADMISSION: HIGH,
    RATE_LIMIT_ADMISSION_MOBILE: HIGH,
    RATE_LIMIT_TC_REQUEST: HIGH,
    LOGIN_MAX_FAILURES_PER_IP: HIGH,
    // The status pages as the tests see them: Pay through the built-in test gateway.
    ...TEST_GATEWAY,
  });
  process.env.BENCH_RUNTIME_PID = String(runtime.pid);
  process.env.BENCH_DATABASE_URL = runtime.databaseUrl;
  process.env.BENCH_ADMIN_EMAIL = 'bench@school.test';
  process.env.BENCH_ADMIN_PASSWORD = 'a long night of load';
  console.log(`Runtime: ${runtime.url} (pid ${runtime.pid}); machine: ${cpus().length} cores\n`);
  return runtime.url;
}

// `npm run bench -- lists exports` runs only those; no names, all but those that start a runtime of their own.
const BENCHES: Record<string, () => Promise<void>> = {
  pages: async () => (await import('./pages.ts')).benchPages(await shared()),
  forms: async () => (await import('./forms.ts')).benchForms(await shared()),
  lists: async () => (await import('./lists.ts')).benchLists(await shared()),
  exports: async () => (await import('./exports.ts')).benchExports(await shared()),
  'slow-3g': async () => (await import('./slow-3g.ts')).benchSlow3g(await shared()),
  import: async () => (await import('./import.ts')).benchImport(await shared()),
};
/** On a runtime and database of their own (PostgreSQL), named to run. */
const OWN: Record<string, () => Promise<void>> = {
  distance: async () => (await import('./distance.ts')).benchDistance(),
  morning: async () => (await import('./morning.ts')).benchMorning(),
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in BENCHES) && !(name in OWN));
if (unknown.length)
  console.error(
    `Unknown benchmark ${unknown.join(', ')}: choose from ${[...Object.keys(BENCHES), ...Object.keys(OWN)].join(', ')}`,
  );

try {
  for (const [name, run] of Object.entries(BENCHES)) if (!chosen.length || chosen.includes(name)) await run();
  for (const [name, run] of Object.entries(OWN)) if (chosen.includes(name)) await run();
} finally {
  await runtime?.stop();
}
