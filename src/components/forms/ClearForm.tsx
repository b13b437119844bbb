/**
 * "Clear this form", on every public form that keeps a draft: after a confirmation in the page's
 * language (an alertdialog whose safe choice, keeping the form, has the focus; Esc keeps it too),
 * `onClear` empties what was typed and chosen, here and on the phone.
 */
import { useId, useRef, useState } from 'react';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../../lib/toast.tsx';
import type { Speaker } from '../../lib/forms/island-texts.ts';

/** `documents`: the form has documents, which are cleared too (the confirmation says so). */
export function ClearForm({
  speak,
  onClear,
  documents = false,
}: {
  speak: Speaker;
  onClear: () => void;
  documents?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" className="ff-button ff-button--secondary ff-clear" onClick={() => setOpen(true)}>
        {speak.text('clearForm')}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        role="alertdialog"
        labelledBy={`${id}-title`}
        describedBy={`${id}-text`}
        closeOnBackdrop={false}
        initialFocus={keep}
        className="ui-dialog--confirm"
      >
        <h2 id={`${id}-title`} className="ui-dialog__title">
          {speak.text('clearTitle')}
        </h2>
        <p id={`${id}-text`}>{speak.text(documents ? 'clearText' : 'clearTextTyped')}</p>
        <div className="ff-actions">
          <button type="button" ref={keep} className="ff-button ff-button--secondary" onClick={() => setOpen(false)}>
            {speak.text('clearNo')}
          </button>
          <button
            type="button"
            className="ff-button ff-button--danger"
            onClick={() => {
              setOpen(false);
              onClear();
              toast.info(speak.text('cleared'));
            }}
          >
            {speak.text('clearYes')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
