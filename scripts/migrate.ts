/** Applies netlify/database/migrations (Netlify's convention and tracking table) to a database. */
import { join } from 'node:path';
import pg from 'pg';
import { applyMigrations, type SQLExecutor } from '@netlify/dev';
import { withDefaultUser } from '../src/server/db.ts';

export const MIGRATIONS_DIR = 'netlify/database/migrations';

/** A SQLExecutor over node-postgres, for DATABASE_URL (a real PostgreSQL server or Neon). */
export function pgExecutor(connectionString: string): SQLExecutor & { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: withDefaultUser(connectionString), max: 2 });
  return {
    exec: (sql) => pool.query(sql),
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx = {
          exec: (sql: string) => client.query(sql),
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as T[],
          }),
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function migrate(db: SQLExecutor, root: string): Promise<string[]> {
  return applyMigrations(db, join(root, MIGRATIONS_DIR));
}
