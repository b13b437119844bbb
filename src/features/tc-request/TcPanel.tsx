/** /admin/tc-requests/panel: TC requests with search by student name and admission number, 50 a page. */
import { RecordPanel, statusFilter } from '../../components/admin/RecordPanel.tsx';
import { TC_WORKFLOW } from './workflow.ts';
import { TC_REQUEST, type TcRequest } from './tc-request.ts';

export default function TcPanel() {
  return (
    <RecordPanel<TcRequest>
      title="TC Requests"
      def={TC_REQUEST}
      resource="/tc-request"
      answer="paged"
      exportable
      filters={[
        { key: 'search', param: 'search', label: 'Search by student name' },
        { key: 'admissionNumber', param: 'admissionNumber', label: 'Search by admission number' },
        statusFilter(TC_WORKFLOW),
      ]}
      loadFailed="failed to load requests"
      emptyText="No TC requests found."
      failedText="Could not load the requests."
      detailsPath="/admin/tc-requests/details/"
      linkLabel={(r) => `View TC request of ${r.studentName}`}
    />
  );
}
