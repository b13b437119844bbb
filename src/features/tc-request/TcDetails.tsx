/**
 * /admin/tc-requests/details/{reqId}: the request's status (fee paid, issued with the TC's number
 * and date, or rejected with a reason; history), once issued the signed TC's scan for
 * verification, the register's pupil of its admission number (warned when the name or the date of
 * birth differ), the principal's Issue TC form (the TC drawn from the register, then Print TC),
 * the other requests for the same admission number
 * (flagged when it came past the two, when others are open and when from another mobile number), Call and WhatsApp buttons, every field, the fee and
 * its payments, Back and Delete (no confirmation).
 */
import { DetailsScreen } from '../../components/admin/DetailsScreen.tsx';
import { RecordDetails } from '../../components/admin/record-view.tsx';
import { WorkflowPanel } from '../../components/admin/WorkflowPanel.tsx';
import { ContactActions } from '../../components/admin/ContactActions.tsx';
import { TC_REQUEST, type TcRequest } from './tc-request.ts';
import { PaymentsSection } from '../payments/PaymentsSection.tsx';
import { TC_WORKFLOW } from './workflow.ts';
import { tcMessages } from './contact.ts';
import { PrivacySection } from '../privacy/PrivacySection.tsx';
import { OtherRequests } from './OtherRequests.tsx';
import { CertificateSection } from './CertificateSection.tsx';
import { IssueTcSection, RegisterMatchSection } from './IssueTc.tsx';

export default function TcDetails() {
  return (
    <DetailsScreen
      title="TC Request Details"
      resource="tc-request"
      panel="/admin/tc-requests/panel"
      loadFailed="Failed to fetch Tc Request"
      deleted="Tc Request Deleted Successfully"
      deleteFailed="Failed to delete Tc Request"
    >
      {(record: TcRequest, { replace, reload }) => (
        <div className="details-sections">
          {/* With the pupil in the register, the TC is issued from it (its series, the pupil left), not typed by hand. */}
          <WorkflowPanel
            resource="tc-request"
            record={record}
            workflow={TC_WORKFLOW}
            onChanged={replace}
            leaveOut={record.registerMatch?.pupil ? ['issued'] : []}
          />
          <RegisterMatchSection record={record} />
          <IssueTcSection record={record} onIssued={reload} />
          <CertificateSection record={record} onChanged={replace} />
          <OtherRequests requests={record.otherRequests ?? []} overLimit={record.overLimit === true} />
          {!record.erasedAt && (
            <ContactActions
              mobile={record.contact}
              who={`the parent of ${record.studentName}`}
              messages={tcMessages(record)}
              language={record.language}
            />
          )}
          <RecordDetails def={TC_REQUEST} record={record} />
          <PaymentsSection entity="tc-request" record={record} onChange={reload} />
          <PrivacySection entity="tc-request" record={record} onChanged={replace} />
        </div>
      )}
    </DetailsScreen>
  );
}
