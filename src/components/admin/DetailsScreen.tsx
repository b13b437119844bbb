/**
 * The details screens (enquiry, admission, TC request): Back and Delete in the header, the record
 * once it has loaded (with what its screen changes: status, documents, payments), and after a
 * delete the panel with a toast.
 */
import { useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.tsx';
import { DELETE_TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast, goBackToPanel, replaceWithPanel } from '../../lib/admin/navigation.ts';
import { useDetails } from './useDetails.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Loading, ScreenHeader } from './ui.tsx';
import { useIsPrincipal } from './session.tsx';

interface Props<T> {
  title: string;
  /** The API resource: GET and DELETE /{resource}/{id}. */
  resource: string;
  panel: string;
  loadFailed: string;
  deleted: string;
  deleteFailed: string;
  /** The question asked before deleting; without one, Delete acts at once (TC requests). */
  confirm?: string;
  /** A toast shown while the delete runs; on failure it turns into the error toast. */
  deleting?: string;
  /** The record's screen; `replace` shows the record a change answered, `reload` fetches it again. */
  children: (record: T, changed: { replace: (record: T) => void; reload: () => void }) => ReactNode;
}

export function DetailsScreen<T>({
  title,
  resource,
  panel,
  loadFailed,
  deleted,
  deleteFailed,
  confirm,
  deleting,
  children,
}: Props<T>) {
  const { id, record, setRecord, reload } = useDetails<T>(resource, panel, loadFailed);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Office staff cannot delete; the button is not offered to them.
  const canDelete = useIsPrincipal();

  async function remove() {
    setConfirming(false);
    if (!id) return;
    setBusy(true);
    const pending = deleting === undefined ? undefined : toast.loading(deleting);
    try {
      const res = await adminApi(`/${resource}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      if (pending !== undefined) toast.dismiss(pending);
      flashToast('success', deleted, DELETE_TOAST_AUTO_CLOSE);
      replaceWithPanel(panel);
    } catch {
      if (pending !== undefined)
        toast.update(pending, {
          render: deleteFailed,
          type: 'error',
          isLoading: false,
          autoClose: DELETE_TOAST_AUTO_CLOSE,
          closeButton: true,
        });
      else toast.error(deleteFailed, { autoClose: DELETE_TOAST_AUTO_CLOSE });
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title={title}>
        <button type="button" className="btn" onClick={() => goBackToPanel(panel)}>
          Back
        </button>
        {canDelete && (
          <button
            type="button"
            className="btn btn--danger"
            disabled={!record || busy}
            onClick={confirm ? () => setConfirming(true) : remove}
          >
            {busy ? 'Deleting...' : 'Delete'}
          </button>
        )}
      </ScreenHeader>
      {!record ? <Loading /> : children(record, { replace: setRecord, reload })}
      {confirm && (
        <ConfirmDialog open={confirming} message={confirm} onConfirm={remove} onCancel={() => setConfirming(false)} />
      )}
    </section>
  );
}
