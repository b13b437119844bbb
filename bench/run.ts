/**
 * `npm run bench`: figures, not pass/fail. Starts the real local runtime (from the current build in
 * dist/, with the public rate limits raised so the load is measured, not refused) and runs each
 * benchmark against it: page weights, form API throughput and memory, admin list latency, the CSV
 * export of 100,000 admissions, and the senior admission form with 13 camera photos on slow 3G.
 */
import { existsSync } from 'node:fs';
import { startTestRuntime } from '../tests/support/runtime.ts';

if (!existsSync('dist/index.html')) {
  console.error('Build the site first: npm run build');
  process.exit(1);
}

const HIGH = '1000000';
const runtime = await startTestRuntime({
  ADMIN_EMAIL: 'bench@school.test',
  ADMIN_PASSWORD: 'bench password 123',
  RATE_LIMIT_ENQUIRY: HIGH,
  RATE_LIMIT_UPLOADS: HIGH,
  RATE_LIMIT_ADMISSION: HIGH,
  RATE_LIMIT_TC_REQUEST: HIGH,
  LOGIN_MAX_FAILURES_PER_IP: HIGH,
});
process.env.BENCH_RUNTIME_PID = String(runtime.pid);
process.env.BENCH_DATABASE_URL = runtime.databaseUrl;
process.env.BENCH_ADMIN_EMAIL = 'bench@school.test';
process.env.BENCH_ADMIN_PASSWORD = 'bench password 123';
console.log(`Runtime: ${runtime.url} (pid ${runtime.pid}); machine: ${(await import('node:os')).cpus().length} cores\n`);

try {
  const { benchPages } = await import('./pages.ts');
  await benchPages(runtime.url);
  const { benchForms } = await import('./forms.ts');
  await benchForms(runtime.url);
  const { benchLists } = await import('./lists.ts');
  await benchLists(runtime.url);
  const { benchExports } = await import('./exports.ts');
  await benchExports(runtime.url);
  const { benchSlow3g } = await import('./slow-3g.ts');
  await benchSlow3g(runtime.url);
} finally {
  await runtime.stop();
}
