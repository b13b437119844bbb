/** "Are you sure ...?" before a delete: an alertdialog whose safe choice (Cancel) has the focus. */
import { useId, useRef } from 'react';
import { Dialog } from '../ui/Dialog.tsx';

interface Props {
  open: boolean;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, message, confirmLabel = 'Delete', onConfirm, onCancel }: Props) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-msg`}
      closeOnBackdrop={false}
      initialFocus={cancelRef}
      className="ui-dialog--confirm"
    >
      <h2 id={`${id}-title`} className="ui-dialog__title">
        Please confirm
      </h2>
      <p id={`${id}-msg`}>{message}</p>
      <div className="admin-actions">
        <button type="button" ref={cancelRef} className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
