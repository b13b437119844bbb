/**
 * /admin/admissions/details/{admissionId}: Student, Admission, Scholarship, Documents and Payment
 * sections; documents open in a new tab (images also as thumbnails); Delete asks first.
 */
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/admin/format.ts';
import { ADMISSION_FILE_LABELS, fullName, type Admission } from '../../lib/admin/types.ts';
import { DetailsScreen } from './DetailsScreen.tsx';
import { FieldList } from './ui.tsx';

const WINGS: Record<string, string> = { primary: 'Primary (early years)', middle: 'Middle (classes 1-5)', senior: 'Senior (classes 6-12)' };

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
      {(record: Admission) => <AdmissionSections record={record} />}
    </DetailsScreen>
  );
}

function AdmissionSections({ record }: { record: Admission }) {
  const files = ADMISSION_FILE_LABELS.filter(([field]) => typeof record[field] === 'string' && record[field]);
  return (
    <div className="details-sections">
      <Card title="Student">
        <FieldList
          rows={[
            ['Student name', fullName(record.studentFirstName, record.studentMiddleName, record.studentLastName)],
            ['Aadhaar number', record.studentAadharNo],
            ["Father's name", fullName(record.fatherFirstName, record.fatherMiddleName, record.fatherLastName)],
            ["Mother's name", fullName(record.motherFirstName, record.motherMiddleName, record.motherLastName)],
            ['Contact number', record.contactNo],
          ]}
        />
      </Card>
      <Card title="Admission">
        <FieldList
          rows={[
            ['Admission class', record.admissionClass],
            ['Wing', record.band ? (WINGS[record.band] ?? record.band) : ''],
            ['ABC ID', record.abcId],
            ['Reference number', record.referenceNumber],
            ['Submitted on', formatDateTime(record.createdAt)],
          ]}
        />
      </Card>
      <Card title="Scholarship">
        <FieldList rows={[['Government scholarship', record.governmentScholarship === 'yes' ? 'Yes' : record.governmentScholarship === 'no' ? 'No' : record.governmentScholarship]]} />
      </Card>
      <Card title="Documents">
        {files.length === 0 ? (
          <p>No documents uploaded.</p>
        ) : (
          <ul className="documents">
            {files.map(([field, label]) => {
              const href = record[field] as string;
              const isImage = (record.fileTypes?.[field] ?? '').startsWith('image/');
              return (
                <li key={field} className="documents__item">
                  {isImage ? (
                    <img src={href} alt={label} width={96} height={96} loading="lazy" className="documents__thumb" />
                  ) : (
                    <span className="documents__icon" aria-hidden="true">PDF</span>
                  )}
                  <span className="documents__label">{label}</span>
                  <a href={href} target="_blank" rel="noopener" className="btn btn--small" aria-label={`View ${label} (opens in a new tab)`}>View</a>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      <Card title="Payment">
        <FieldList
          rows={[
            ['Payment status', record.paymentStatus],
            ['Transaction ID', record.transactionId || 'N/A'],
          ]}
        />
      </Card>
    </div>
  );
}

/** A titled section; the region's name is its heading. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `sec-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="details-card">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
