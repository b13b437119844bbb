/**
 * The database layer on a database of this file's own (PGlite behind the local runtime's patched
 * gateway, or PostgreSQL when TEST_DATABASE_URL is set): sessions are isolated like a real server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { withDefaultUser } from '../../src/server/db.ts';
import { freshDatabase, type FreshDatabase } from '../support/database.ts';

const pools: pg.Pool[] = [];
let database: FreshDatabase;
beforeAll(async () => {
  database = await freshDatabase();
}, 60_000);
afterAll(() => database.stop());
const connect = () => {
  const pool = new pg.Pool({ connectionString: withDefaultUser(database.url), max: 20 });
  pools.push(pool);
  return pool;
};

describe('database sessions', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = connect();
    await pool.query('CREATE TABLE IF NOT EXISTS isolation_probe (tag text NOT NULL, n integer NOT NULL)');
  });
  afterAll(async () => {
    await pool.query('DROP TABLE IF EXISTS isolation_probe');
    await Promise.all(pools.map((p) => p.end()));
  });

  it('one connection rolling back does not undo another connection’s insert', async () => {
    const a = await pool.connect();
    const b = await pool.connect();
    try {
      await a.query('BEGIN');
      await a.query(`INSERT INTO isolation_probe VALUES ('rollback', 1)`);
      const insertB = b.query(`INSERT INTO isolation_probe VALUES ('rollback', 2)`);
      await new Promise((r) => setTimeout(r, 100));
      await a.query('ROLLBACK');
      await insertB;
      const { rows } = await pool.query(`SELECT n FROM isolation_probe WHERE tag = 'rollback' ORDER BY n`);
      expect(rows.map((r) => r.n)).toEqual([2]);
    } finally {
      a.release();
      b.release();
    }
  });

  it('transactions guarded by an advisory lock admit exactly the limit under concurrency', async () => {
    const attempt = async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('probe'))`);
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM isolation_probe WHERE tag = 'limit'`);
        if (rows[0].n < 2) await client.query(`INSERT INTO isolation_probe VALUES ('limit', 1)`);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: 20 }, attempt));
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM isolation_probe WHERE tag = 'limit'`);
    expect(rows[0].n).toBe(2);
  });
});
