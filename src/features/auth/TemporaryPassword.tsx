/**
 * A temporary password, shown once after an account is added or its password reset: large and
 * unambiguous, with a Copy button and what to do with it. It closes only by Done or Esc, never
 * by a stray click outside, so it is not lost before it is written down.
 */
import { useId, useRef } from 'react';
import { copyOrSelect } from '../../components/ui/copy-text.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';

export interface Shown {
  name: string;
  email: string;
  password: string;
  /** After a reset rather than a new account. */
  reset: boolean;
}

export function TemporaryPassword({ shown, onClose }: { shown: Shown | undefined; onClose: () => void }) {
  const id = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<HTMLElement>(null);

  const copy = () =>
    shown &&
    copyOrSelect(shown.password, codeRef.current, {
      copied: 'Password copied',
      selected: 'Could not copy: the password is selected, press Ctrl+C to copy it.',
    });

  return (
    <Dialog
      open={!!shown}
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-what`}
      closeOnBackdrop={false}
      initialFocus={copyRef}
    >
      {shown && (
        <>
          <h2 id={`${id}-title`} className="ui-dialog__title">
            {shown.reset ? 'New temporary password' : 'Account added'}
          </h2>
          <p>
            Temporary password for <strong>{shown.name}</strong> <span className="account-email">({shown.email})</span>:
          </p>
          <p className="temp-password">
            <code ref={codeRef}>{shown.password}</code>
          </p>
          <p id={`${id}-what`}>
            Hand this password to {shown.name} yourself; at first sign-in they choose their own. It is not shown again.
          </p>
          <div className="admin-actions">
            <button type="button" ref={copyRef} className="btn btn--primary" onClick={copy}>
              Copy
            </button>
            <button type="button" className="btn" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
