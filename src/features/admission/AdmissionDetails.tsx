/**
 * /admin/admissions/details/{admissionId}: Student, Admission, Scholarship, Documents and Payment
 * sections; documents open in a new tab (images also as thumbnails); Delete asks first.
 */
import { DetailsScreen } from '../../components/admin/DetailsScreen.tsx';
import { RecordDetails } from '../../components/admin/record-view.tsx';
import { ADMISSION, DETAILS_SECTIONS, type Admission } from './admission.ts';

export default function AdmissionDetails() {
  return (
    <DetailsScreen
      title="Admission Details"
      resource="admission"
      panel="/admin/admissions/panel"
      loadFailed="Failed to fetch admission details"
      confirm="Are you sure you want to delete this record?"
      deleting="Deleting record..."
      deleted="Record deleted successfully"
      deleteFailed="Failed to delete record"
    >
      {(record: Admission) => (
        <>
          <a className="btn" href={`/admin/admissions/print/${encodeURIComponent(record._id)}`}>Print application</a>
          <RecordDetails def={ADMISSION} record={record} sections={DETAILS_SECTIONS} />
        </>
      )}
    </DetailsScreen>
  );
}
