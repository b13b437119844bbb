/**
 * The other TC requests for the same admission number, with links, on a request's details screen.
 * Said in words: that this request came past the two an admission number may have (it waits for
 * the office's check), that the number has other live requests (whatever the mobiles), and which
 * came from another mobile number: one of them may be a stranger's.
 */
import { useId } from 'react';
import { formatDate } from '../../lib/dates.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { TC_WORKFLOW } from './workflow.ts';
import type { OtherTcRequest } from './tc-request.ts';

export function OtherRequests({
  requests,
  overLimit = false,
}: {
  requests: readonly OtherTcRequest[];
  overLimit?: boolean;
}) {
  const id = useId();
  if (!requests.length && !overLimit) return null;
  const differ = requests.some((r) => r.otherMobile);
  const live = requests.filter((r) => r.status !== 'rejected').length;
  return (
    <section
      aria-labelledby={id}
      className={`details-card other-requests${differ || overLimit || live ? ' other-requests--differ' : ''}`}
    >
      <h2 id={id}>Other requests for this admission number ({requests.length})</h2>
      {overLimit && (
        <p className="details-warning">
          More requests than allowed for this admission number: this one came when two others were already open, so it
          waits for your check. Check with the parent on the school's records which requests are theirs, and reject the
          others with a reason.
        </p>
      )}
      {!overLimit && live > 0 && (
        <p className="details-warning">
          {live === 1 ? 'Another request' : `${live} other requests`} for this admission number{' '}
          {live === 1 ? 'is' : 'are'} open: check which the parent made before issuing a TC.
        </p>
      )}
      {differ && (
        <p className="details-warning">
          Requested from different mobile numbers: check with the parent on the school's records before issuing a TC.
        </p>
      )}
      {requests.length > 0 && (
        <ul>
          {requests.map((r) => (
            <li key={r._id}>
              <a href={`/admin/tc-requests/details/${encodeURIComponent(r._id)}`}>
                {r.studentName || 'Erased request'}
              </a>
              : {statusLabel(TC_WORKFLOW, r.status)}, sent {formatDate(r.createdAt)}, mobile {r.contact || 'erased'}
              {r.otherMobile && <strong> (a different mobile number)</strong>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
