/**
 * An accessible modal dialog on the native <dialog> element (behaviour in useModalDialog.ts):
 * Esc, the close button and (unless a confirmation) a click outside call onClose.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
import { useModalDialog } from './useModalDialog.ts';
import './dialog.css';

interface Props {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Closing by a click outside the box (not for confirmations). */
  closeOnBackdrop?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  closeOnBackdrop = true,
  initialFocus,
  className,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const trapTab = useModalDialog(ref, open, initialFocus);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={className ? `ui-dialog ${className}` : 'ui-dialog'}
      onCancel={(event) => {
        event.preventDefault();
        // React passes the event on to an enclosing dialog (a confirmation inside the enquiry pop-up): Esc closes this one only.
        event.stopPropagation();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
      onKeyDown={trapTab}
    >
      {open && <div className="ui-dialog__box">{children}</div>}
    </dialog>
  );
}
