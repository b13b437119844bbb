/** Labelled inputs with their error tied to them (aria-invalid, aria-describedby), and a form field drawn from its definition. */
import type { ReactNode } from 'react';
import type { Field } from '../../lib/record.ts';
import type { ConsentTexts, FieldTexts } from '../../lib/forms/island-texts.ts';

interface Common {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: string;
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldShell({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={`ff-field${error ? ' ff-field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="ff-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {hint && (
        <p className="ff-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="ff-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextInput(
  props: Common & {
    type?: string;
    inputMode?: 'numeric' | 'email' | 'tel' | 'text';
    autoComplete?: string;
    maxLength?: number;
    placeholder?: string;
  },
) {
  const {
    id,
    name,
    label,
    value,
    onChange,
    error,
    required,
    hint,
    type = 'text',
    inputMode,
    autoComplete,
    maxLength,
    placeholder,
  } = props;
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}

export function TextArea(props: Common & { rows?: number; maxLength?: number }) {
  const { id, name, label, value, onChange, error, required, hint, rows = 4, maxLength } = props;
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}

/** `answersFor`: the field this select answers for, when its own name is not one the form keeps (early-input.ts). */
export function Select(
  props: Common & {
    options: readonly (string | { value: string; text: string })[];
    placeholder?: string;
    answersFor?: string;
  },
) {
  const {
    id,
    name,
    label,
    value,
    onChange,
    error,
    required,
    hint,
    options,
    placeholder = 'Select',
    answersFor,
  } = props;
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <select
        id={id}
        name={name}
        value={value}
        data-answers-for={answersFor}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => {
          const opt = typeof o === 'string' ? { value: o, text: o } : o;
          return (
            <option key={opt.value} value={opt.value}>
              {opt.text}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

/** The honeypot: off-screen, out of the tab order, hidden from assistive technology, never autofilled. */
export function Honeypot({
  value,
  onChange,
  label = 'Leave this empty',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  return (
    <div className="ff-honeypot" aria-hidden="true">
      <label>
        {label}
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

/** Moves focus to the first field named in `fields` (in page order), so the parent lands on what to fix. */
export function focusFirstError(form: HTMLElement | null, fields: Record<string, string>) {
  if (!form) return;
  const names = new Set(Object.keys(fields));
  const elements = Array.from(form.querySelectorAll<HTMLElement>('[name], [data-field]'));
  const first = elements.find((el) => names.has(el.getAttribute('name') ?? '') || names.has(el.dataset.field ?? ''));
  first?.focus();
}

const INPUT_TYPES: Partial<Record<Field['kind'], { type: string; inputMode?: 'numeric' | 'email' | 'tel' }>> = {
  date: { type: 'date' },
  // The phone keypad has the + and the spaces of '+91 98111 22233'; the digits-only one has neither.
  phone: { type: 'tel', inputMode: 'tel' },
  email: { type: 'email', inputMode: 'email' },
  aadhaar: { type: 'text', inputMode: 'numeric' },
};

/** The input types HTML lets carry maxlength. */
const MAXLENGTH_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password']);

/**
 * The parent's consent: the short notice with its link to the whole one, then the box to tick. It
 * spans the form's width, after every other field.
 */
export function ConsentBox({ id, name, value, onChange, error, texts }: Common & { texts: ConsentTexts }) {
  return (
    <div className={`ff-field ff-consent${error ? ' ff-field--error' : ''}`}>
      <p className="ff-consent__notice" id={`${id}-notice`}>
        {texts.notice} <a href={texts.href}>{texts.link}</a>
      </p>
      <div className="ff-consent__box">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={value === 'true'}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-notice`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.target.checked ? 'true' : '')}
        />
        <label htmlFor={id}>
          {texts.agree}
          <span className="ff-required" aria-hidden="true">
            {' *'}
          </span>
        </label>
      </div>
      {error && (
        <p className="ff-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface FormFieldProps {
  field: Field;
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  /** Choices instead of the definition's (e.g. a band's classes). */
  options?: readonly { value: string; text: string }[];
  /** The consent box's words (a consent field only). */
  consentTexts?: ConsentTexts;
  /** Its words in the page's language, when that is not the definition's English. */
  texts?: FieldTexts;
}

/** The input a field's definition asks for: its kind, label, hint, length and autofill token; its words from `words` when given. */
export function FormField({
  field,
  id,
  value,
  onChange,
  error,
  required,
  options,
  consentTexts,
  texts,
}: FormFieldProps) {
  // Set by the page, not typed: its value travels with the form's others.
  if (field.hidden) return null;
  const common = {
    id,
    name: field.name,
    value,
    onChange,
    error,
    required,
    hint: texts ? texts.hint : field.hint,
    label: texts?.label ?? field.label + (field.labelledOptional ? ' (optional)' : ''),
  };
  if (field.kind === 'consent') return consentTexts ? <ConsentBox {...common} texts={consentTexts} /> : null;
  if (field.kind === 'select') {
    const text = (v: string, english: string) => texts?.options?.[v] ?? english;
    const choices = (
      options ?? (field.options ?? []).map((v) => ({ value: v, text: field.optionText ? field.optionText(v) : v }))
    ).map((o) => ({ value: o.value, text: text(o.value, o.text) }));
    return <Select {...common} options={choices} placeholder={texts?.placeholder ?? field.placeholder} />;
  }
  if (field.kind === 'textarea') return <TextArea {...common} rows={4} maxLength={field.max} />;
  const input = INPUT_TYPES[field.kind] ?? { type: 'text' };
  // HTML allows maxlength on text-like inputs only (not on a date); the server checks every length anyway.
  const maxLength = MAXLENGTH_TYPES.has(input.type) ? field.max : undefined;
  return (
    <TextInput
      {...common}
      type={input.type}
      inputMode={input.inputMode}
      autoComplete={field.autoComplete}
      maxLength={maxLength}
    />
  );
}
