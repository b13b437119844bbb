/** /admin/{{kebab}}/details/{id}: the request's status (moves, history), Call and WhatsApp buttons, every field, Back and Delete. */
import { DetailsScreen } from '../../components/admin/DetailsScreen.tsx';
import { RecordDetails } from '../../components/admin/record-view.tsx';
import { WorkflowPanel } from '../../components/admin/WorkflowPanel.tsx';
import { ContactActions } from '../../components/admin/ContactActions.tsx';
import { {{CONST}}, type {{Pascal}} } from './{{kebab}}.ts';
import { {{CONST}}_WORKFLOW } from './workflow.ts';
import { {{camel}}Messages } from './contact.ts';
import { PrivacySection } from '../privacy/PrivacySection.tsx';

export default function {{Pascal}}Details() {
  return (
    <DetailsScreen
      title="{{Title}} request"
      resource="{{kebab}}"
      panel="/admin/{{kebab}}/panel"
      loadFailed="Failed to fetch the {{title}} request"
      confirm="Are you sure you want to delete this {{title}} request?"
      deleting="Deleting the {{title}} request..."
      deleted="{{Title}} request deleted successfully"
      deleteFailed="Failed to delete the {{title}} request"
    >
      {(record: {{Pascal}}, { replace }) => (
        <div className="details-sections">
          <WorkflowPanel resource="{{kebab}}" record={record} workflow={ {{CONST}}_WORKFLOW } onChanged={replace} />
          {!record.erasedAt && (
            <ContactActions
              mobile={record.mobile}
              who={`the parent of ${record.studentName}`}
              messages={ {{camel}}Messages(record) }
              language={record.language}
            />
          )}
          <RecordDetails def={ {{CONST}} } record={record} />
          <PrivacySection entity="{{kebab}}" record={record} onChanged={replace} />
        </div>
      )}
    </DetailsScreen>
  );
}
