/**
 * The name keys kept beside each record's names (the column `search_keys`, migration 0029), which
 * let the office's search cross scripts (src/server/name-keys.ts). The database cannot make them
 * (the transliteration is Sanscript, in JavaScript), so the server does: a record's keys are NULL
 * until made, and any change of a name sets them back to NULL (the migration's trigger; erasure
 * too). Before a search the list fills the NULL keys of its table, a batch at a time, so a record
 * sent or corrected since the last search is found; the hourly cleanup fills the rest, as after
 * the migration, when every record has none yet.
 */
import { query } from './db.ts';
import { storedKeys } from './name-keys.ts';
import { KINDS } from '../features/kinds.ts';

/** Each kind's table and its name columns (the fields that hold a person's name, as search_names has them). */
const NAME_COLUMNS = new Map<string, string[]>(KINDS.map((kind) => [kind.table, kind.definition.fields.filter((f) => f.person).map((f) => f.column)]));

/**
 * Records whose keys a search makes before it reads the list. A batch of 500 takes some tens of
 * milliseconds; a day's new records are far fewer, so a search seldom makes more than a handful.
 */
export const SEARCH_BATCH = 500;

/**
 * Makes the keys of up to `limit` records of `table` that have none; the number made. A record
 * changed meanwhile (its row version, xmin, differs from the one read) is left for the next time,
 * so its keys never come from names it no longer has.
 */
export async function fillNameKeys(table: string, limit = SEARCH_BATCH): Promise<number> {
  const columns = NAME_COLUMNS.get(table);
  if (!columns) throw new Error(`No name columns for ${table}`);
  const rows = await query<Record<string, string | null>>(
    `SELECT id::text AS id, xmin::text AS version, ${columns.join(', ')} FROM ${table} WHERE search_keys IS NULL LIMIT $1`,
    [limit],
  );
  if (rows.length === 0) return 0;
  const made = await query(
    `UPDATE ${table} AS t SET search_keys = strip(to_tsvector('simple', v.keys))
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, version, keys)
      WHERE t.id = v.id AND t.xmin::text = v.version AND t.search_keys IS NULL
      RETURNING t.id`,
    [rows.map((r) => r.id), rows.map((r) => r.version), rows.map((r) => storedKeys(columns.map((c) => r[c])))],
  );
  return made.length;
}

/**
 * Makes every missing key, table by table, a batch at a time, until none is left or `budgetMs`
 * has passed (the scheduled cleanup's share of its run); the number made.
 */
export async function fillAllNameKeys(budgetMs = 10_000, batch = 2_000): Promise<number> {
  const until = Date.now() + budgetMs;
  let total = 0;
  for (const table of NAME_COLUMNS.keys()) {
    for (;;) {
      const made = await fillNameKeys(table, batch);
      total += made;
      if (made < batch || Date.now() > until) break;
    }
    if (Date.now() > until) break;
  }
  return total;
}
