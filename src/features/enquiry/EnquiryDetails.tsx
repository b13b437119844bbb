/**
 * /admin/enquiry/details/{enqId}: the enquiry's status (moves with a next follow-up date, history),
 * Call and WhatsApp buttons for the father's mobile, every field, Back and Delete (with confirmation).
 */
import { DetailsScreen } from '../../components/admin/DetailsScreen.tsx';
import { RecordDetails } from '../../components/admin/record-view.tsx';
import { WorkflowPanel } from '../../components/admin/WorkflowPanel.tsx';
import { ContactActions } from '../../components/admin/ContactActions.tsx';
import type { MoveInput } from '../../lib/workflow.ts';
import { ENQUIRY, type Enquiry } from './enquiry.ts';
import { ENQUIRY_ENDED, ENQUIRY_WORKFLOW, type EnquiryStatus } from './workflow.ts';
import { enquiryMessages } from './contact.ts';
import { FollowUp } from './FollowUp.tsx';
import { PrivacySection } from '../privacy/PrivacySection.tsx';

const FOLLOW_UP: MoveInput = { name: 'nextFollowUp', label: 'Next follow-up date', kind: 'date', max: 10 };
const followUpWith = (to: string) => (ENQUIRY_ENDED.includes(to as EnquiryStatus) ? [] : [FOLLOW_UP]);

export default function EnquiryDetails() {
  return (
    <DetailsScreen
      title="Enquiry Details"
      resource="enquiry"
      panel="/admin/enquiry/panel"
      // No message is given for a failed enquiry load; this one matches the other screens.
      loadFailed="Failed to fetch enquiry details"
      confirm="Are you sure you want to delete this enquiry?"
      deleting="Deleting enquiry..."
      deleted="Enquiry deleted successfully"
      deleteFailed="Failed to delete enquiry"
    >
      {(record: Enquiry, { replace }) => (
        <div className="details-sections">
          <WorkflowPanel
            resource="enquiry"
            record={record}
            workflow={ENQUIRY_WORKFLOW}
            onChanged={replace}
            optionalInputs={followUpWith}
          />
          {!record.erasedAt && !ENQUIRY_ENDED.includes(record.status as EnquiryStatus) && (
            <FollowUp key={record.nextFollowUp ?? ''} enquiry={record} onChanged={replace} />
          )}
          {!record.erasedAt && (
            <ContactActions
              mobile={record.fatherMobile}
              who={`the father of ${record.studentName}`}
              messages={enquiryMessages(record)}
              language={record.language}
            />
          )}
          <RecordDetails def={ENQUIRY} record={record} />
          <PrivacySection entity="enquiry" record={record} onChanged={replace} />
        </div>
      )}
    </DetailsScreen>
  );
}
