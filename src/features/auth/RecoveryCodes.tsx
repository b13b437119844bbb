/**
 * The ten recovery codes, shown once after a second factor is turned on or its codes renewed: in a
 * list to write down, print or copy, and what they are for. It closes only by "I have saved them"
 * or Esc, never by a stray click outside, so they are not lost before they are kept.
 */
import { useId, useRef } from 'react';
import { copyOrSelect } from '../../components/ui/copy-text.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';

export function RecoveryCodes({ codes, onClose }: { codes: string[] | undefined; onClose: () => void }) {
  const id = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const copy = () =>
    codes &&
    copyOrSelect(codes.join('\n'), listRef.current, {
      copied: 'Recovery codes copied',
      selected: 'Could not copy: the codes are selected, press Ctrl+C to copy them.',
    });

  return (
    <Dialog
      open={!!codes}
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-what`}
      closeOnBackdrop={false}
      initialFocus={copyRef}
      className="recovery-dialog"
    >
      {codes && (
        <>
          <h2 id={`${id}-title`} className="ui-dialog__title">
            Your recovery codes
          </h2>
          <p id={`${id}-what`}>
            If you lose your phone, sign in with one of these instead of the app&apos;s code. Each works once. Write
            them down or print them and keep them somewhere safe, away from your phone. They are not shown again.
          </p>
          <ol ref={listRef} className="recovery-codes">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <div className="admin-actions">
            <button type="button" ref={copyRef} className="btn" onClick={copy}>
              Copy
            </button>
            <button type="button" className="btn" onClick={() => print()}>
              Print
            </button>
            <button type="button" className="btn btn--primary" onClick={onClose}>
              I have saved them
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
