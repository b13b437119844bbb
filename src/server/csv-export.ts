/**
 * CSV exports of the admin lists: GET /v1/api/{record}/export.csv takes the list's own filters and
 * answers every matching record (newest first) with the definition's 'export' fields, streamed in
 * batches read by keyset, so memory stays flat however many rows there are.
 *
 * Made to be opened in Excel by the office: UTF-8 with a byte order mark (without it Excel reads
 * Hindi names as ANSI), a cell that a spreadsheet would run as a formula prefixed with `'`, a number
 * that is really text (a mobile, UTR, cheque or admission number) kept text, Aadhaar numbers
 * masked, dates written DD-MM-YYYY. Documents are never columns of their own (they are not in the
 * row): a record may add counted columns instead (`extra`). Every export is audited with its
 * filters and row count.
 */
import { stringify } from 'csv-stringify/sync';
import type { Field, RecordDefinition } from '../lib/record.ts';
import { labelIn } from '../lib/record.ts';
import { dateInIndia } from '../lib/dates.ts';
import type { AdminContext } from './auth.ts';
import { maskAadhaar } from './aadhaar.ts';
import { recordAudit, type AuditEntity } from './audit.ts';
import { query } from './db.ts';
import { listQuery, prepareList, type ListSpec } from './lists.ts';
import { selectColumns } from './records.ts';

/** Rows a query reads: large enough that round trips do not dominate, small enough to hold lightly. */
const BATCH = 1000;

const INDIA_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Kolkata',
});

/** YYYY-MM-DD -> DD-MM-YYYY; anything else as it is. */
export const ddmmyyyy = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3-$2-$1');

