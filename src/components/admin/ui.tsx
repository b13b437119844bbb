/** Small shared pieces of the admin screens: page header, search box, pager, details list, states. */
import { useId, type ReactNode } from 'react';
import { useDebouncedSearchParam } from '../../lib/admin/url-query.ts';
import { orDash } from '../../lib/format.ts';

export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-header">
      <h1 id="screen-title">{title}</h1>
      {children && <div className="admin-actions">{children}</div>}
    </div>
  );
}

export function SearchField({
  label,
  value,
  onCommit,
  placeholder,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useDebouncedSearchParam(value, onCommit);
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  allLabel,
  optionText = (o) => o,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly string[];
  allLabel: string;
  optionText?: (option: string) => string;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionText(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A day (YYYY-MM-DD, the browser's date picker); '' when cleared. */
export function DateField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="admin-field admin-field--date">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="admin-field admin-field--check">
      <label>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
    </div>
  );
}

/** Previous / "Page X of Y" / Next. Next is off on the last page (and while the total is unknown). */
export function Pager({
  page,
  totalPages,
  onPage,
  busy,
}: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, totalPages);
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button type="button" className="btn" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="details-row">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}

export function FieldList({ rows }: { rows: [label: string, value: unknown][] }) {
  return (
    <dl className="details-list">
      {rows.map(([label, value]) => (
        <Field key={label} label={label}>
          {orDash(value)}
        </Field>
      ))}
    </dl>
  );
}

export function Loading() {
  return (
    <p role="status" className="admin-state">
      Loading...
    </p>
  );
}
