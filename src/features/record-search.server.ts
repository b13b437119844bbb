/**
 * The records' search box (the filter of each kind's list, src/server/lists.ts): names in either
 * script through their keys (./name-search.server.ts, which knows each kind's name columns),
 * identifiers and mobile numbers by their start.
 */
import { likePrefix, type Filter } from '../server/lists.ts';
import { crossKey } from '../server/name-keys.ts';
import { nationalDigits } from '../lib/forms/phone.ts';
import { fillNameKeys } from './name-search.server.ts';

/** A typed word as a quoted prefix term of to_tsquery('simple', ...): a quote and a backslash escaped, so no tsquery syntax can be written. */
const prefixTerm = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;

/**
 * The condition of a typed name: every word must match (all of them required: 'ram sha' is ram
 * and sha), each either as the start of a word of the names or, across scripts, as the start of a
 * name key ("Sharma" finds शर्मा, आरव finds Aarav; src/server/name-keys.ts); a word of punctuation
 * only has no lexeme and matches nothing. Both are in `search_keys`, so it is one tsquery on one
 * GIN index: ('sharma':* | '1srm':*) & .... Until every record of the table has its keys (just
 * after migration 0029, `allKeyed` false), a record without them is matched by its names alone
 * (`search_names`, as before the keys). The words are parameters, not a subquery, so the planner
 * sees them and their frequency: an index scan for a rare name, the newest rows first for a word
 * most rows have.
 */
function nameCondition(typed: string, param: (value: unknown) => string, allKeyed: boolean): string {
  const words = typed.split(/\s+/).filter(Boolean);
  const either = words.map((word) => {
    const key = crossKey(word);
    return key ? `(${prefixTerm(word)} | '${key}':*)` : prefixTerm(word);
  });
  const keyed = `search_keys @@ to_tsquery('simple', ${param(either.join(' & '))})`;
  if (allKeyed) return keyed;
  return `(${keyed} OR (search_keys IS NULL AND search_names @@ to_tsquery('simple', ${param(words.map(prefixTerm).join(' & '))})))`;
}

/**
 * A typed mobile number as stored (10 digits), as a prefix: read as the forms read one (separators,
 * a +91 or a leading 0 dropped: nationalDigits). Undefined unless what was typed is a number of at
 * least 6 digits: fewer (a district's common 4-digit start) would match a good part of the school
 * and cost a scan of it.
 */
function mobilePrefix(typed: string): string | undefined {
  const digits = nationalDigits(typed);
  return digits && digits.length >= 6 ? `${digits}%` : undefined;
}

/**
 * The search box of a list: one text finds a record by every word of it in its names (the
 * student's or a parent's, each word a prefix, in the script typed or across Devanagari and Latin:
 * nameCondition), by the start of an identifier (reference or admission number, case-insensitive;
 * only when the text has a digit, as every such number has) or by a mobile number (the start of it,
 * at least 6 digits, typed or pasted as the forms take it). Each part is an OR arm only when it
 * applies, so each can use its own index (GIN on `search_keys`, `lower(identifier)
 * text_pattern_ops`, `mobile text_pattern_ops`, migrations 0016 and 0029) and PostgreSQL ORs their
 * bitmaps. Before the list is read, the records without name keys get them (a batch at a time).
 */
export const recordSearch = (columns: SearchColumns): Filter => searchFilter(columns, true);

interface SearchColumns {
  identifiers?: readonly string[];
  mobiles?: readonly string[];
}

/** The search, reading the names from their keys alone (`allKeyed`) or from the names where a record has none yet. */
const searchFilter = ({ identifiers = [], mobiles = [] }: SearchColumns, allKeyed: boolean): Filter => ({
  condition: (typed, param) => {
    const arms: string[] = [];
    // No name is a number: without a letter, the name arm would only cost the planner a guess.
    if (/\p{L}/u.test(typed)) arms.push(nameCondition(typed, param, allKeyed));
    const compact = typed.replace(/\s+/g, '');
    if (identifiers.length && /\d/.test(compact)) {
      const p = param(likePrefix(compact));
      for (const column of identifiers) arms.push(`lower(${column}) LIKE ${p}`);
    }
    const mobile = mobilePrefix(typed);
    if (mobiles.length && mobile) {
      const p = param(mobile);
      for (const column of mobiles) arms.push(`${column} LIKE ${p}`);
    }
    return arms.length ? `(${arms.join(' OR ')})` : 'false';
  },
  // A record sent in the moment between the keys made and the list read is found by the next search.
  prepare: async (table) =>
    (await fillNameKeys(table)).complete ? undefined : searchFilter({ identifiers, mobiles }, false),
});
