/**
 * /admin/admissions/panel: admissions with search by name, class and status, "Page X of Y"; a row
 * that looks like another application of the same child is marked, and so is one whose date of
 * birth was outside the class's age range.
 */
import { ALL_CLASSES } from '../../lib/classes.ts';
import { RecordPanel, statusFilter } from '../../components/admin/RecordPanel.tsx';
import { ADMISSION_WORKFLOW } from './workflow.ts';
import { textOf } from '../../components/admin/record-view.tsx';
import { ADMISSION, AGE_OUTSIDE, type Admission } from './admission.ts';
import { SeatsSummary } from './SeatsSummary.tsx';

export default function AdmissionsPanel() {
  return (
    <>
    <SeatsSummary />
    <RecordPanel<Admission>
      title="Admissions"
      def={ADMISSION}
      resource="/admission"
      answer="paged"
      exportable
      filters={[
        { key: 'name', param: 'searchName', label: 'Search by name' },
        { key: 'class', param: 'searchClass', label: 'Search by class', options: ALL_CLASSES, allLabel: 'All classes' },
        statusFilter(ADMISSION_WORKFLOW),
        { key: 'resent', param: 'resent', label: 'Re-sent by parents', check: true },
      ]}
      loadFailed="Failed to load admissions"
      emptyText="No admissions found."
      failedText="Could not load the admissions."
      detailsPath="/admin/admissions/details/"
      linkLabel={(r) => `View admission of ${textOf(ADMISSION, r, 'Student name')}`}
      mark={(r) => [r.duplicate && 'Possible duplicate', r.ageOutsideRange && AGE_OUTSIDE].filter(Boolean).join(' · ') || undefined}
    />
    </>
  );
}
