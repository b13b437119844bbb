/**
 * The database: plain parameterised SQL over a pg-compatible pool.
 * Production (Netlify + Neon) always uses @neondatabase/serverless; the local runtime's PGlite
 * gateway, and a real PostgreSQL server in CI, use node-postgres. Same SQL everywhere.
 */
import pg from 'pg';
import { Pool as NeonPool, neonConfig } from '@neondatabase/serverless';
import { getConnectionString } from '@netlify/database';
import ws from 'ws';

export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number | null }>;
}
interface PoolLike extends Queryable {
  connect(): Promise<Queryable & { release(err?: boolean | Error): void }>;
  end(): Promise<void>;
}

let pool: PoolLike | undefined;

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

export function getPool(): PoolLike {
  if (pool) return pool;
  const raw = connectionString();
  const url = new URL(raw);
  const useNodePg = process.env.NETLIFY_DB_DRIVER === 'server' || isLocal(url);
  if (useNodePg) {
    pool = new pg.Pool({ connectionString: withDefaultUser(raw), max: 10 }) as unknown as PoolLike;
  } else {
    if (typeof WebSocket === 'undefined') neonConfig.webSocketConstructor = ws;
    pool = new NeonPool({ connectionString: raw }) as unknown as PoolLike;
  }
  return pool;
}

export async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const result = await getPool().query<T>(text, params);
  return result.rows;
}

export async function queryOne<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T | undefined> {
  const rows = await query<T>(text, params);
  return rows[0];
}

/** Runs `fn` in one transaction: all of it is stored, or none of it. */
export async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
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
