/** /admin/enquiry/details/{enqId}: every field, Back and Delete (with confirmation). */
import { DetailsScreen } from '../../components/admin/DetailsScreen.tsx';
import { RecordDetails } from '../../components/admin/record-view.tsx';
import { ENQUIRY, type Enquiry } from './enquiry.ts';

export default function EnquiryDetails() {
  return (
    <DetailsScreen
      title="Enquiry Details"
      resource="enquiry"
      panel="/admin/enquiry/panel"
      // No message is given for a failed enquiry load; this one matches the other screens.
      loadFailed="Failed to fetch enquiry details"
      confirm="Are you sure you want to delete this enquiry?"
      deleting="Deleting enquiry..."
      deleted="Enquiry deleted successfully"
      deleteFailed="Failed to delete enquiry"
    >
      {(record: Enquiry) => <RecordDetails def={ENQUIRY} record={record} />}
    </DetailsScreen>
  );
}
