type Row = Record<string, unknown>;

/**
 * What a family is asked to pay, in paise, read from its record's row: the fee it owes
 * (`fee_paise`) less what is paid (`paid_paise`), nothing once waived or while no fee is set. The
 * kinds' `messageColumns` (src/features/<kind>/kind.server.ts) add both columns to the row.
 */
export function feeDue(row: Row): number {
  if (row.fee_waiver_note !== null && row.fee_waiver_note !== undefined) return 0;
  if (row.fee_paise === null || row.fee_paise === undefined) return 0;
  return Math.max(Number(row.fee_paise) - Number(row.paid_paise ?? 0), 0);
}
