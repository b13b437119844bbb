/** An add/remove list of short texts (responsibilities, qualifications). Enter in the box adds. */
import { useId, useRef, useState } from 'react';

interface Props {
  label: string;
  itemName: string;
  items: string[];
  onChange: (items: string[]) => void;
  /** Text typed but not yet added: the form adds it on submit, so nothing typed is lost. */
  pending: string;
  onPending: (text: string) => void;
  invalid?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

export function ListEditor({ label, itemName, items, onChange, pending, onPending, invalid, inputRef }: Props) {
  const id = useId();
  const [announce, setAnnounce] = useState('');
  const localRef = useRef<HTMLInputElement | null>(null);

  function add() {
    const text = pending.trim();
    if (!text) return;
    onChange([...items, text]);
    onPending('');
    setAnnounce(`Added: ${text}`);
    localRef.current?.focus();
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
                  localRef.current?.focus();
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
          ref={(el) => {
            localRef.current = el;
            if (typeof inputRef === 'function') inputRef(el);
            else if (inputRef) (inputRef as React.RefObject<HTMLInputElement | null>).current = el;
          }}
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
