/**
 * CSV export of the admissions list with 100,000 rows (seeded by bench/lists.ts): how long the
 * whole download takes, how many rows and megabytes it carries, and the runtime's peak RSS growth
 * meanwhile; the export streams in batches, so the growth must not follow the row count.
 * Three times without filters (a growth that came back each time would be a leak; a first-time
 * growth that does not is the process's working set settling) and once with a status filter.
 */
import { withDefaultUser } from '../src/server/db.ts';
import { signIn } from './lists.ts';
import { mb, peakRss, runtimePid } from './runtime-process.ts';

const TARGET_SECONDS = 10;
const TARGET_GROWTH_MB = 64;

interface Download {
  /** Until the first bytes came: a stream answers long before its end. */
  firstByte: number;
  seconds: number;
  bytes: number;
  lines: number;
}

async function download(baseURL: string, cookie: string, path: string): Promise<Download> {
  const started = performance.now();
  const res = await fetch(new URL(path, baseURL), { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByte = 0;
  for await (const chunk of res.body) {
    firstByte ||= (performance.now() - started) / 1000;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  return { firstByte, seconds: (performance.now() - started) / 1000, bytes, lines };
}

/**
 * The admissions table's size on disk, and the local database's page cache: PGlite runs inside the
 * runtime's process, so the pages a first full read brings into its cache count in that RSS.
 */
async function tableSizes(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) return undefined;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: withDefaultUser(url) });
  await client.connect();
  try {
    const { rows } = await client.query<{ heap: string; indexes: string; buffers: string }>(
      `SELECT pg_relation_size('admissions') AS heap, pg_indexes_size('admissions') AS indexes, current_setting('shared_buffers') AS buffers`,
    );
    const row = rows[0]!;
    return `admissions table ${mb(Number(row.heap))} MB + indexes ${mb(Number(row.indexes))} MB; database page cache (shared_buffers) ${row.buffers}, in the runtime's process`;
  } finally {
    await client.end();
  }
}

export async function benchExports(baseURL: string): Promise<void> {
  console.log('== CSV export of admissions (100,000 rows) ==');
  const sizes = await tableSizes();
  if (sizes) console.log(`  ${sizes}`);
  const cookie = await signIn(baseURL);
  const pid = await runtimePid(baseURL);
  if (!pid) console.log('  (runtime process not found: no RSS figures; set BENCH_RUNTIME_PID)');
  // One small export first: the function's instance is warm, as the office's second export finds it.
  await download(baseURL, cookie, '/v1/api/admission/export.csv?searchName=aarav%20kumar%20sharma');
  let slowest = 0;
  const growths: number[] = [];
  for (const [name, path] of [
    ['all admissions', '/v1/api/admission/export.csv'],
    ['all, again', '/v1/api/admission/export.csv'],
    ['all, 3rd time', '/v1/api/admission/export.csv'],
    ['status filter', '/v1/api/admission/export.csv?status=under-review'],
  ] as const) {
    const run = pid
      ? await peakRss(pid, () => download(baseURL, cookie, path))
      : { result: await download(baseURL, cookie, path), baseline: 0, peak: 0 };
    const { firstByte, seconds, bytes, lines } = run.result;
    const growth = run.peak - run.baseline;
    slowest = Math.max(slowest, seconds);
    growths.push(growth);
    console.log(
      `  ${name.padEnd(15)} ${(lines - 1).toLocaleString('en-IN').padStart(8)} rows, ${mb(bytes)} MB in ${seconds.toFixed(2)} s (first bytes at ${firstByte.toFixed(2)} s)` +
        (pid ? `; runtime RSS ${mb(run.baseline)} MB -> peak ${mb(run.peak)} MB, growth ${mb(growth)} MB` : ''),
    );
  }
  console.log(
    `  -> slowest ${slowest.toFixed(2)} s [target: < ${TARGET_SECONDS} s]; RSS growth of the first export ${mb(growths[0] ?? 0)} MB, ` +
      `of the repeats at most ${mb(Math.max(...growths.slice(1, 3)))} MB [target: < ${TARGET_GROWTH_MB} MB]`,
  );
  console.log('');
}
