/**
 * The HTTP and database-layer tests (tests/http, tests/db) once more against a real PostgreSQL server (Debian's package), so the
 * SQL is proven beyond PGlite. Uses TEST_DATABASE_URL when given; otherwise starts a throw-away
 * cluster (as the `postgres` user when run as root, since PostgreSQL refuses to run as root).
 * Test files given as arguments run alone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** The test files named on the command line (`node scripts/test-postgres.ts tests/http/x.test.ts`), else all of tests/http and tests/db. */
const files = process.argv.slice(2);

function vitest(url: string): number {
  const result = spawnSync('npx', ['vitest', 'run', ...(files.length ? files : ['tests/http', 'tests/db'])], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(vitest(process.env.TEST_DATABASE_URL));

const bin = findBin();
if (!bin) {
  console.error('PostgreSQL is not installed (apt-get install -y postgresql): the PostgreSQL test pass cannot run.');
  process.exit(1);
}
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'rmcp-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
const as = (cmd: string, args: string[]) => (asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args]) : execFileSync(cmd, args));
const port = await freePort();
let code = 1;
try {
  as(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  as(`${bin}/pg_ctl`, ['-D', data, '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', 'start']);
  console.log(`\nPostgreSQL ${bin.split('/').at(-2)} on port ${port}: running the HTTP tests against it`);
  code = vitest(`postgres://postgres@127.0.0.1:${port}/postgres`);
} finally {
  try {
    as(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
  } catch {
    // not started
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
