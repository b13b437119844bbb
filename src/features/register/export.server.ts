/**
 * The register exported with the list's filters (class, section, status, search):
 * GET /v1/api/register/export.csv, Excel-safe as every export of the site (src/server/csv-export.ts),
 * and GET /v1/api/register/export.xlsx, the same columns in a workbook whose dates are dates and
 * whose heading row is bold and stays in view. Both audited with their filters and row count; both
 * read back by the import (./import-columns.ts knows their headings).
 */
import ExcelJS from 'exceljs';
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { cellOf, csvExport, ddmmyyyy, exportDetail } from '../../server/csv-export.ts';
import { query } from '../../server/db.ts';
import { listQuery, prepareList, type ListSpec } from '../../server/lists.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { labelIn } from '../../lib/record.ts';
import { PUPIL } from './pupil.ts';
import { PUPIL_COLUMNS } from './register.server.ts';
import { REGISTER_LIST } from './register-routes.server.ts';

/** The register list's filters, as GET /v1/api/register reads them, with the columns unprefixed. */
const EXPORT_LIST: ListSpec = { ...REGISTER_LIST, columns: PUPIL_COLUMNS, counted: false };

const READ = `${PUPIL_COLUMNS}, created_at::text AS cursor_at`;

export const exportRegisterCsv = csvExport({
  def: { table: PUPIL.table, fields: PUPIL.fields, entity: PUPIL.entity },
  list: EXPORT_LIST,
  fileName: 'register',
  columns: PUPIL_COLUMNS,
});

/** The columns of both exports: the definition's 'export' fields. */
const FIELDS = PUPIL.fields.filter((f) => (f.show as readonly string[]).includes('export'));
/** Rows one query reads (as the CSV export). */
const BATCH = 1000;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A date cell: the day at midnight UTC, which Excel shows as that day whatever the PC's time zone. */
const dayOf = (value: unknown) => (value ? new Date(`${String(value)}T00:00:00Z`) : null);

/** GET /v1/api/register/export.xlsx: every pupil the list's filters match, newest first. */
export async function exportRegisterXlsx(req: Request, ctx: AdminContext): Promise<Response> {
  const url = new URL(req.url);
  const { where, params, used } = listQuery(url, await prepareList(url, EXPORT_LIST));
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Register', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = FIELDS.map((f) => ({
    header: labelIn(f, 'details'),
    key: f.name,
    width: f.kind === 'textarea' ? 40 : f.kind === 'date' ? 12 : f.kind === 'datetime' ? 17 : 16,
    // Text stays text: an admission number 0042 keeps its zeros, a mobile number is no number.
    style: f.kind === 'date' ? { numFmt: 'dd-mm-yyyy' } : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  let rows = 0;
  let cursor: [string, string] | undefined;
  for (;;) {
    const n = params.length;
    const after = cursor
      ? `${where ? `${where} AND` : 'WHERE'} (created_at, id) < ($${n + 1}::timestamptz, $${n + 2}::uuid)`
      : where;
    const batch = await query<Record<string, unknown>>(
      `SELECT ${READ} FROM pupils ${after} ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`,
      cursor ? [...params, ...cursor] : params,
    );
    for (const row of batch)
      sheet.addRow(
        Object.fromEntries(FIELDS.map((f) => [f.name, f.kind === 'date' ? dayOf(row[f.column]) : cellOf(f, row)])),
      );
    rows += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    cursor = [String(last.cursor_at), String(last.id)];
  }
  const body = await workbook.xlsx.writeBuffer();
  await recordAudit(ctx, { action: 'export', entity: PUPIL.entity, entityId: null, detail: exportDetail(used, rows) });
  return new Response(new Uint8Array(body as ArrayBuffer), {
    headers: {
      'Content-Type': XLSX_MIME,
      'Content-Disposition': `attachment; filename="register-${ddmmyyyy(dateInIndia())}.xlsx"`,
    },
  });
}
