/**
 * /admin/tc-requests/panel: TC requests with one search box (the student's or parent's name, the
 * admission or mobile number), the admission number, status and dates, 50 a page. A row whose
 * admission number was requested from more than one mobile number is marked in words.
 */
import { RecordPanel, paidSinceFilter, receivedSinceFilter, statusFilter } from '../../components/admin/RecordPanel.tsx';
import { TC_WORKFLOW } from './workflow.ts';
import { TC_REQUEST, type TcRequest } from './tc-request.ts';

/** The list's mark of a row (the details screen lists the requests). */
const DIFFERENT_MOBILES = 'Requested from different mobiles';

export default function TcPanel() {
  return (
    <RecordPanel<TcRequest>
      title="TC Requests"
      def={TC_REQUEST}
      resource="/tc-request"
      answer="paged"
      exportable
      filters={[
        { key: 'search', param: 'search', label: 'Search by student name, parent, admission number or mobile' },
        { key: 'admissionNumber', param: 'admissionNumber', label: 'Search by admission number' },
        statusFilter(TC_WORKFLOW),
        receivedSinceFilter,
        paidSinceFilter,
      ]}
      loadFailed="failed to load requests"
      emptyText="No TC requests found."
      failedText="Could not load the requests."
      detailsPath="/admin/tc-requests/details/"
      linkLabel={(r) => `View TC request of ${r.studentName}`}
      mark={(r) => (r.differentMobiles ? DIFFERENT_MOBILES : undefined)}
    />
  );
}
