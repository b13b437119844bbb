/**
 * /admin/enquiry/panel: enquiries with one search box (the student's or a parent's name, the
 * mobile number), admission class, status, received since and follow-ups due, 50 a page.
 */
import { ALL_CLASSES } from '../../lib/classes.ts';
import { RecordPanel, receivedSinceFilter, statusFilter } from '../../components/admin/RecordPanel.tsx';
import { ENQUIRY_WORKFLOW } from './workflow.ts';
import { ENQUIRY, type Enquiry } from './enquiry.ts';

export default function EnquiryPanel() {
  return (
    <RecordPanel<Enquiry>
      title="Enquiries"
      def={ENQUIRY}
      resource="/enquiry"
      // The answer is the list itself; the total comes in X-Total-Count.
      answer="list"
      exportable
      filters={[
        { key: 'search', param: 'search', label: 'Search by student name, parent or mobile' },
        {
          key: 'class',
          param: 'admissionClass',
          label: 'Search by admission class',
          options: ALL_CLASSES,
          allLabel: 'All classes',
        },
        statusFilter(ENQUIRY_WORKFLOW),
        receivedSinceFilter,
        { key: 'due', param: 'due', label: 'Follow-up due', check: true },
      ]}
      loadFailed="failed to load enquiries"
      emptyText="No enquiries found."
      failedText="Could not load the enquiries."
      detailsPath="/admin/enquiry/details/"
      linkLabel={(r) => `View enquiry of ${r.studentName}`}
    />
  );
}
