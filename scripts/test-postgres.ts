/**
 * The API tests (tests/api, in process), the runtime's HTTP tests (tests/http) and the database-layer files
 * about concurrent requests against a real PostgreSQL server (Debian's package), so the SQL is proven
 * beyond PGlite. Uses TEST_DATABASE_URL when given; otherwise starts a throw-away cluster
 * (scripts/pg-cluster.ts). The functions, in the test files' own
 * processes as in the runtimes, reach it with production's driver, @neondatabase/serverless over
 * WebSocket, through a WebSocket-to-TCP proxy started here (scripts/ws-proxy.ts), as Netlify's functions
 * reach Neon. Test files given as arguments run alone.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PostgresMissingError, startPgCluster } from './pg-cluster.ts';
import { startWsProxy } from './ws-proxy.ts';

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
  'outbox-whatsapp-sms',
  'public-mobile',
  'status-limits',
  'tc-fee-change',
  'tc-slots',
  'tc-walk',
].map((name) => `tests/db/${name}.test.ts`);

/** And the round trips each request makes, counted on the server production's driver reaches. */
const ROUND_TRIP_FILE = 'tests/db/round-trips.test.ts';

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
              ROUND_TRIP_FILE,
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

/**
 * Connections the throw-away server takes: above the run's measured peak (docs/testing.md). Several
 * runtimes run at once here (the shared one and the files' own), each function with its pool:
 * PostgreSQL's default of 100 ran out mid-run ("too many clients", a 500). On Neon the pooled endpoint
 * takes the functions' connections (docs/operations.md).
 */
const MAX_CONNECTIONS = 400;
let cluster: Awaited<ReturnType<typeof startPgCluster>>;
try {
  cluster = await startPgCluster(MAX_CONNECTIONS);
} catch (error) {
  console.error(
    error instanceof PostgresMissingError ? `${error.message} The PostgreSQL test pass cannot run.` : error,
  );
  process.exit(1);
}
let code: number;
try {
  console.log(`\nPostgreSQL ${cluster.version}: running the API and HTTP tests against it`);
  code = await vitest(cluster.url);
} finally {
  cluster.stop();
}
process.exit(code);
