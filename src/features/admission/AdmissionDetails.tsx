/**
 * /admin/admissions/details/{admissionId}: the application's status (moves, history), the parent's
 * Call and WhatsApp buttons, possible duplicates, then the Student, Admission, Scholarship, Documents
 * (each with its checklist state and Verify / Reject) and Payment sections, the fee and its
 * payments, the parent's data requests (export, correct, erase; consent withdrawn); Delete asks first.
 */
import { DetailsScreen } from '../../components/admin/DetailsScreen.tsx';
import { RecordDetails } from '../../components/admin/record-view.tsx';
import { WorkflowPanel } from '../../components/admin/WorkflowPanel.tsx';
import { ContactActions } from '../../components/admin/ContactActions.tsx';
import { PaymentsSection } from '../payments/PaymentsSection.tsx';
import { ADMISSION, AGE_OUTSIDE, DETAILS_SECTIONS, type Admission } from './admission.ts';
import { formatDate } from '../../lib/dates.ts';
import { ageCheck } from '../../lib/age.ts';
import { classText } from '../../lib/classes.ts';
import { ADMISSION_WORKFLOW } from './workflow.ts';
import { DocumentCheck } from './DocumentCheck.tsx';
import { Duplicates } from './Duplicates.tsx';
import { admissionMessages, studentName } from './contact.ts';
import { PrivacySection } from '../privacy/PrivacySection.tsx';

/** Why the application is marked: the child's age on the counting day against the class's range (the school's rule today). */
function AgeWarning({ record }: { record: Admission }) {
  const age = ageCheck(record.dateOfBirth, record.admissionClass, record.session);
  return (
    <p className="details-warning" role="note">
      <strong>{AGE_OUTSIDE}:</strong> born {formatDate(record.dateOfBirth) || record.dateOfBirth}
      {age &&
        `, the child is ${age.age} on ${formatDate(age.countedOn)}; ${classText(record.admissionClass)} admits ${age.min} to ${age.max}`}
      . The parent confirmed the date on the form.
    </p>
  );
}

export default function AdmissionDetails() {
  return (
    <DetailsScreen
      title="Admission Details"
      resource="admission"
      panel="/admin/admissions/panel"
      loadFailed="Failed to fetch admission details"
      confirm="Are you sure you want to delete this record?"
      deleting="Deleting record..."
      deleted="Record deleted successfully"
      deleteFailed="Failed to delete record"
    >
      {(record: Admission, { replace, reload }) => (
        <div className="details-sections">
          <p className="details-reference">
            Reference number <strong>{record.referenceNumber}</strong>{' '}
            <a className="btn btn--small" href={`/admin/admissions/print/${encodeURIComponent(record._id)}`}>
              Print application
            </a>
          </p>
          <WorkflowPanel resource="admission" record={record} workflow={ADMISSION_WORKFLOW} onChanged={replace} />
          {record.pupil && (
            <p className="details-reference">
              In the register: admission number <strong>{record.pupil.admissionNumber}</strong>, class{' '}
              {[record.pupil.class, record.pupil.section].filter(Boolean).join('-')}{' '}
              <a className="btn btn--small" href={`/admin/register/details/${encodeURIComponent(record.pupil._id)}`}>
                Open the pupil
              </a>
            </p>
          )}
          {!record.erasedAt && (
            <ContactActions
              mobile={record.contactNo}
              who={`the parent of ${studentName(record)}`}
              messages={admissionMessages(record)}
              language={record.language}
            />
          )}
          {record.ageOutsideRange && <AgeWarning record={record} />}
          <Duplicates duplicates={record.duplicates ?? []} />
          <RecordDetails
            def={ADMISSION}
            record={record}
            sections={DETAILS_SECTIONS}
            documentExtra={(field) => (
              <DocumentCheck admission={record} field={field.name} label={field.label} onChanged={replace} />
            )}
          />
          <PaymentsSection entity="admission" record={record} onChange={reload} />
          <PrivacySection entity="admission" record={record} onChanged={replace} />
        </div>
      )}
    </DetailsScreen>
  );
}
