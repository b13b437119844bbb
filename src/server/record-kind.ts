/**
 * The server's part of a kind of record (src/features/record-kind.ts has the part the browser may load):
 * SQL and what needs the database. Each kind declares it in its folder's kind.server.ts, and
 * src/features/kinds.server.ts lists them under the kinds' names.
 */
import type { Queryable } from './db.ts';
import type { StaffFileType } from '../lib/staff-files.ts';
import type { Field } from '../lib/record.ts';
import type { Language, TextCode } from '../lib/i18n/index.ts';
import type { Say } from '../lib/status-check.ts';
import type { Result } from '../lib/forms/validate.ts';

type Row = Record<string, unknown>;

/** What a parent's receipt lookup checked: the receipt number, the mobile number and the record's own number. */
export interface ReceiptLookup {
  number: string;
  contactNo: string;
  language: Language;
  [field: string]: unknown;
}

export interface ServerKind {
  /** Further columns the letters read with the row (SQL over the row as `t`). */
  readonly messageColumns?: string;
  /**
   * What else goes with an erasure, inside its transaction (rows of its `childTables`); answers the
   * keys of the documents' files, deleted once the transaction has committed.
   */
  readonly erase?: (tx: Queryable, id: string) => Promise<string[]>;
  /**
   * The staff files (src/server/files.ts) the record holds, released with an erasure inside its
   * transaction; answers their ids, deleted once the transaction has committed.
   */
  readonly releaseFiles?: (tx: Queryable, id: string) => Promise<string[]>;
  /** The staff files (an issued TC's scan) the data export holds besides its documents, each under a name of its own. */
  readonly exportFiles?: (id: string) => Promise<{ field: string; fileId: string; type: StaffFileType }[]>;
  /** The documents the data export holds, each with its file's key. */
  readonly exportDocuments?: (id: string) => Promise<{ field: string; blob_key: string; content_type: string }[]>;
  /** After a field is corrected, inside its transaction (what the form works out from it). */
  readonly corrected?: (tx: Queryable, id: string, field: Field, value: string, record: Row) => Promise<void>;
  /** How its receipts read it (a paid kind): SQL over its row as `t`, and the family's proof. */
  readonly receipt?: {
    readonly student: string;
    readonly parent: string;
    /** The session printed; the school year it was paid in when absent. */
    readonly session?: string;
    readonly admissionClass?: string;
    readonly admissionNumber?: string;
    readonly applicationReference?: string;
    /** The family's proof: the record's own number (as the lookup names it and its column) and the mobile number's column. */
    readonly proof: { readonly field: string; readonly column: string; readonly mobile: string };
    /** The parent's receipt lookup's check, and its not-found message. */
    readonly check: (input: unknown, say: Say) => Result<ReceiptLookup>;
    readonly notFound: TextCode;
  };
}
