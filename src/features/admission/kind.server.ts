/** The admission application's server part as a kind of record (its shared part is ./kind.ts). */
import type { ServerKind } from '../../server/record-kind.ts';
import { query } from '../../server/db.ts';
import { ageCheck } from '../../lib/age.ts';
import { checkAdmissionReceipt } from './status-check.ts';
import { ADMISSION_KIND } from './kind.ts';
import { feeOwedSql } from '../fees/fee-sql.server.ts';

const person = (who: string) =>
  `concat_ws(' ', nullif(t.${who}_first_name, ''), nullif(t.${who}_middle_name, ''), nullif(t.${who}_last_name, ''))`;

export const ADMISSION_SERVER: ServerKind = {
  // The fee owed and what is paid, for the letter asking an admitted family for the rest of the fee.
  messageColumns: `(SELECT coalesce(sum(p.amount_paise), 0) FROM payments p WHERE p.entity = 'admission' AND p.record_id = t.id)::text AS paid_paise,
    ${feeOwedSql('admission', ADMISSION_KIND.payment.fee, 't')}`,
  erase: async (tx, id) =>
    (
      await tx.query<{ blob_key: string }>(`DELETE FROM uploads WHERE admission_id = $1 RETURNING blob_key`, [id])
    ).rows.map((r) => r.blob_key),
  exportDocuments: (id) =>
    query<{ field: string; blob_key: string; content_type: string }>(
      `SELECT field, blob_key, content_type FROM uploads WHERE admission_id = $1 AND field IS NOT NULL ORDER BY field`,
      [id],
    ),
  // A corrected date of birth is judged again against the class's age range, as on the form.
  corrected: async (tx, id, field, value, record) => {
    if (field.name !== 'dateOfBirth') return;
    const outside =
      ageCheck(value, String(record.admissionClass ?? ''), String(record.session ?? ''))?.outside ?? false;
    await tx.query(`UPDATE admissions SET age_outside_range = $2 WHERE id = $1`, [id, outside]);
  },
  receipt: {
    student: person('student'),
    // The father's name, the mother's when none is given.
    parent: `coalesce(nullif(${person('father')}, ''), ${person('mother')})`,
    session: 't.session',
    admissionClass: 't.admission_class',
    applicationReference: 't.reference_number',
    proof: { field: 'referenceNumber', column: 'reference_number', mobile: 'contact_no' },
    check: checkAdmissionReceipt,
    notFound: 'statusCheck.notFound.admission',
  },
};
