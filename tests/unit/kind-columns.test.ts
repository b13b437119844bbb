/**
 * Every column of every kind's table, read from the schema the migrations make (run here on an
 * in-process PGlite with the project's own runner), is declared by its kind's privacy list: either
 * personal (erasure sets it to NULL) or kept, with why. A column a migration adds that neither list
 * names fails here, so a new personal column cannot be forgotten by erasure; so does a table that
 * points at a kind's table without being declared as its child (its rows go with an erasure).
 */
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQLExecutor } from '@netlify/dev';
import { migrate } from '../../scripts/migrate.ts';
import { KINDS } from '../../src/features/kinds.ts';
import { personalColumns } from '../../src/features/privacy/privacy.ts';
import type { RecordKind } from '../../src/features/record-kind.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let db: PGlite;

/** The migrations' runner over PGlite, as over node-postgres in scripts/migrate.ts. */
function executor(pglite: PGlite): SQLExecutor {
  const over = (q: Pick<PGlite, 'exec' | 'query'>) => ({
    exec: (sql: string) => q.exec(sql),
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await q.query<T>(sql, params)).rows }),
  });
  return { ...over(pglite), transaction: (fn) => pglite.transaction((tx) => fn(over(tx))) } as SQLExecutor;
}

async function columnsOf(table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** The tables whose foreign keys point at `table`. */
async function childrenOf(table: string): Promise<string[]> {
  const { rows } = await db.query<{ child: string }>(
    `SELECT DISTINCT c.conrelid::regclass::text AS child FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = $1::regclass`,
    [table],
  );
  return rows.map((r) => r.child).sort();
}

/** What the schema has of `kind`'s table that its privacy list does not say, and what the list says that the schema has not. */
async function undeclared(kind: RecordKind) {
  const columns = await columnsOf(kind.table);
  const personal = personalColumns(kind.name as (typeof KINDS)[number]['name']);
  const kept = Object.keys(kind.privacy.keptColumns);
  return {
    neither: columns.filter((c) => !personal.includes(c) && !kept.includes(c)),
    both: personal.filter((c) => kept.includes(c)),
    missing: [...personal, ...kept].filter((c) => !columns.includes(c)),
    children: (await childrenOf(kind.table)).filter((t) => !Object.keys(kind.privacy.childTables ?? {}).includes(t)),
  };
}

beforeAll(async () => {
  db = new PGlite();
  await migrate(executor(db), ROOT);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe.each(KINDS.map((k) => [k.name, k] as const))('%s', (_, kind) => {
  it('declares each column of its migrated table personal or kept, once, and each of its child tables', async () => {
    expect((await columnsOf(kind.table)).length).toBeGreaterThan(10);
    expect(await undeclared(kind)).toEqual({ neither: [], both: [], missing: [], children: [] });
  });

  it('names only columns its table has for its letters, its search and its fee', async () => {
    const columns = await columnsOf(kind.table);
    const named = [
      ...(kind.letters ? [kind.letters.mobile] : []),
      ...(kind.letters?.email ? [kind.letters.email] : []),
      ...(kind.search.identifiers ?? []),
      ...(kind.search.mobiles ?? []),
      ...(kind.payment?.columns.split(', ') ?? []),
    ];
    expect(named.filter((c) => !columns.includes(c))).toEqual([]);
  });

  it('gives a reason for every column it keeps', () => {
    for (const [column, why] of Object.entries(kind.privacy.keptColumns))
      expect(why.trim().length, column).toBeGreaterThan(5);
  });
});

describe('a migration that adds a column erasure does not know', () => {
  it('fails the check, and so does a new table pointing at a kind', async () => {
    const enquiry = KINDS.find((k) => k.name === 'enquiry')!;
    await db.exec(
      `BEGIN; ALTER TABLE enquiries ADD COLUMN sibling_name text; CREATE TABLE enquiry_notes (id serial PRIMARY KEY, enquiry_id uuid REFERENCES enquiries (id), note text);`,
    );
    try {
      expect(await undeclared(enquiry)).toMatchObject({ neither: ['sibling_name'], children: ['enquiry_notes'] });
    } finally {
      await db.exec('ROLLBACK');
    }
    expect(await undeclared(enquiry)).toMatchObject({ neither: [], children: [] });
  });
});
