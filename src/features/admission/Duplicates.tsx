/** Other applications that look like the same child's (same Aadhaar, or same mobile number and first name), with links. */
import { useId } from 'react';
import { formatDate } from '../../lib/dates.ts';
import { classText } from '../../lib/classes.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { ADMISSION_WORKFLOW } from './workflow.ts';
import type { PossibleDuplicate } from './admission.ts';

const why = (d: PossibleDuplicate) =>
  [d.sameAadhaar && 'same Aadhaar number', d.sameContact && 'same mobile number and first name']
    .filter(Boolean)
    .join(', ');

export function Duplicates({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  const id = useId();
  if (!duplicates.length) return null;
  return (
    <section aria-labelledby={id} className="details-card duplicates">
      <h2 id={id}>Possible duplicate applications ({duplicates.length})</h2>
      <p className="hint">These applications may be for the same child. Check before deciding.</p>
      <ul>
        {duplicates.map((d) => (
          <li key={d._id}>
            <a href={`/admin/admissions/details/${encodeURIComponent(d._id)}`}>{d.referenceNumber}</a>: {d.studentName},{' '}
            {classText(d.admissionClass)}, {statusLabel(ADMISSION_WORKFLOW, d.status)}, applied{' '}
            {formatDate(d.createdAt)} ({why(d)})
          </li>
        ))}
      </ul>
    </section>
  );
}
