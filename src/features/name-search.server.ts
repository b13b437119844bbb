/**
 * What the office's search reads for names (the column `search_keys`, migration 0029): the names'
 * own words, as `search_names` has them, and a loose Latin key of each, tagged with its script
 * (src/server/name-keys.ts), so one GIN index answers a name typed in either script. The database
 * cannot make the keys (the transliteration is Sanscript, in JavaScript), so the server does: a
 * record's are NULL until made, and any change of a name sets them back to NULL (the migration's
 * trigger; erasure too). Before a search the list makes the NULL ones of its table, a batch at a
 * time, so a record sent or corrected since the last search is found; the hourly cleanup makes
 * the rest, as after the migration, when no record has any yet.
 */
import { query, type Queryable } from '../server/db.ts';
import { storedKeys } from '../server/name-keys.ts';
import { KINDS } from './kinds.ts';

/** Each kind's table and its name columns (the fields that hold a person's name, as search_names has them). */
const NAME_COLUMNS = new Map<string, string[]>(
  KINDS.map((kind) => [kind.table, kind.definition.fields.filter((f) => f.person).map((f) => f.column)]),
);

/**
 * Records whose keys a search makes before it reads the list. A batch of 500 takes some tens of
 * milliseconds; a day's new records are far fewer, so a search seldom makes more than a handful.
 */
export const SEARCH_BATCH = 500;

/**
 * Makes the keys of up to `limit` records of `table` that have none (in the order of their ids, as
 * the index of the missing ones has them): how many it made, and whether every record of the table
 * has keys now. A record changed meanwhile (its row version, xmin,
 * differs from the one read) is left for the next time, so its keys never come from names it no
 * longer has.
 */
export async function fillNameKeys(
  table: string,
  limit = SEARCH_BATCH,
  db?: Queryable,
): Promise<{ made: number; complete: boolean }> {
  const columns = NAME_COLUMNS.get(table);
  if (!columns) throw new Error(`No name columns for ${table}`);
  const run = async <T>(sql: string, params: unknown[]) =>
    db ? (await db.query<T>(sql, params)).rows : query<T>(sql, params);
  const rows = await run<Record<string, string | null>>(
    `SELECT id::text AS id, xmin::text AS version, ${columns.join(', ')} FROM ${table} WHERE search_keys IS NULL ORDER BY id LIMIT $1`,
    [limit],
  );
  if (rows.length === 0) return { made: 0, complete: true };
  const made = await run(
    `UPDATE ${table} AS t SET search_keys = strip(t.search_names) || strip(to_tsvector('simple', v.keys))
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, version, keys)
      WHERE t.id = v.id AND t.xmin::text = v.version AND t.search_keys IS NULL
      RETURNING t.id`,
    [rows.map((r) => r.id), rows.map((r) => r.version), rows.map((r) => storedKeys(columns.map((c) => r[c])))],
  );
  return { made: made.length, complete: rows.length < limit && made.length === rows.length };
}

/**
 * Makes every missing key of `tables` (every kind's), table by table, a batch at a time, until none
 * is left or `budgetMs` has passed (the scheduled cleanup's share of its run); the number made. `db`:
 * a connection of the caller's own (the benchmark's seeding), else the pool's.
 */
export async function fillAllNameKeys(
  budgetMs = 10_000,
  batch = 2_000,
  db?: Queryable,
  tables: readonly string[] = [...NAME_COLUMNS.keys()],
): Promise<number> {
  const until = Date.now() + budgetMs;
  let total = 0;
  for (const table of tables) {
    for (;;) {
      const { made, complete } = await fillNameKeys(table, batch, db);
      total += made;
      if (complete || made === 0 || Date.now() > until) break;
    }
    if (Date.now() > until) break;
  }
  return total;
}
