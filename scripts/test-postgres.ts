/**
 * The API tests (tests/api, in process), the runtime's HTTP tests (tests/http) and the database-layer files
 * about concurrent requests against a real PostgreSQL server (Debian's package), so the SQL is proven
 * beyond PGlite. Uses TEST_DATABASE_URL when given; otherwise starts a throw-away cluster (as the `postgres`
 * user when run as root, since PostgreSQL refuses to run as root). The functions, in the test files' own
 * processes as in the runtimes, reach it with production's driver, @neondatabase/serverless over
 * WebSocket, through a WebSocket-to-TCP proxy started here (scripts/ws-proxy.ts), as Netlify's functions
 * reach Neon. Test files given as arguments run alone.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWsProxy } from './ws-proxy.ts';

function findBin(): string | undefined {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    return versions.length ? `/usr/lib/postgresql/${versions[0]}/bin` : undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The database-layer files run here as well as on PGlite: those whose point is many requests at the
 * same instant (counts, slots, limits, sessions, the outbox's claims). PGlite serves one connection
 * at a time, so only a server shows their row locks and races; the other tests/db files prove
 * queries the API tests run here through production's driver anyway.
 */
const CONCURRENT_DB_FILES = [
  'database-sessions',
  'fee-structure',
  'forms-rate-limit',
  'login-throttle',
  'messages-whatsapp-sms',
  'public-mobile',
  'status-limits',
  'tc-fee-change',
  'tc-slots',
  'tc-walk',
].map((name) => `tests/db/${name}.test.ts`);

/**
 * The local runtime's own behaviour, whatever the database: its sockets and limits, one runtime per
 * folder and its restart, warm functions, the client's address. They run in the PGlite pass of `npm test`,
 * the database `npm start` uses; here they would prove nothing more. The driver is what differs, so
 * database-driver runs here (the PGlite pass checks its driver in single-runtime).
 */
const LOCAL_RUNTIME_FILES = ['local-runtime', 'single-runtime', 'warm-functions', 'client-address'].map(
  (name) => `tests/http/${name}.test.ts`,
);

/** The test files named on the command line (`node scripts/test-postgres.ts tests/api/x.test.ts`), else tests/api, tests/http but the local runtime's own, and the files above. */
const files = process.argv.slice(2);

/**
 * Runs the tests against `url`. Every function (in a test file's process or in a runtime), admin CLI and
 * cleanup given a DATABASE_URL on it takes Neon's driver through the proxy: DATABASE_DRIVER and
 * DATABASE_WS_PROXY are inherited from here.
 */
async function vitest(url: string): Promise<number> {
  const { hostname, port } = new URL(url);
  const proxy = await startWsProxy({ host: hostname, port: Number(port || 5432) });
  console.log(`WebSocket proxy on ${proxy.address}: the functions use @neondatabase/serverless through it`);
  try {
    const env = { ...process.env, TEST_DATABASE_URL: url, DATABASE_DRIVER: 'neon', DATABASE_WS_PROXY: proxy.address };
    // Asynchronous, so that this process keeps carrying the proxy's traffic while the tests run.
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        ...(files.length
          ? files
          : [
              'tests/api',
              'tests/http',
              ...CONCURRENT_DB_FILES,
              ...LOCAL_RUNTIME_FILES.flatMap((file) => ['--exclude', file]),
            ]),
      ],
      {
        stdio: 'inherit',
        env,
      },
    );
    const [code] = (await once(child, 'exit')) as [number | null];
    return code ?? 1;
  } finally {
    await proxy.close();
  }
}

if (process.env.TEST_DATABASE_URL) process.exit(await vitest(process.env.TEST_DATABASE_URL));

const bin = findBin();
if (!bin) {
  console.error('PostgreSQL is not installed (apt-get install -y postgresql): the PostgreSQL test pass cannot run.');
  process.exit(1);
}
/** Connections the throw-away server takes: above the run's measured peak (docs/testing.md). */
const MAX_CONNECTIONS = 400;
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'rmcp-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
const as = (cmd: string, args: string[]) =>
  asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args]) : execFileSync(cmd, args);
const port = await freePort();
let code: number;
try {
  as(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  // Several runtimes run at once here (the shared one and the files' own), each function with its
  // pool: PostgreSQL's default of 100 connections ran out mid-run ("too many clients", a 500). On
  // Neon the pooled endpoint takes the functions' connections (docs/operations.md).
  as(`${bin}/pg_ctl`, [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${MAX_CONNECTIONS}`,
    '-w',
    'start',
  ]);
  console.log(`\nPostgreSQL ${bin.split('/').at(-2)} on port ${port}: running the API and HTTP tests against it`);
  code = await vitest(`postgres://postgres@127.0.0.1:${port}/postgres`);
} finally {
  try {
    as(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
  } catch {
    // not started
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
