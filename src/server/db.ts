/**
 * The database: plain parameterised SQL over a pg-compatible pool.
 * Production (Netlify + Neon) uses @neondatabase/serverless over WebSocket; the local runtime's
 * PGlite gateway uses node-postgres. The PostgreSQL test pass runs production's driver against a
 * local server through a WebSocket-to-TCP proxy (scripts/ws-proxy.ts), told by DATABASE_DRIVER=neon
 * and DATABASE_WS_PROXY. Same SQL everywhere.
 */
import pg from 'pg';
import { Pool as NeonPool, neonConfig } from '@neondatabase/serverless';
import { getConnectionString } from '@netlify/database';
import ws from 'ws';

export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number | null }>;
}
interface Listening {
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}
export interface PoolLike extends Queryable {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: Queryable) => void): unknown;
  connect(): Promise<Queryable & Listening & { release(err?: boolean | Error): void }>;
  end(): Promise<void>;
}

let pool: PoolLike | undefined;

type StatementListener = (text: string) => void;
const statementListeners = new Set<StatementListener>();

/**
 * Hears the text of every statement sent from now on, until the returned function is called: a
 * diagnostic (tests/db/round-trips names the statements of a request that asks more than its figure).
 */
export function onStatement(listener: StatementListener): () => void {
  statementListeners.add(listener);
  return () => statementListeners.delete(listener);
}

/** Each connection the pool opens tells the listeners what it sends (the pool itself sends through it, with a callback). */
function tellStatements(client: Queryable): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text);
    for (const listener of statementListeners) listener(text);
    return send(...args);
  }) as Queryable['query'];
}

/** DATABASE_URL (the admin CLI, tests against PostgreSQL) wins over the platform's NETLIFY_DB_URL. */
export function connectionString(): string {
  return process.env.DATABASE_URL || getConnectionString();
}

function isLocal(url: URL): boolean {
  return ['localhost', '127.0.0.1', '::1', '[::1]'].includes(url.hostname);
}

/** node-postgres falls back to $USER when a URL names no user, and CI has no $USER. */
export function withDefaultUser(raw: string): string {
  const url = new URL(raw);
  if (!url.username) url.username = 'postgres';
  return url.toString();
}

/** Connections per pool (per function instance), the same on both drivers. */
const POOL_SIZE = 10;

export type DriverName = 'neon' | 'node-postgres';

/**
 * Which driver reaches the database: DATABASE_DRIVER (`neon` or `pg`) when DATABASE_URL is given
 * (it says how to reach that URL, so a runtime on the local PGlite gateway is not redirected);
 * else node-postgres for a local or `server` database, and Neon's for the rest (production).
 */
export function databaseDriver(): DriverName {
  const chosen = process.env.DATABASE_URL ? process.env.DATABASE_DRIVER : undefined;
  if (chosen === 'neon') return 'neon';
  if (chosen === 'pg') return 'node-postgres';
  if (chosen) throw new Error(`DATABASE_DRIVER must be neon or pg, not ${chosen}`);
  return process.env.NETLIFY_DB_DRIVER === 'server' || isLocal(new URL(connectionString())) ? 'node-postgres' : 'neon';
}

/**
 * Neon's driver over WebSocket: to Neon itself by default (wss:// to the database's host), or,
 * with DATABASE_WS_PROXY (`host:port`), through a plain ws:// proxy to a server that is not Neon's,
 * as the driver's CONFIG.md sets it for a local server: no TLS on the WebSocket or inside it, and
 * no pipelined password (a local server may not ask for one).
 */
function neonPool(raw: string): PoolLike {
  if (typeof WebSocket === 'undefined') neonConfig.webSocketConstructor = ws;
  const proxy = process.env.DATABASE_WS_PROXY;
  if (proxy) {
    neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  return new NeonPool({ connectionString: raw, max: POOL_SIZE }) as unknown as PoolLike;
}

export function getPool(): PoolLike {
  if (pool) return pool;
  const raw = connectionString();
  pool =
    databaseDriver() === 'neon'
      ? neonPool(raw)
      : (new pg.Pool({ connectionString: withDefaultUser(raw), max: POOL_SIZE }) as unknown as PoolLike);
  // A connection the server ends while it waits in the pool (Neon suspending or restarting a compute,
  // a server restart) leaves the pool; unheard, its error would end the function instance.
  pool.on('error', (error) => console.warn(`[database] an idle connection was closed: ${error.message}`));
  pool.on('connect', tellStatements);
  return pool;
}

export async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const result = await getPool().query<T>(text, params);
  return result.rows;
}

export async function queryOne<T = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  const rows = await query<T>(text, params);
  return rows[0];
}

/** Runs `fn` in one transaction: all of it is stored, or none of it. */
export async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  // A connection lost mid-transaction fails its query; its error event, unheard, would end the
  // instance. Such a connection is dropped at release, not handed to the next caller.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((failed: unknown) => {
      broken ??= failed instanceof Error ? failed : new Error(String(failed));
    });
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

export async function closePool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.end();
}

/** `$1, $2, ... $n`: the parameters of `n` values in a statement. */
export const placeholders = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else is answered 404 without asking the database. */
export const isUuid = (value: string | undefined): value is string => !!value && UUID.test(value);
