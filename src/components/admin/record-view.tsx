/**
 * A record as the office reads it, drawn from its definition: the admin list's columns and the
 * details screen. Neighbouring fields of one group (a person's name parts) read as one value;
 * dates read en-IN; a select reads as its option's text; documents are links (images with a thumbnail).
 */
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { orDash } from '../../lib/format.ts';
import { fieldsIn, labelIn, type ConsentRecord, type Field, type RecordDefinition } from '../../lib/record.ts';
import { LANGUAGE_NAMES, type Language } from '../../lib/i18n/index.ts';
import type { Column } from './RecordTable.tsx';
import { FieldList } from './ui.tsx';

type AnyRecord = Record<string, unknown>;

/** How one value reads on screen ('' when empty). */
function display(field: Field, value: unknown): string {
  if (field.kind === 'consent') return consentText(value as ConsentRecord | null);
  if (value === null || value === undefined || value === '') return '';
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  if (field.kind === 'date') return formatDate(text) || text;
  if (field.kind === 'datetime') return formatDateTime(text) || text;
  if (field.optionText) return field.optionText(text);
  return text;
}

/** What the office reads of a consent: when, in which language, to which version of the notice. */
function consentText(consent: ConsentRecord | null | undefined): string {
  if (!consent) return 'Not recorded (sent before the form asked for consent)';
  const language = LANGUAGE_NAMES[consent.language as Language] ?? consent.language;
  return `Given on ${formatDateTime(consent.at) || consent.at}, in ${language}, to privacy notice version ${consent.noticeVersion}`;
}

interface Shown {
  key: string;
  label: string;
  fields: Field[];
}

/** Fields in order, a group's neighbouring members as one entry labelled by the group. */
function shown(fields: readonly Field[], place: 'list' | 'details'): Shown[] {
  const out: Shown[] = [];
  for (const field of fields) {
    const last = out.at(-1);
    if (field.group && last?.fields[0]?.group === field.group) last.fields.push(field);
    else
      out.push({
        key: field.name,
        label: field.group && !field.labels?.[place] ? field.group : labelIn(field, place),
        fields: [field],
      });
  }
  return out;
}

const valueOf = (entry: Shown, record: AnyRecord) =>
  entry.fields
    .map((f) => display(f, record[f.name]))
    .filter(Boolean)
    .join(' ');
const blankOf = (entry: Shown) => entry.fields[0]?.blank;

/** The admin list's columns: the fields shown in lists; a moment as its day (the details screen has the time). */
export function listColumns<T extends AnyRecord>(def: RecordDefinition): Column<T>[] {
  return shown(fieldsIn(def, 'list'), 'list').map((entry) => ({
    label: entry.label,
    render: (row: T) =>
      (entry.fields[0]?.kind === 'datetime' ? formatDate(row[entry.key] as string | null) : valueOf(entry, row)) ||
      blankOf(entry) ||
      orDash(''),
    className: entry.fields[0]?.kind === 'email' ? 'cell-wrap' : undefined,
  }));
}

/** A list's text for one record, e.g. a student's full name for a link's label. */
export const textOf = (def: RecordDefinition, record: AnyRecord, group: string) =>
  valueOf(
    { key: group, label: group, fields: def.fields.filter((f) => f.group === group || f.name === group) },
    record,
  );

interface DetailsProps {
  def: RecordDefinition;
  record: AnyRecord & { _id: string; fileTypes?: Record<string, string> };
  /** Titled sections in this order (fields name theirs); without them, one list of every field. */
  sections?: readonly string[];
  /** What each document shows below its View link (e.g. its checklist state and buttons). */
  documentExtra?: (field: Field) => ReactNode;
}

export function RecordDetails({ def, record, sections, documentExtra }: DetailsProps) {
  const fields = fieldsIn(def, 'details');
  if (!sections) return <Rows entries={shown(fields, 'details')} record={record} />;
  return (
    <div className="details-sections">
      {sections.map((title) => {
        const members = fields.filter((f) => (f.detailsSection ?? f.section) === title);
        const documents = members.filter((f) => f.kind === 'file');
        return (
          <Card key={title} title={title}>
            {documents.length ? (
              <Documents fields={documents} record={record} extra={documentExtra} />
            ) : (
              <Rows entries={shown(members, 'details')} record={record} />
            )}
          </Card>
        );
      })}
    </div>
  );
}

function Rows({ entries, record }: { entries: Shown[]; record: AnyRecord }) {
  return <FieldList rows={entries.map((e) => [e.label, valueOf(e, record) || blankOf(e) || ''])} />;
}

/** A record's documents: a thumbnail for an image, a PDF badge otherwise, and a View link opening it in a new tab. */
function Documents({
  fields,
  record,
  extra,
}: {
  fields: Field[];
  record: AnyRecord & { fileTypes?: Record<string, string> };
  extra?: (field: Field) => ReactNode;
}) {
  const present = fields.filter((f) => typeof record[f.name] === 'string' && record[f.name]);
  if (present.length === 0) return <p>No documents uploaded.</p>;
  return (
    <ul className="documents">
      {present.map((field) => {
        const { name, label } = field;
        const href = record[name] as string;
        const isImage = (record.fileTypes?.[name] ?? '').startsWith('image/');
        return (
          <li key={name} className="documents__item">
            {isImage ? (
              <img src={href} alt={label} width={96} height={96} loading="lazy" className="documents__thumb" />
            ) : (
              <span className="documents__icon" aria-hidden="true">
                PDF
              </span>
            )}
            <span className="documents__label">{label}</span>
            <a
              href={href}
              target="_blank"
              rel="noopener"
              className="btn btn--small"
              aria-label={`View ${label} (opens in a new tab)`}
            >
              View
            </a>
            {extra?.(field)}
          </li>
        );
      })}
    </ul>
  );
}

/** A titled section; the region's name is its heading. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `sec-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="details-card">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Each of `fields` as a label and its text for `record`, a group's neighbouring members as one row (e.g. the printed application). */
export const fieldRows = (fields: readonly Field[], record: AnyRecord): [label: string, text: string][] =>
  shown(fields, 'details').map((entry) => [entry.label, valueOf(entry, record) || blankOf(entry) || '']);
