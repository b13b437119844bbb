/**
 * The other TC requests for the same admission number, with links, on a request's details screen.
 * Requests from another mobile number are said so in words: one of them may be a stranger's.
 */
import { useId } from 'react';
import { formatDate } from '../../lib/dates.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { TC_WORKFLOW } from './workflow.ts';
import type { OtherTcRequest } from './tc-request.ts';

export function OtherRequests({ requests }: { requests: readonly OtherTcRequest[] }) {
  const id = useId();
  if (!requests.length) return null;
  const differ = requests.some((r) => r.otherMobile);
  return (
    <section aria-labelledby={id} className={`details-card other-requests${differ ? ' other-requests--differ' : ''}`}>
      <h2 id={id}>Other requests for this admission number ({requests.length})</h2>
      {differ && <p className="details-warning">Requested from different mobile numbers: check with the parent on the school's records before issuing a TC.</p>}
      <ul>
        {requests.map((r) => (
          <li key={r._id}>
            <a href={`/admin/tc-requests/details/${encodeURIComponent(r._id)}`}>{r.studentName || 'Erased request'}</a>: {statusLabel(TC_WORKFLOW, r.status)}, sent{' '}
            {formatDate(r.createdAt)}, mobile {r.contact || 'erased'}
            {r.otherMobile && <strong> (a different mobile number)</strong>}
          </li>
        ))}
      </ul>
    </section>
  );
}
