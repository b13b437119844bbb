/**
 * /admin/admissions/panel: admissions with one search box (any name of the child or a parent, the
 * reference or the mobile number), class and status, "Page X of Y"; a row that looks like another
 * application of the same child is marked, and so is one whose date of birth was outside the class's
 * age range. Above it, one line of seats linking to /admin/seats.
 */
import { ALL_CLASSES } from '../../lib/classes.ts';
import {
  RecordPanel,
  paidSinceFilter,
  receivedSinceFilter,
  statusFilter,
} from '../../components/admin/RecordPanel.tsx';
import { ADMISSION_WORKFLOW } from './workflow.ts';
import { textOf } from '../../components/admin/record-view.tsx';
import { ADMISSION, AGE_OUTSIDE, type Admission } from './admission.ts';
import { SeatsLine } from './SeatsSummary.tsx';

export default function AdmissionsPanel() {
  return (
    <>
      <SeatsLine />
      <RecordPanel<Admission>
        title="Admissions"
        def={ADMISSION}
        resource="/admission"
        answer="paged"
        exportable
        filters={[
          { key: 'name', param: 'searchName', label: 'Search by name, reference or mobile' },
          {
            key: 'class',
            param: 'searchClass',
            label: 'Search by class',
            options: ALL_CLASSES,
            allLabel: 'All classes',
          },
          statusFilter(ADMISSION_WORKFLOW),
          { key: 'resent', param: 'resent', label: 'Re-sent by parents', check: true },
          receivedSinceFilter,
          paidSinceFilter,
        ]}
        loadFailed="Failed to load admissions"
        emptyText="No admissions found."
        failedText="Could not load the admissions."
        detailsPath="/admin/admissions/details/"
        linkLabel={(r) => `View admission of ${textOf(ADMISSION, r, 'Student name')}`}
        mark={(r) =>
          [r.duplicate && 'Possible duplicate', r.ageOutsideRange && AGE_OUTSIDE].filter(Boolean).join(' · ') ||
          undefined
        }
      />
    </>
  );
}
