/**
 * Which driver the runtime's functions reach the database with. On PGlite (the local runtime, `npm
 * start`) node-postgres to the gateway. On the PostgreSQL pass production's own driver,
 * @neondatabase/serverless over WebSocket, through the pass's WebSocket-to-TCP proxy
 * (scripts/ws-proxy.ts): every session the runtime holds on its database must be one the proxy
 * opened, so a runtime that fell back to node-postgres fails here.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedRuntime, RAISED_LIMITS, type TestRuntime } from '../support/runtime.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/global-setup.ts';
import { ApiClient } from '../support/api.ts';
import { createEnquiry } from './admin-fixtures.ts';
import type { WsProxyCounts } from '../../scripts/ws-proxy.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startIsolatedRuntime({ ADMIN_EMAIL, ADMIN_PASSWORD, ...RAISED_LIMITS });
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

/** Signs in and sends an enquiry (a session row, and the one-time create's transaction). */
async function useTheDatabase() {
  await new ApiClient(runtime.url).login(ADMIN_EMAIL, ADMIN_PASSWORD);
  await createEnquiry({}, runtime.url);
}

/**
 * The runtime's sessions on its PostgreSQL database, and those of them the WebSocket proxy did not
 * open, right after a request (its pools keep their connections a while after one).
 */
async function sessionsOnPostgres(client: pg.Client, database: string) {
  await useTheDatabase();
  const { rows } = await client.query<{ port: number }>(
    'SELECT client_port AS port FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND client_port IS NOT NULL',
    [database],
  );
  const counts = (await (await fetch(`http://${process.env.DATABASE_WS_PROXY}/connections`)).json()) as WsProxyCounts;
  return { some: rows.length > 0, direct: rows.map((r) => r.port).filter((port) => !counts.ports.includes(port)) };
}

// One test for both passes (no test is skipped on either): what differs is the driver each expects.
describe('the database driver', () => {
  it('on PGlite node-postgres to the gateway; on PostgreSQL Neon’s over WebSocket, every session through the proxy', async () => {
    if (!onPostgres) {
      await useTheDatabase();
      expect(runtime.output()).toMatch(/^Database driver: node-postgres$/m);
      return;
    }
    expect(process.env.DATABASE_DRIVER).toBe('neon');
    expect(process.env.DATABASE_WS_PROXY).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(runtime.output()).toContain(`Database driver: neon over WebSocket through ${process.env.DATABASE_WS_PROXY}`);
    const database = new URL(runtime.databaseUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: runtime.databaseUrl });
    await client.connect();
    try {
      // Polled: the migrations' own connection (node-postgres, before the runtime serves) may still be closing.
      await expect.poll(() => sessionsOnPostgres(client, database)).toEqual({ some: true, direct: [] });
    } finally {
      await client.end();
    }
  });

  it('a session the server ends (as Neon does when it suspends or restarts a compute) costs nothing: the next requests are answered', async () => {
    if (!onPostgres) {
      // PGlite's gateway ends no session of its own accord: what it serves is checked above.
      expect(runtime.output()).toMatch(/^Database driver: node-postgres$/m);
      return;
    }
    await useTheDatabase();
    const database = new URL(runtime.databaseUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: runtime.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      expect(rows.length).toBeGreaterThan(0);
      await expect
        .poll(
          async () =>
            (
              await client.query(
                'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
                [database],
              )
            ).rows[0].n,
        )
        .toBe(0);
    } finally {
      await client.end();
    }
    // The pools heard it (an unheard error event ends the instance that holds the pool).
    await expect
      .poll(() => runtime.output())
      .toContain('[database] an idle connection was closed: terminating connection due to administrator command');
    await useTheDatabase();
    await useTheDatabase();
    expect(runtime.output()).not.toMatch(/uncaught|unhandled|exited unexpectedly/i);
  });
});
