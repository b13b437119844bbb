/** The TC request's server part as a kind of record (its shared part is ./kind.ts). */
import type { ServerKind } from '../../server/record-kind.ts';
import { checkTcReceipt } from './status-check.ts';
import { certificateFiles, dropCertificate } from './certificate.server.ts';
import { TC_REQUEST_KIND } from './kind.ts';
import { feeOwedSql } from '../fees/fee-sql.server.ts';

export const TC_REQUEST_SERVER: ServerKind = {
  // The fee owed and what is paid, for the messages that ask for the TC fee.
  messageColumns: `(SELECT coalesce(sum(p.amount_paise), 0) FROM payments p WHERE p.entity = 'tc-request' AND p.record_id = t.id)::text AS paid_paise,
    ${feeOwedSql('tc-request', TC_REQUEST_KIND.payment.fee, 't')}`,
  // The issued TC's scan.
  releaseFiles: dropCertificate,
  exportFiles: certificateFiles,
  receipt: {
    student: 't.student_name',
    parent: 't.parent_name',
    admissionNumber: 't.admission_number',
    proof: { field: 'admissionNumber', column: 'admission_number', mobile: 'contact' },
    check: checkTcReceipt,
    notFound: 'statusCheck.notFound.tc',
  },
};
