/**
 * A throw-away PostgreSQL cluster from Debian's package, for the PostgreSQL test pass and the
 * distance bench: initdb in a temporary folder, started on a free loopback port, removed at stop.
 * As the `postgres` user when run as root, since PostgreSQL refuses to run as root.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  stop(): void;
}

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

export class PostgresMissingError extends Error {
  constructor() {
    super('PostgreSQL is not installed (apt-get install -y postgresql).');
  }
}

/** Starts the cluster; `maxConnections` above the peak of what will connect at once. */
export async function startPgCluster(maxConnections: number): Promise<PgCluster & { version: string }> {
  const bin = findBin();
  if (!bin) throw new PostgresMissingError();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'rmcp-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const as = (cmd: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args]) : execFileSync(cmd, args);
  const port = await freePort();
  const stop = () => {
    try {
      as(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // not started
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    as(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
    // A throw-away cluster need not survive a power cut: no waits on the disk (the SQL is the same).
    const durability = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    as(`${bin}/pg_ctl`, [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections} ${durability}`,
      '-w',
      'start',
    ]);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: bin.split('/').at(-2)!, stop };
}
