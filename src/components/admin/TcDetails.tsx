/** /admin/tc-requests/details/{reqId}: every field, Back and Delete (no confirmation, per spec). */
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DELETE_TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast, goBackToPanel, replaceWithPanel } from '../../lib/admin/navigation.ts';
import { formatDateTime } from '../../lib/admin/format.ts';
import type { TcRequest } from '../../lib/admin/types.ts';
import { useDetails } from './useDetails.ts';
import { FieldList, Loading, ScreenHeader } from './ui.tsx';

const PANEL = '/admin/tc-requests/panel';

export default function TcDetails() {
  const { id, record } = useDetails<TcRequest>('tc-request', PANEL, 'Failed to fetch Tc Request');
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!id) return;
    setBusy(true);
    try {
      const res = await adminApi(`/tc-request/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      flashToast('success', 'Tc Request Deleted Successfully', DELETE_TOAST_AUTO_CLOSE);
      replaceWithPanel(PANEL);
    } catch {
      toast.error('Failed to delete Tc Request', { autoClose: DELETE_TOAST_AUTO_CLOSE });
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="TC Request Details">
        <button type="button" className="btn" onClick={() => goBackToPanel(PANEL)}>Back</button>
        <button type="button" className="btn btn--danger" disabled={!record || busy} onClick={remove}>{busy ? 'Deleting...' : 'Delete'}</button>
      </ScreenHeader>
      {!record ? (
        <Loading />
      ) : (
        <FieldList
          rows={[
            ['Student name', record.studentName],
            ['Admission number', record.admissionNumber],
            ['Aadhaar (masked)', record.aadharUid],
            ['Parent name', record.parentName],
            ['Reason', record.reason],
            ['Contact', record.contact],
            ['Email', record.email],
            ['Payment status', record.paymentStatus],
            ['Transaction ID', record.transactionId || 'N/A'],
            ['Requested on', formatDateTime(record.createdAt)],
          ]}
        />
      )}
    </section>
  );
}
