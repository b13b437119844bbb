/**
 * A new AADHAAR_KEY for every sealed Aadhaar number (`npm run admin -- rotate-aadhaar-key`): each
 * is opened with the old key and sealed again with the new one, its keyed look-up hash (the
 * duplicate check's) computed again. Batches of 500 by id, each its own transaction; a number under
 * the new key already is left alone, so a stopped run is simply run again.
 */
import { aadhaarKeys, rotateAadhaar } from '../../server/aadhaar.ts';
import { query, transaction } from '../../server/db.ts';
import { KINDS } from '../kinds.ts';

const BATCH = 500;

/** Every sealed column of every kind: table and column prefix (`<column>_enc`, `_hash`, `_last4`). */
const SEALED = KINDS.flatMap(({ definition }) =>
  definition.fields.filter((f) => f.kind === 'aadhaar').map((f) => ({ table: definition.table, column: f.column })),
);

export interface RotationResult {
  rotated: number;
  /** Under the new key already. */
  current: number;
}

export async function rotateAadhaarKey(oldKey: string, newKey: string): Promise<RotationResult> {
  const from = aadhaarKeys(oldKey);
  const to = aadhaarKeys(newKey);
  const result: RotationResult = { rotated: 0, current: 0 };
  for (const { table, column } of SEALED) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await query<{ id: string; enc: string }>(
        `SELECT id, ${column}_enc AS enc FROM ${table} WHERE ${column}_enc IS NOT NULL AND id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      if (!rows.length) break;
      after = rows.at(-1)!.id;
      const changes = rows.map((row) => ({ row, sealed: rotateAadhaar(row.enc, from, to) }));
      await transaction(async (tx) => {
        for (const { row, sealed } of changes) {
          if (!sealed) continue;
          // Only if unchanged since it was read: a correction in between keeps its own value.
          await tx.query(
            `UPDATE ${table} SET ${column}_enc = $3, ${column}_hash = $4 WHERE id = $1 AND ${column}_enc = $2`,
            [row.id, row.enc, sealed.enc, sealed.hash],
          );
        }
      });
      for (const { sealed } of changes) result[sealed ? 'rotated' : 'current'] += 1;
    }
  }
  return result;
}
