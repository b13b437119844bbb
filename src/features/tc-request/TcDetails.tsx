/** /admin/tc-requests/details/{reqId}: every field, Back and Delete (no confirmation). */
import { DetailsScreen } from '../../components/admin/DetailsScreen.tsx';
import { RecordDetails } from '../../components/admin/record-view.tsx';
import { TC_REQUEST, type TcRequest } from './tc-request.ts';
import { PaymentsSection } from '../payments/PaymentsSection.tsx';

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
      {(record: TcRequest, reload) => (
        <>
          <RecordDetails def={TC_REQUEST} record={record} />
          <PaymentsSection entity="tc-request" record={record} onChange={reload} />
        </>
      )}
    </DetailsScreen>
  );
}
