/**
 * A database of the test file's own, migrated with the project's migration runner: a PGlite in
 * this worker behind the same patched Postgres wire gateway the local runtime uses (one session
 * at a time, behind a password), or, when the run is against a real PostgreSQL server
 * (TEST_DATABASE_URL), a fresh database on it, dropped at the end of the run. Nothing is shared with another
 * file, so no file waits for another or sees its rows. Both start from the run's template
 * (tests/support/db-global-setup.ts), migrated once: a PGlite cluster's first start and the
 * migrations cost seconds per file otherwise.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { NetlifyDB } from '@netlify/database-dev';
import { migrate, pgExecutor } from '../../scripts/migrate.ts';
import { installLocalDatabasePatches } from '../../scripts/local-runtime/patches.ts';
import { withDefaultUser } from '../../src/server/db.ts';

const repo = resolve(import.meta.dirname, '../..');

export interface FreshDatabase {
  /** A connection string for node-postgres (and for a child process such as `npm run cleanup`). */
  url: string;
  stop(): Promise<void>;
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

async function onServer(server: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDefaultUser(server) });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function databaseUrl(server: string, name: string): string {
  const url = new URL(withDefaultUser(server));
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrated template: a PGlite data folder, or a database on the PostgreSQL server. */
export async function createTemplate(): Promise<{ name: string; remove(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = uniqueName('rmcp_template');
    await onServer(server, `CREATE DATABASE ${name}`);
    const executor = pgExecutor(databaseUrl(server, name));
    try {
      await migrate(executor, repo);
    } finally {
      await executor.close();
    }
    return {
      name,
      // The files' databases go with the template, once every file is done: dropped at a file's end, a
      // pool's connection still closing could be cut off mid-goodbye and fail the run.
      async remove() {
        const admin = new pg.Client({ connectionString: withDefaultUser(server) });
        await admin.connect();
        try {
          const { rows } = await admin.query<{ datname: string }>(
            `SELECT datname FROM pg_database WHERE datname LIKE $1`,
            [`${name}\\_%`],
          );
          for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await admin.end();
        }
      },
    };
  }
  const name = await mkdtemp(join(tmpdir(), 'rmcp-db-template-'));
  const db = new NetlifyDB({ directory: name, logger: () => undefined });
  await db.start();
  await migrate(db, repo);
  await db.stop();
  return { name, remove: () => rm(name, { recursive: true, force: true }) };
}

let patched = false;

export async function freshDatabase(): Promise<FreshDatabase> {
  const server = process.env.TEST_DATABASE_URL;
  const template = inject('databaseTemplate');
  if (server) {
    // Named after the run's template, which drops it with itself at the end of the run.
    const name = `${template}_${Math.floor(Math.random() * 1e9)}`;
    await onServer(server, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    return { url: databaseUrl(server, name), stop: async () => undefined };
  }
  if (!patched) {
    installLocalDatabasePatches();
    patched = true;
  }
  const directory = await mkdtemp(join(tmpdir(), 'rmcp-db-'));
  await cp(template, directory, { recursive: true });
  const db = new NetlifyDB({ directory, logger: () => undefined });
  const url = await db.start();
  return {
    url,
    async stop() {
      await db.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
