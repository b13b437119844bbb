/** /admin/tc-requests/details/{reqId}: every field, Back and Delete (no confirmation, per spec). */
import { formatDateTime } from '../../lib/admin/format.ts';
import type { TcRequest } from '../../lib/admin/types.ts';
import { DetailsScreen } from './DetailsScreen.tsx';
import { FieldList } from './ui.tsx';

export default function TcDetails() {
  return (
    <DetailsScreen
      title="TC Request Details"
      resource="tc-request"
      panel="/admin/tc-requests/panel"
      loadFailed="Failed to fetch Tc Request"
      deleted="Tc Request Deleted Successfully"
      deleteFailed="Failed to delete Tc Request"
    >
      {(record: TcRequest) => (
        <FieldList
          rows={[
            ['Student name', record.studentName],
            ['Admission number', record.admissionNumber],
            ['Aadhaar (masked)', record.aadharUid],
            ['Parent name', record.parentName],
            ['Reason', record.reason],
            ['Contact', record.contact],
            ['Email', record.email],
            ['Payment status', record.paymentStatus],
            ['Transaction ID', record.transactionId || 'N/A'],
            ['Requested on', formatDateTime(record.createdAt)],
          ]}
        />
      )}
    </DetailsScreen>
  );
}
