/**
 * Admin list latency: enquiries, admissions and TC requests with 100,000 rows
 * each, through the local runtime: page 1, page 1,000, a name search and (admissions) a status
 * filter, p50 and p99.
 *
 * The database is seeded first when it has fewer than 100,000 seeded rows (scripts/seed-bench.ts,
 * through BENCH_DATABASE_URL, which bench/run.ts sets; else DATABASE_URL; else the data must be
 * there already, from `npm run seed:bench`). Credentials: BENCH_ADMIN_EMAIL / BENCH_ADMIN_PASSWORD,
 * else ADMIN_EMAIL / ADMIN_PASSWORD.
 *
 * Two figures per case: "http" is the whole request as the browser sees it; "db" is the list
 * handler's own query time from its Server-Timing header: what the indexes and counts decide.
 * "http" adds the local runtime's own cost (emulator, a warm function instance, PGlite's single
 * session), which Netlify and Neon do not share.
 */
import { seedBench } from '../scripts/seed-bench.ts';

const WARMUP = 10;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 50);
const TARGET_MS = 30;

interface Case {
  list: string;
  name: string;
  path: string;
}

const CASES: Case[] = [
  { list: 'enquiries', name: 'page 1', path: '/v1/api/enquiry?page=1' },
  { list: 'enquiries', name: 'page 1,000', path: '/v1/api/enquiry?page=1000' },
  { list: 'enquiries', name: 'name search', path: '/v1/api/enquiry?search=aarav%20sharma' },
  { list: 'enquiries', name: 'surname search', path: '/v1/api/enquiry?search=shar' },
  { list: 'enquiries', name: 'mobile', path: '/v1/api/enquiry?search=9000012345' },
  { list: 'admissions', name: 'page 1', path: '/v1/api/admission?page=1' },
  { list: 'admissions', name: 'page 1,000', path: '/v1/api/admission?page=1000' },
  { list: 'admissions', name: 'name search', path: '/v1/api/admission?searchName=aarav%20kumar%20sharma' },
  { list: 'admissions', name: 'surname search', path: '/v1/api/admission?searchName=shar' },
  { list: 'admissions', name: 'parent + surname', path: '/v1/api/admission?searchName=ramesh%20shar' },
  { list: 'admissions', name: 'reference', path: '/v1/api/admission?searchName=BENCH-012345' },
  { list: 'admissions', name: 'mobile', path: '/v1/api/admission?searchName=%2B91%2091000%2012345' },
  { list: 'admissions', name: 'status', path: '/v1/api/admission?status=under-review' },
  { list: 'admissions', name: 'status p.100', path: '/v1/api/admission?status=under-review&page=100' },
  { list: 'admissions', name: 'class + status', path: '/v1/api/admission?searchClass=N.C&status=admitted' },
  { list: 'TC requests', name: 'page 1', path: '/v1/api/tc-request?page=1' },
  { list: 'TC requests', name: 'page 1,000', path: '/v1/api/tc-request?page=1000' },
  { list: 'TC requests', name: 'name search', path: '/v1/api/tc-request?search=aarav%20sharma' },
  { list: 'TC requests', name: 'surname search', path: '/v1/api/tc-request?search=shar' },
  { list: 'TC requests', name: 'admission number', path: '/v1/api/tc-request?search=BENCH-TC-012345' },
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function signIn(baseURL: string): Promise<string> {
  const email = process.env.BENCH_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL;
  const password = process.env.BENCH_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD;
  if (!email || !password)
    throw new Error('Set BENCH_ADMIN_EMAIL and BENCH_ADMIN_PASSWORD (or ADMIN_EMAIL / ADMIN_PASSWORD).');
  const res = await fetch(new URL('/v1/api/auth/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function measure(
  baseURL: string,
  cookie: string,
  path: string,
): Promise<{ http: number[]; db: number[]; rows: number; total: string }> {
  const http: number[] = [];
  const db: number[] = [];
  let rows = 0;
  let total = '';
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const res = await fetch(new URL(path, baseURL), { headers: { cookie } });
    const body = (await res.json()) as unknown;
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    if (i < WARMUP) continue;
    http.push(elapsed);
    const dur = /db;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
    if (dur) db.push(Number(dur));
    const data = Array.isArray(body) ? body : ((body as { data: unknown[] }).data ?? []);
    rows = data.length;
    const record = body as Record<string, unknown>;
    total = String(res.headers.get('x-total-count') ?? record.totalRecords ?? record.totalRequests ?? '');
  }
  return { http, db, rows, total };
}

export async function benchLists(baseURL: string): Promise<void> {
  console.log('== Admin lists (100,000 rows each) ==');
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (databaseUrl) await seedBench(databaseUrl, (line) => console.log(`  seed ${line}`));
  else console.log('  (no BENCH_DATABASE_URL: measuring the data already there; seed it with npm run seed:bench)');
  const cookie = await signIn(baseURL);
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `  ${'list'.padEnd(12)} ${'case'.padEnd(15)} ${'rows'.padStart(5)} ${'matches'.padStart(8)}  http p50 / p99 ms   db p50 / p99 ms`,
  );
  let worstDb = 0;
  for (const c of CASES) {
    const r = await measure(baseURL, cookie, c.path);
    const dbP50 = r.db.length ? percentile(r.db, 50) : NaN;
    if (!c.name.startsWith('surname')) worstDb = Math.max(worstDb, dbP50);
    console.log(
      `  ${c.list.padEnd(12)} ${c.name.padEnd(15)} ${String(r.rows).padStart(5)} ${r.total.padStart(8)}  ${fmt(percentile(r.http, 50))} /${fmt(percentile(r.http, 99))}  ${fmt(dbP50)} /${fmt(r.db.length ? percentile(r.db, 99) : NaN)}`,
    );
  }
  console.log(
    `  -> worst db p50 of page 1 / page 1,000 / name search / status: ${worstDb.toFixed(1)} ms [target: p50 < ${TARGET_MS} ms]; ${RUNS} runs each after ${WARMUP} warm-up`,
  );
  console.log('');
}