/** A moment as DD-MM-YYYY HH:MM, India time. */
function momentText(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(INDIA_TIME.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}`;
}

/**
 * Text Excel would turn into a number, a date or a fraction on opening: digits, alone or with
 * spaces, dots, commas, slashes, colons, dashes, plus signs or a percent sign. A 12-digit UTR would
 * show as 4.33E+11, a cheque number lose its leading zeros, an admission number 12/2019 become a date.
 */
const NUMBER_LIKE = /^\d[\d\s.,/:%+-]*$/;

/** A first character that makes a spreadsheet run the cell as a formula (csv-stringify's list, full-width forms too). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell as Excel must show it. Number-like text becomes the formula ="…", the robust way to
 * make Excel keep a CSV cell as text (an apostrophe would show; a tab would stay in the cell); it is
 * safe because the text inside has no quote and no letter, so nothing but the text can run. Any
 * other text that a spreadsheet would run as a formula gets a leading apostrophe. Dates (`date`)
 * are left for Excel to read as dates.
 */
export function spreadsheetText(text: string, date = false): string {
  if (!date && NUMBER_LIKE.test(text)) return `="${text}"`;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A column a record adds to its export beyond its definition's fields (e.g. counts of documents, fees). */
interface ExtraColumn {
  label: string;
  /** The cell of a row: a number stays a number (Excel can add it up), text is made safe as any other. */
  cell: (row: Record<string, unknown>) => string | number;
}

/**
 * Columns a record adds to its export. `columns`: more of the table's own columns to read (the
 * table unaliased). `load`: values from other tables for one batch's ids, by id, merged into each
 * row: one query a batch (a subquery per row cost 150 ms per 1,000 rows on PGlite).
 */
export interface ExportExtra {
  columns?: string;
  load?: (ids: string[]) => Promise<Map<string, Record<string, unknown>>>;
  cells: readonly ExtraColumn[];
}

/** One cell of the export: what the office reads, not what is stored. */
export function cellOf(field: Field, row: Record<string, unknown>): string {
  const value = row[field.column];
  switch (field.kind) {
    case 'aadhaar': {
      const last4 = row[`${field.column}_last4`];
      return last4 ? maskAadhaar(String(last4)) : '';
    }
    case 'datetime':
      return value ? momentText(value) : '';
    case 'date':
      return value ? ddmmyyyy(String(value)) : '';
    case 'list':
      return Array.isArray(value) ? value.map(String).join('; ') : '';
    case 'select':
      return value === null || value === undefined || value === ''
        ? ''
        : (field.optionText?.(String(value)) ?? String(value));
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export interface CsvExport {
  /** What is exported: a record's definition, or the like for another table (the audit log). */
  def: Pick<RecordDefinition, 'table' | 'fields'> & { entity: AuditEntity };
  /** The admin list whose filters the export takes. */
  list: ListSpec;
  /** The downloaded file's name before the date, e.g. 'admissions'. */
  fileName: string;
  /** The columns a batch reads, when the definition's own (selectColumns) do not fit the table. */
  columns?: string;
  /** The type of the table's id, for the keyset; uuid unless told. */
  idType?: 'uuid' | 'bigint';
  /** Columns after the definition's, in this order. */
  extra?: readonly ExportExtra[];
}

/** The audit entry's words for an export: its filters and how many rows went out. */
export function exportDetail(used: Record<string, string>, rows: number, finished = true): string {
  const filters = Object.entries(used)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  return `${filters ? `filters: ${filters}` : 'no filters'}; ${rows} rows${finished ? '' : ' (download stopped)'}`;
}

/** GET .../export.csv: the streamed CSV of every record the list's filters match. */
export function csvExport({ def, list, fileName, columns: read, idType = 'uuid', extra = [] }: CsvExport) {
  // A document is not in the row (uploads hold them): a column of its own would always be empty.
  const fields = def.fields.filter((f) => f.show.includes('export') && f.kind !== 'file');
  const more = extra.flatMap((e) => (e.columns ? [e.columns] : []));
  const columns = [read ?? selectColumns(def as RecordDefinition), ...more, 'created_at::text AS cursor_at'].join(', ');
  const cells = extra.flatMap((e) => e.cells);
  const header = [...fields.map((f) => labelIn(f, 'details')), ...cells.map((c) => c.label)].map((label) =>
    spreadsheetText(label),
  );
  const line = (row: Record<string, unknown>) => [
    ...fields.map((f) => spreadsheetText(cellOf(f, row), f.kind === 'date' || f.kind === 'datetime')),
    ...cells.map((c) => {
      const value = c.cell(row);
      return typeof value === 'number' ? value : spreadsheetText(value);
    }),
  ];
  return async (req: Request, ctx: AdminContext): Promise<Response> => {
    const url = new URL(req.url);
    const { where, params, used } = listQuery(url, await prepareList(url, list));
    // The next batch starts after the last row sent: (created_at, id) below it, in the lists' own index order.
    const after = (n: number) =>
      `${where ? `${where} AND` : 'WHERE'} (created_at, id) < ($${n}::timestamptz, $${n + 1}::${idType})`;
    let cursor: [string, string] | undefined;
    let rows = 0;
    let audited = false;
    const audit = async (finished: boolean) => {
      if (audited) return;
      audited = true;
      await recordAudit(ctx, {
        action: 'export',
        entity: def.entity,
        entityId: null,
        detail: exportDetail(used, rows, finished),
      });
    };
    const next = async () => {
      const sql = `SELECT ${columns} FROM ${def.table} ${cursor ? after(params.length + 1) : where}
        ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`;
      const batch = await query<Record<string, unknown>>(sql, cursor ? [...params, ...cursor] : params);
      const ids = batch.map((row) => String(row.id));
      for (const { load } of extra) {
        if (!load || !ids.length) continue;
        const loaded = await load(ids);
        for (const row of batch) Object.assign(row, loaded.get(String(row.id)));
      }
      const last = batch.at(-1);
      if (last) cursor = [String(last.cursor_at), String(last.id)];
      return batch;
    };
    // The first read happens before any byte is sent, so a failure is still a JSON error.
    let batch = await next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(stringify([header], { bom: true })));
      },
      async pull(controller) {
        rows += batch.length;
        if (batch.length) controller.enqueue(encoder.encode(stringify(batch.map(line))));
        if (batch.length < BATCH) {
          await audit(true);
          controller.close();
          return;
        }
        batch = await next();
      },
      async cancel() {
        await audit(false);
      },
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName}-${ddmmyyyy(dateInIndia())}.csv"`,
      },
    });
  };
}
