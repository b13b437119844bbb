/**
 * /admin/tc-requests/panel: TC requests with one search box (the student's or parent's name, the
 * admission or mobile number), the admission number, status and dates, 50 a page. A row is marked in
 * words when it came past the two requests an admission number may have, when its admission number
 * has more than one live request (whatever the mobiles), and when requests for it came from more
 * than one mobile number.
 */
import {
  RecordPanel,
  paidSinceFilter,
  receivedSinceFilter,
  statusFilter,
} from '../../components/admin/RecordPanel.tsx';
import { TC_WORKFLOW } from './workflow.ts';
import { TC_REQUEST, type TcRequest } from './tc-request.ts';

/** The list's marks of a row (the details screen lists the requests). */
const OVER_LIMIT = 'More requests than allowed for this admission number';
const MORE_THAN_ONE = 'More than one request for this admission number';
const DIFFERENT_MOBILES = 'Requested from different mobiles';

/** What the office should look at in a row, in words; where both hold, "different mobiles" says "more than one request" too. */
function markOf(r: TcRequest): string | undefined {
  const words = [
    r.overLimit ? OVER_LIMIT : (r.liveRequests ?? 0) > 1 && !r.differentMobiles ? MORE_THAN_ONE : undefined,
    r.differentMobiles ? DIFFERENT_MOBILES : undefined,
  ].filter((w) => w !== undefined);
  return words.length ? words.join('. ') : undefined;
}

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
      mark={markOf}
    />
  );
}
