/**
 * CSV exports of the admin lists: GET /v1/api/{record}/export.csv takes the list's own filters and
 * answers every matching record (newest first) with the definition's 'export' fields, streamed in
 * batches read by keyset, so memory stays flat however many rows there are.
 *
 * Made to be opened in Excel by the office: UTF-8 with a byte order mark (without it Excel reads
 * Hindi names as ANSI), a cell that a spreadsheet would run as a formula prefixed with `'`, Aadhaar
 * numbers masked, dates written DD-MM-YYYY. Every export is audited with its filters and row count.
 */
import { stringify } from 'csv-stringify/sync';
import type { Field, RecordDefinition } from '../lib/record.ts';
import { labelIn } from '../lib/record.ts';
import { dateInIndia } from '../lib/dates.ts';
import type { AdminContext } from './auth.ts';
import { maskAadhaar } from './aadhaar.ts';
import { recordAudit, type AuditEntity } from './audit.ts';
import { query } from './db.ts';
import { listQuery, type ListSpec } from './lists.ts';
import { selectColumns } from './records.ts';

/** Rows a query reads: large enough that round trips do not dominate, small enough to hold lightly. */
const BATCH = 1000;

const INDIA_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Kolkata',
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
      return value === null || value === undefined || value === '' ? '' : (field.optionText?.(String(value)) ?? String(value));
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
}

/** The audit entry's words for an export: its filters and how many rows went out. */
export function exportDetail(used: Record<string, string>, rows: number, finished = true): string {
  const filters = Object.entries(used).map(([name, value]) => `${name}=${value}`).join(', ');
  return `${filters ? `filters: ${filters}` : 'no filters'}; ${rows} rows${finished ? '' : ' (download stopped)'}`;
}

/** GET .../export.csv: the streamed CSV of every record the list's filters match. */
export function csvExport({ def, list, fileName, columns: read, idType = 'uuid' }: CsvExport) {
  const fields = def.fields.filter((f) => f.show.includes('export'));
  const columns = `${read ?? selectColumns(def as RecordDefinition)}, created_at::text AS cursor_at`;
  return async (req: Request, ctx: AdminContext): Promise<Response> => {
    const { where, params, used } = listQuery(new URL(req.url), list);
    // The next batch starts after the last row sent: (created_at, id) below it, in the lists' own index order.
    const after = (n: number) => `${where ? `${where} AND` : 'WHERE'} (created_at, id) < ($${n}::timestamptz, $${n + 1}::${idType})`;
    let cursor: [string, string] | undefined;
    let rows = 0;
    let audited = false;
    const audit = async (finished: boolean) => {
      if (audited) return;
      audited = true;
      await recordAudit(ctx, { action: 'export', entity: def.entity, entityId: null, detail: exportDetail(used, rows, finished) });
    };
    const next = async () => {
      const sql = `SELECT ${columns} FROM ${def.table} ${cursor ? after(params.length + 1) : where}
        ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`;
      const batch = await query<Record<string, unknown>>(sql, cursor ? [...params, ...cursor] : params);
      const last = batch.at(-1);
      if (last) cursor = [String(last.cursor_at), String(last.id)];
      return batch;
    };
    // The first read happens before any byte is sent, so a failure is still a JSON error.
    let batch = await next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(stringify([fields.map((f) => labelIn(f, 'details'))], { bom: true, escape_formulas: true })));
      },
      async pull(controller) {
        rows += batch.length;
        if (batch.length) controller.enqueue(encoder.encode(stringify(batch.map((row) => fields.map((f) => cellOf(f, row))), { escape_formulas: true })));
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
