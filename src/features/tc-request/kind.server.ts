/** The TC request's server part as a kind of record (its shared part is ./kind.ts). */
import type { ServerKind } from '../../server/record-kind.ts';
import { checkTcReceipt } from './status-check.ts';
import { certificateFiles, dropCertificate } from './certificate.server.ts';

export const TC_REQUEST_SERVER: ServerKind = {
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
