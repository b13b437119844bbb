/**
 * The SQL every reader of a record's fee uses (payments, receipts, letters, exports): kept apart
 * from the fee API and page so that the scripts (cleanup, retention), which reach it through the
 * record kinds, load no page code.
 */
import type { FeeItem } from './fees.ts';

/** `session`'s order among the set sessions: itself or the latest before it first, else the earliest after it. */
export const CARRY_OVER = (session: string, column = 'session') =>
  `(${column} <= ${session}) DESC, CASE WHEN ${column} <= ${session} THEN ${column} END DESC, ${column}`;

/**
 * SQL for the fee a record owes now, in paise (NULL when none is set), from its row under `alias`:
 * an admission's class's fee for its session, or the TC fee.
 */
function currentFeeSql(fee: FeeItem, alias: string): string {
  if (fee.item === 'transfer-certificate') return '(SELECT tf.amount_paise FROM tc_fee tf)';
  const session = `${alias}.${fee.sessionColumn}`;
  return `(SELECT af.amount_paise FROM admission_fees af WHERE af.admission_class = ${alias}.${fee.classColumn}
            ORDER BY ${CARRY_OVER(session, 'af.session')} LIMIT 1)`;
}

/**
 * SQL for the fee record `alias`.id of `entity` owes, as `fee_paise` text: the fee its first
 * payment was made against (fixed from then on), else the school's fee now.
 */
export function feeOwedSql(entity: string, fee: FeeItem, alias: string): string {
  return `coalesce(
      (SELECT fp.fee_paise FROM payments fp WHERE fp.entity = '${entity}' AND fp.record_id = ${alias}.id AND fp.fee_paise IS NOT NULL
        ORDER BY fp.created_at, fp.receipt_number LIMIT 1),
      ${currentFeeSql(fee, alias)})::text AS fee_paise`;
}

/** A fee read with feeOwedSql from a row, in paise; undefined when none is set. */
export const feeOwed = (row: Record<string, unknown> | undefined): number | undefined =>
  row?.fee_paise === null || row?.fee_paise === undefined ? undefined : Number(row.fee_paise);
