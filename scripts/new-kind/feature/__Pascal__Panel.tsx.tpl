/** /admin/{{kebab}}/panel: {{title}} requests with one search box (the student's or parent's name, the mobile number), status and received since, 50 a page. */
import { RecordPanel, receivedSinceFilter, statusFilter } from '../../components/admin/RecordPanel.tsx';
import { {{CONST}}_WORKFLOW } from './workflow.ts';
import { {{CONST}}, type {{Pascal}} } from './{{kebab}}.ts';

export default function {{Pascal}}Panel() {
  return (
    <RecordPanel<{{Pascal}}>
      title="{{Title}} requests"
      def={ {{CONST}} }
      resource="/{{kebab}}"
      // The answer is the list itself; the total comes in X-Total-Count.
      answer="list"
      exportable
      filters={[
        { key: 'search', param: 'search', label: 'Search by student name, parent or mobile' },
        statusFilter({{CONST}}_WORKFLOW),
        receivedSinceFilter,
      ]}
      loadFailed="failed to load {{title}} requests"
      emptyText="No {{title}} requests found."
      failedText="Could not load the {{title}} requests."
      detailsPath="/admin/{{kebab}}/details/"
      linkLabel={(r) => `View {{title}} request of ${r.studentName}`}
    />
  );
}
