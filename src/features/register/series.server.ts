/**
 * The school's number series (table `number_series`, migration 0041): admission numbers and TC
 * numbers, each a prefix and the next number, so a school continues its paper register's numbering.
 */
import type { Queryable } from '../../server/db.ts';

export type SeriesName = 'admission' | 'tc';
export const SERIES_NAMES: readonly SeriesName[] = ['admission', 'tc'];

export interface Series {
  prefix: string;
  nextNumber: number;
  /** Digits the number is written with, zeros in front; 0: as it is. */
  width: number;
}

/** A number as the series writes it: 'A/' 1452 width 0 → 'A/1452'; '' 42 width 4 → '0042'. */
export const formatNumber = (series: Pick<Series, 'prefix' | 'width'>, n: number) =>
  `${series.prefix}${String(n).padStart(series.width, '0')}`.toUpperCase();

/**
 * The series' next number, taken: the UPDATE's row lock makes concurrent takers wait for each
 * other, so no two get the same number; run it in the transaction that stores the number, so a
 * rollback gives the number back and no gap is left.
 */
export async function takeNumber(tx: Queryable, series: SeriesName): Promise<string> {
  const { rows } = await tx.query<{ prefix: string; taken: number; width: number }>(
    `UPDATE number_series SET next_number = next_number + 1, updated_at = now()
      WHERE name = $1 RETURNING prefix, next_number - 1 AS taken, width`,
    [series],
  );
  const row = rows[0];
  if (!row) throw new Error(`no number series '${series}'`);
  return formatNumber(row, Number(row.taken));
}

/** Both series as the settings screen shows them. */
export async function readSeries(q: Queryable): Promise<Record<SeriesName, Series>> {
  const { rows } = await q.query<{ name: SeriesName; prefix: string; next_number: number; width: number }>(
    'SELECT name, prefix, next_number, width FROM number_series',
  );
  const of = (name: SeriesName): Series => {
    const row = rows.find((r) => r.name === name);
    return { prefix: row?.prefix ?? '', nextNumber: Number(row?.next_number ?? 1), width: Number(row?.width ?? 0) };
  };
  return { admission: of('admission'), tc: of('tc') };
}
