/**
 * Starts the real local runtime (scripts/start.ts: @netlify/dev with PGlite and local Blobs) as a
 * child process in a fresh project root made of links to this checkout, so every run gets an
 * empty database and blob store and parallel runs never share state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Copied: what the functions bundler reads (it follows links to their real paths and trips over them).
const COPIED = ['dist', 'netlify', 'src', 'starting-content', 'package.json', 'netlify.toml', 'tsconfig.json'];

/**
 * The public limits raised out of the way, for a runtime that takes many requests from one address
 * (every test client is 127.0.0.1); the limits themselves are tested with their defaults elsewhere.
 */
export const RAISED_LIMITS: Record<string, string> = {
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  // The seeded principal's wrong tries in many files would make its sign-ins wait; tested in tests/db/login-throttle.test.ts.
  LOGIN_FREE_FAILURES_PER_ACCOUNT: '100000',
  RATE_LIMIT_ENQUIRY: '100000',
  RATE_LIMIT_UPLOADS: '100000',
  RATE_LIMIT_ADMISSION: '100000',
  RATE_LIMIT_ADMISSION_MOBILE: '100000',
  RATE_LIMIT_TC_REQUEST: '100000',
  RATE_LIMIT_TC_COUNT: '100000',
  // Counted across the whole site: every file's wrong TC verifications; tested in tests/db/tc-walk.test.ts.
  RATE_LIMIT_TC_VERIFY_WRONG: '100000',
  // Every file's wrong status-check tries use the fixtures' mobile number; tested in tests/db/status-limits.test.ts.
  RATE_LIMIT_STATUS_CHECK_MOBILE: '100000',
  RATE_LIMIT_PUBLIC_MAIL: '100000',
  // Every file's forms use the fixtures' mobile number; the cap is tested in tests/db/public-mobile.test.ts.
  RATE_LIMIT_PUBLIC_MOBILE: '100000',
};

/**
 * The built-in test gateway turned on (src/server/razorpay.ts: never by default), for a runtime whose
 * tests pay online; a runtime without it offers families the desk only, as a deploy without keys.
 */
export const TEST_GATEWAY: Record<string, string> = { PAYMENTS_TEST_GATEWAY: '1' };

export interface TestRuntime {
  url: string;
  /** The runtime's database (the PGlite gateway), for tests of the database layer itself. */
  databaseUrl: string;
  root: string;
  /** The runtime's process id (for memory measurements). */
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

export interface TestRuntimeOptions {
  /** Start again in the root of an earlier runtime (a restart): its database and blobs are kept. */
  root?: string;
  /** Leave the root on disk when stopping, for a restart. */
  keepRoot?: boolean;
  /** Changes the fresh copy before it starts (e.g. a school setting in src/config), so its functions are built with them. */
  prepare?: (root: string) => Promise<void>;
  /** Also appends the runtime's output to this file, for test files in other processes to read. */
  logFile?: string;
  /** Starts on a copy of the run's migrated PGlite folder (see makeDatabaseTemplate), when the global setup made one: for a fresh root on PGlite. */
  migrated?: boolean;
}

/** Where the global setup's migrated PGlite folder is, for the workers it forks. */
const TEMPLATE_VARIABLE = 'TEST_PGLITE_TEMPLATE';

/**
 * A PGlite database folder with every migration applied and nothing else (no administrator), made
 * once per run by the global setup: a runtime of its own copies it instead of creating and migrating
 * its database at start, about 5 s of a core each. The global setup's own runtimes still start from
 * nothing, as `npm start` does in a fresh clone. Returns how to remove it.
 */
export async function makeDatabaseTemplate(): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'rmcp-runtime-db-'));
  const repo = resolve(import.meta.dirname, '../..');
  await symlink(join(repo, 'netlify'), join(root, 'netlify'));
  const { openLocalDatabase } = await import('../../scripts/local-database.ts');
  const release = await openLocalDatabase(root, 'the test run');
  await release();
  process.env[TEMPLATE_VARIABLE] = join(root, '.netlify', 'db');
  return async () => {
    delete process.env[TEMPLATE_VARIABLE];
    await rm(root, { recursive: true, force: true });
  };
}

