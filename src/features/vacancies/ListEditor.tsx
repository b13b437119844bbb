/** An add/remove list of short texts (responsibilities, qualifications). Enter in the box adds. */
import { useId, useRef, useState, type RefObject } from 'react';

interface Props {
  label: string;
  itemName: string;
  items: string[];
  onChange: (items: string[]) => void;
  /** Text typed but not yet added: the form adds it on submit, so nothing typed is lost. */
  pending: string;
  onPending: (text: string) => void;
  invalid?: boolean;
  /** The text box, for a form that moves the focus to it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function ListEditor({ label, itemName, items, onChange, pending, onPending, invalid, inputRef }: Props) {
  const id = useId();
  const [announce, setAnnounce] = useState('');
  const ownRef = useRef<HTMLInputElement | null>(null);
  const boxRef = inputRef ?? ownRef;

  function add() {
    const text = pending.trim();
    if (!text) return;
    onChange([...items, text]);
    onPending('');
    setAnnounce(`Added: ${text}`);
    boxRef.current?.focus();
  }

  return (
    <fieldset className="list-editor" aria-describedby={`${id}-hint`}>
      <legend>
        {label}{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </legend>
      <p id={`${id}-hint`} className="hint">
        Type one {itemName} and press Add (or Enter).
      </p>
      {items.length > 0 && (
        <ol className="list-editor__items">
          {items.map((item, index) => (
            <li key={`${index}-${item}`}>
              <span>{item}</span>
              <button
                type="button"
                className="btn btn--small"
                aria-label={`Remove ${itemName}: ${item}`}
                onClick={() => {
                  onChange(items.filter((_, i) => i !== index));
                  setAnnounce(`Removed: ${item}`);
                  boxRef.current?.focus();
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="list-editor__add">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          New {itemName}
        </label>
        <input
          id={`${id}-input`}
          ref={boxRef}
          type="text"
          value={pending}
          aria-invalid={invalid || undefined}
          placeholder={`Add a ${itemName}`}
          onChange={(e) => onPending(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn" onClick={add}>
          Add
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </fieldset>
  );
}
