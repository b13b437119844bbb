/**
 * Database rows to API records, read from a record's definition (src/lib/record.ts): camelCase
 * names, a string `_id`, ISO dates, Aadhaar masked. Also the columns a read selects (never an
 * Aadhaar's ciphertext or look-up hash). The columns and values an insert writes are
 * src/features/insert-columns.server.ts's (a consent stores the privacy notice's version).
 */
import type { ConsentRecord, Field, RecordDefinition, RecordJson } from '../lib/record.ts';
import { toIso } from '../lib/dates.ts';
import { maskAadhaar } from './aadhaar.ts';

type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A stored document of a record: its field and content type. */
export interface StoredFile {
  field: string;
  contentType: string;
}

export interface JsonOptions {
  /** The record's stored documents and the admin-only path of each (for 'file' fields). */
  files?: { stored: readonly StoredFile[]; path: (id: string, field: string) => string };
}

function fieldJson(field: Field, row: Row, id: string, files: JsonOptions['files']): unknown {
  const value = row[field.column];
  switch (field.kind) {
    case 'aadhaar': {
      // Empty where the school made the number voluntary and none was given, or once erased.
      const last4 = text(row[`${field.column}_last4`]);
      return last4 ? maskAadhaar(last4) : '';
    }
    case 'consent':
      return consentJson(value);
    case 'list':
      return Array.isArray(value) ? value.map(String) : [];
    case 'datetime':
      return toIso(value);
    case 'image':
      return value ? `${field.publicPath ?? ''}${String(value)}` : null;
    case 'file':
      return files?.stored.some((f) => f.field === field.name) ? files.path(id, field.name) : null;
    default:
      if (value === null || value === undefined || value === '') return field.empty === undefined ? '' : field.empty;
      return String(value);
  }
}

function consentJson(value: unknown): ConsentRecord | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  return { noticeVersion: text(v.noticeVersion), at: toIso(v.at), language: text(v.language) };
}

/** The API answer for one row of a definition's table. */
export function recordJson<D extends RecordDefinition>(def: D, row: Row, options: JsonOptions = {}): RecordJson<D> {
  const id = String(row.id);
  const record: Record<string, unknown> = { _id: id };
  for (const field of def.fields) record[field.name] = fieldJson(field, row, id, options.files);
  record.createdAt = toIso(row.created_at);
  record.updatedAt = toIso(row.updated_at);
  return record as RecordJson<D>;
}

/** The columns an answer needs: an Aadhaar field's last four digits only, nothing of a document. */
export function selectColumns(def: RecordDefinition, alias = ''): string {
  const prefix = alias ? `${alias}.` : '';
  const columns = new Set(['id', 'created_at', 'updated_at']);
  for (const field of def.fields) {
    if (field.kind === 'file') continue;
    columns.add(field.kind === 'aadhaar' ? `${field.column}_last4` : field.column);
  }
  return [...columns].map((c) => prefix + c).join(', ');
}