export async function startTestRuntime(
  env: Record<string, string> = {},
  options: TestRuntimeOptions = {},
): Promise<TestRuntime> {
  const repo = resolve(import.meta.dirname, '../..');
  const root = options.root ?? (await mkdtemp(join(tmpdir(), 'rmcp-test-')));
  if (!options.root) await copyProject(repo, root);
  const template = process.env[TEMPLATE_VARIABLE];
  if (options.migrated && template) await cp(template, join(root, '.netlify', 'db'), { recursive: true });
  await options.prepare?.(root);
  let output = '';

  const child: ChildProcess = spawn(process.execPath, [join(repo, 'scripts/start.ts')], {
    cwd: root,
    // MALLOC_ARENA_MAX as `npm start` sets it (package.json): the runtime measured is the one served.
    env: { ...process.env, MALLOC_ARENA_MAX: '2', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let databaseUrl = '';
  const started = new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`runtime did not start in 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // TEST_RUNTIME_LOG=<file>: keep the runtime's whole output (functions' logs included) for debugging.
      if (process.env.TEST_RUNTIME_LOG) appendFileSync(process.env.TEST_RUNTIME_LOG, chunk);
      if (options.logFile) appendFileSync(options.logFile, chunk);
      databaseUrl = /Database: (\S+)/.exec(output)?.[1] ?? databaseUrl;
      const match = /Ready on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        ok(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`runtime exited (${code}):\n${output}`));
    });
  });
  // A runtime that refused to start leaves no project copy behind.
  const url = await started.catch(async (error: unknown) => {
    if (!options.root) await rm(root, { recursive: true, force: true });
    throw error;
  });
  // The output masks the local database gateway's password; the runtime's file (PGlite only) has the whole URL.
  const runtimeFile = join(root, '.netlify', 'runtime.json');
  if (existsSync(runtimeFile))
    databaseUrl = (JSON.parse(readFileSync(runtimeFile, 'utf8')) as { databaseUrl: string }).databaseUrl;
  let stopping = false;
  child.once('exit', (code, signal) => {
    // A runtime that dies mid-run fails every later test: say why, once, where the test output shows it.
    if (!stopping)
      console.error(
        `\n[test runtime] exited unexpectedly (code ${code}, signal ${signal}). Its last output:\n${output.slice(-4000)}`,
      );
  });
  return {
    url,
    databaseUrl,
    root,
    pid: child.pid!,
    output: () => output,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) {
        if (!options.keepRoot) await rm(root, { recursive: true, force: true });
        return;
      }
      child.kill('SIGTERM');
      await new Promise((ok) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          ok(undefined);
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          ok(undefined);
        });
      });
      if (!options.keepRoot) await rm(root, { recursive: true, force: true });
    },
  };
}

async function copyProject(repo: string, root: string): Promise<void> {
  for (const name of COPIED) {
    if (existsSync(join(repo, name))) await cp(join(repo, name), join(root, name), { recursive: true });
  }
  // TEST_DIST_DIR: a build made elsewhere (parallel work builds into its own folder).
  if (process.env.TEST_DIST_DIR) {
    await rm(join(root, 'dist'), { recursive: true, force: true });
    await cp(resolve(repo, process.env.TEST_DIST_DIR), join(root, 'dist'), { recursive: true });
  }
  await symlink(join(repo, 'node_modules'), join(root, 'node_modules'));
  await mkdir(join(root, '.netlify'));
}

/**
 * A runtime of its own (its own limits, its own empty database): on PGlite, or, when the run is
 * against a real PostgreSQL server (TEST_DATABASE_URL), on a fresh database of that server, dropped
 * again at stop, so what such a test asserts is asserted on both engines.
 */
export async function startIsolatedRuntime(env: Record<string, string> = {}): Promise<TestRuntime> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return startTestRuntime(env, { migrated: true });
  const { default: pg } = await import('pg');
  const { withDefaultUser } = await import('../../src/server/db.ts');
  const name = `rmcp_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: withDefaultUser(server) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(withDefaultUser(server));
  url.pathname = `/${name}`;
  const runtime = await startTestRuntime({ ...env, DATABASE_URL: url.toString() });
  return {
    ...runtime,
    databaseUrl: url.toString(),
    async stop() {
      await runtime.stop();
      const again = new pg.Client({ connectionString: withDefaultUser(server) });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
