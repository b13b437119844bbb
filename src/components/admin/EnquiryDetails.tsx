/** /admin/enquiry/details/{enqId}: every field, Back and Delete (with confirmation). */
import { formatDate, formatDateTime } from '../../lib/admin/format.ts';
import type { Enquiry } from '../../lib/admin/types.ts';
import { DetailsScreen } from './DetailsScreen.tsx';
import { FieldList } from './ui.tsx';

export default function EnquiryDetails() {
  return (
    <DetailsScreen
      title="Enquiry Details"
      resource="enquiry"
      panel="/admin/enquiry/panel"
      // The spec names no message for a failed enquiry load; this one matches the other screens.
      loadFailed="Failed to fetch enquiry details"
      confirm="Are you sure you want to delete this enquiry?"
      deleting="Deleting enquiry..."
      deleted="Enquiry deleted successfully"
      deleteFailed="Failed to delete enquiry"
    >
      {(record: Enquiry) => (
        <FieldList
          rows={[
            ['Student name', record.studentName],
            ['Admission class', record.admissionClass],
            ["Father's name", record.fatherName],
            ["Mother's name", record.motherName],
            ['Gender', record.gender],
            ['Date of birth', formatDate(record.dateOfBirth) || record.dateOfBirth],
            ["Father's mobile", record.fatherMobile],
            ['Email', record.email],
            ['Category', record.category],
            ['Last school attended', record.lastSchoolAttended],
            ["Father's occupation", record.fatherOccupation],
            ["Mother's occupation", record.motherOccupation],
            ['Address', record.address],
            ['Referred by', record.referredBy],
            ['Received on', formatDateTime(record.createdAt)],
          ]}
        />
      )}
    </DetailsScreen>
  );
}
