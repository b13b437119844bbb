/**
 * /admin/admissions/details/{admissionId}: Student, Admission, Scholarship, Documents and Payment
 * sections; documents open in a new tab (images also as thumbnails); Delete asks first.
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DELETE_TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast, goBackToPanel, replaceWithPanel } from '../../lib/admin/navigation.ts';
import { formatDateTime } from '../../lib/admin/format.ts';
import { ADMISSION_FILE_LABELS, fullName, type Admission } from '../../lib/admin/types.ts';
import { useDetails } from './useDetails.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FieldList, Loading, ScreenHeader } from './ui.tsx';

const PANEL = '/admin/admissions/panel';
const WINGS: Record<string, string> = { primary: 'Primary (early years)', middle: 'Middle (classes 1-5)', senior: 'Senior (classes 6-12)' };

export default function AdmissionDetails() {
  const { id, record } = useDetails<Admission>('admission', PANEL, 'Failed to fetch admission details');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setConfirming(false);
    if (!id) return;
    setBusy(true);
    const pending = toast.loading('Deleting record...');
    try {
      const res = await adminApi(`/admission/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      toast.dismiss(pending);
      flashToast('success', 'Record deleted successfully', DELETE_TOAST_AUTO_CLOSE);
      replaceWithPanel(PANEL);
    } catch {
      toast.update(pending, { render: 'Failed to delete record', type: 'error', isLoading: false, autoClose: DELETE_TOAST_AUTO_CLOSE, closeButton: true });
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Admission Details">
        <button type="button" className="btn" onClick={() => goBackToPanel(PANEL)}>Back</button>
        <button type="button" className="btn btn--danger" disabled={!record || busy} onClick={() => setConfirming(true)}>{busy ? 'Deleting...' : 'Delete'}</button>
      </ScreenHeader>
      {!record ? <Loading /> : <AdmissionSections record={record} />}
      <ConfirmDialog open={confirming} message="Are you sure you want to delete this record?" onConfirm={remove} onCancel={() => setConfirming(false)} />
    </section>
  );
}

function AdmissionSections({ record }: { record: Admission }) {
  const files = ADMISSION_FILE_LABELS.filter(([field]) => typeof record[field] === 'string' && record[field]);
  return (
    <div className="details-sections">
      <section aria-labelledby="sec-student" className="details-card">
        <h2 id="sec-student">Student</h2>
        <FieldList
          rows={[
            ['Student name', fullName(record.studentFirstName, record.studentMiddleName, record.studentLastName)],
            ['Aadhaar number', record.studentAadharNo],
            ["Father's name", fullName(record.fatherFirstName, record.fatherMiddleName, record.fatherLastName)],
            ["Mother's name", fullName(record.motherFirstName, record.motherMiddleName, record.motherLastName)],
            ['Contact number', record.contactNo],
          ]}
        />
      </section>
      <section aria-labelledby="sec-admission" className="details-card">
        <h2 id="sec-admission">Admission</h2>
        <FieldList
          rows={[
            ['Admission class', record.admissionClass],
            ['Wing', record.band ? (WINGS[record.band] ?? record.band) : ''],
            ['ABC ID', record.abcId],
            ['Reference number', record.referenceNumber],
            ['Submitted on', formatDateTime(record.createdAt)],
          ]}
        />
      </section>
      <section aria-labelledby="sec-scholarship" className="details-card">
        <h2 id="sec-scholarship">Scholarship</h2>
        <FieldList rows={[['Government scholarship', record.governmentScholarship === 'yes' ? 'Yes' : record.governmentScholarship === 'no' ? 'No' : record.governmentScholarship]]} />
      </section>
      <section aria-labelledby="sec-documents" className="details-card">
        <h2 id="sec-documents">Documents</h2>
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
      </section>
      <section aria-labelledby="sec-payment" className="details-card">
        <h2 id="sec-payment">Payment</h2>
        <FieldList
          rows={[
            ['Payment status', record.paymentStatus],
            ['Transaction ID', record.transactionId || 'N/A'],
          ]}
        />
      </section>
    </div>
  );
}
