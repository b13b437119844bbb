/**
 * A record's definition: its fields, each with its column, label, kind and the places it shows
 * (the public form, the admin list, the details screen, exports). The form's schema, the row-to-JSON
 * serializer (src/server/records.ts), the record's TypeScript type, the admin list's columns and the
 * details screen are all read from it, so a new field is its definition plus a migration.
 */
export type Place = 'form' | 'list' | 'details' | 'export';

export type FieldKind =
  /** One line of text. */
  | 'text'
  | 'textarea'
  /** One of `options`. */
  | 'select'
  /** A calendar date, YYYY-MM-DD. */
  | 'date'
  /** A 10-digit mobile number. */
  | 'phone'
  | 'email'
  /** Stored sealed (`<column>_enc`, `_hash`, `_last4`); every answer shows it masked. */
  | 'aadhaar'
  /** A document kept in the private store; the answer is its admin-only path, or null. */
  | 'file'
  /** A list of short texts (JSON array column). */
  | 'list'
  /** A published image (blob key column); the answer is its public path, or null. */
  | 'image'
  /** A moment (timestamptz column), answered as an ISO string. */
  | 'datetime'
  /**
   * The parent's consent to the privacy notice: a required checkbox on the form, stored (JSON column)
   * as what was agreed to, when and in which language, and answered as that or null.
   */
  | 'consent';

export interface Field {
  readonly name: string;
  /** The table column (snake_case). */
  readonly column: string;
  /** The form's label, also used on the details screen unless `labels.details` says otherwise. */
  readonly label: string;
  readonly kind: FieldKind;
  readonly show: readonly Place[];
  /** A person's name: letters of any script, spaces, `.`, `'` and `-` only (nameProblem in src/lib/forms/validate.ts). */
  readonly person?: boolean;
  /** Longest accepted text. */
  readonly max?: number;
  readonly options?: readonly string[];
  /** How an option reads (e.g. '5' as 'Class 5'); the value itself when absent. */
  readonly optionText?: (value: string) => string;
  /** The first, empty choice of a select. */
  readonly placeholder?: string;
  /** The part of the form it belongs to. */
  readonly section?: string;
  /** The part of the details screen it belongs to, when that differs from `section`. */
  readonly detailsSection?: string;
  /** Shorter labels where the form's would be too long. */
  readonly labels?: { readonly list?: string; readonly details?: string };
  /** Neighbouring fields of one group (a person's name parts) read as one value under this label. */
  readonly group?: string;
  /** What the office reads when the value is empty (e.g. 'N/A'); a dash otherwise. */
  readonly blank?: string;
  /** The answer when the column is empty (null, or a word such as 'NA'); default ''. */
  readonly empty?: null | string;
  /** The public path in front of an image's key. */
  readonly publicPath?: string;
  /** Form hints: a line under the label, the browser's autofill token, the phone keyboard. */
  readonly hint?: string;
  readonly autoComplete?: string;
  /** Shown with '(optional)' after its label although the form's rules may still ask for it. */
  readonly labelledOptional?: boolean;
  /**
   * Sent by the form without an input of its own (the page sets it, e.g. the language the form is
   * in): never drawn, never asked for, and `fallback` when not sent.
   */
  readonly hidden?: boolean;
  /** The value stored when the form sends none (only for a hidden field). */
  readonly fallback?: string;
}

/**
 * The kinds of record, as the audit log names them: the vacancies and the gallery here, and each
 * kind of src/features/kinds.ts, which adds its names to this interface (the list stays the kinds').
 */
export interface RecordEntities {
  vacancy: true;
  gallery: true;
}
export type Entity = keyof RecordEntities;

export interface RecordDefinition<F extends readonly Field[] = readonly Field[], E extends string = string> {
  /** The audit log's name for it. */
  readonly entity: E;
  readonly table: string;
  readonly fields: F;
  /** The admin list's column order, when it differs from the fields' order. */
  readonly listOrder?: readonly F[number]['name'][];
}

/** Declares a definition, keeping every field's name and kind as literal types. */
export const defineRecord = <const F extends readonly Field[], const E extends string>(
  def: RecordDefinition<F, E>,
): RecordDefinition<F, E> => def;

/** What a record keeps of the consent given with its form. */
export interface ConsentRecord {
  /** The version (a hash of the text) of the privacy notice the parent agreed to. */
  noticeVersion: string;
  at: string;
  language: string;
}

type JsonValue<F extends Field> = F['kind'] extends 'list'
  ? string[]
  : F['kind'] extends 'consent'
    ? ConsentRecord | null
    : F['kind'] extends 'file' | 'image'
      ? string | null
      : F['empty'] extends null
        ? string | null
        : string;

/** The JSON an API answers for a record of this definition. */
export type RecordJson<D extends RecordDefinition> = { _id: string; createdAt: string; updatedAt: string } & {
  [F in D['fields'][number] as F['name']]: JsonValue<F>;
};

export type FieldName<D extends RecordDefinition> = D['fields'][number]['name'];

type InPlace<F, P extends Place> = F extends { readonly show: readonly (infer S)[] }
  ? P extends S
    ? F
    : never
  : never;
/** The names of the fields that show in `P`. */
export type FieldNameIn<D extends RecordDefinition, P extends Place> = InPlace<D['fields'][number], P>['name'];

/** The fields of a definition that show in `place`, in their declared order (a list's in its own). */
export function fieldsIn<D extends RecordDefinition, P extends Place>(
  def: D,
  place: P,
): InPlace<D['fields'][number], P>[] {
  const fields = def.fields.filter((f) => f.show.includes(place)) as InPlace<D['fields'][number], P>[];
  const order = place === 'list' ? def.listOrder : undefined;
  return order ? fields.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)) : fields;
}

export const labelIn = (field: Field, place: 'list' | 'details') => field.labels?.[place] ?? field.label;

/** A paged admin list as the islands read it. */
export interface Paged<T> {
  data: T[];
  totalPages: number;
  currentPage?: number;
}

/** Rows per page of the admin lists. */
export const PAGE_SIZE = 50;
