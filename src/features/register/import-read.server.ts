/**
 * A paper register's file read into rows of text by field: an Excel workbook (.xlsx) or a CSV,
 * told apart by their bytes (a zip holding a workbook's parts, or UTF-8 text), both read with
 * exceljs. The heading row is the first of the first ten that names the admission number and one
 * more field (a title above the table is left out); a row's number is the one Excel shows.
 */
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { badRequest } from '../../server/errors.ts';
import { detectType } from '../../server/file-types.ts';
import { IMPORT_MAX_ROWS, excelSerialDate, matchHeadings, unguarded, type ImportField } from './import-columns.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows searched for the heading row. */
const HEADING_ROWS = 10;

export const READ_TEXTS = {
  notASheet:
    'This file is not an Excel workbook (.xlsx) or a CSV file. In Excel, use File > Save As and choose "Excel Workbook (*.xlsx)" or "CSV UTF-8".',
  oldExcel:
    'This is an old Excel file (.xls). In Excel, use File > Save As and choose "Excel Workbook (*.xlsx)", then import that file.',
  notUtf8:
    'This CSV file is not in UTF-8, so Hindi names would be lost. In Excel, use File > Save As and choose "CSV UTF-8", or import the .xlsx file.',
  unreadable: 'This workbook could not be read. Open it in Excel, save it again as .xlsx and import it again.',
  noHeadings:
    'No heading row found. The first row of the table must name its columns, at least "Admission No." and "Name" (or "प्रवेश संख्या" and "नाम").',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows. Import the register in parts.`,
  empty: 'The file has a heading row but no pupils under it.',
} as const;

/** A cell as read: text, a number, or a date (a date cell of a workbook). */
export type Cell = string | number | Date;

export interface ReadRow {
  /** The row's number in the spreadsheet (1 is its first row). */
  row: number;
  cells: Partial<Record<ImportField, Cell>>;
}

export interface ReadSheet {
  columns: { heading: string; field: ImportField | null }[];
  rows: ReadRow[];
}

const refuse = (message: string) => badRequest(message, { file: message });

/** An old Excel file (OLE2 compound document): a type of its own, so the office is told to save it again. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The text of a CSV: UTF-8 (with or without a byte order mark), no NUL or other binary control characters. */
function csvText(bytes: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex -- binary bytes are what is looked for
  if (/[\u0000-\u0008\u000E-\u001F]/.test(text)) return undefined;
  return text.replace(/^\uFEFF/, '');
}

/** The CSV's separator: the one of comma, semicolon (Excel in some locales) and tab the first line has most of. */
function separatorOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  return [',', ';', '\t'].reduce((best, sep) => (first.split(sep).length > first.split(best).length ? sep : best), ',');
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  if (OLE2.every((b, i) => bytes[i] === b)) throw refuse(READ_TEXTS.oldExcel);
  const workbook = new ExcelJS.Workbook();
  if (await detectType(bytes, [XLSX_MIME])) {
    try {
      // exceljs types its argument as its own Buffer, an ArrayBuffer; it reads Node's Buffer as well.
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw refuse(READ_TEXTS.unreadable);
    }
    return workbook;
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) throw refuse(READ_TEXTS.notASheet);
  const text = csvText(bytes);
  if (text === undefined) {
    // Text in another encoding, or a binary file of another type.
    throw refuse(looksLikeText(bytes) ? READ_TEXTS.notUtf8 : READ_TEXTS.notASheet);
  }
  try {
    // Every cell as written: the default reading turns '0042' into 42 and guesses at dates.
    await workbook.csv.read(Readable.from([text]), {
      map: (value: unknown) => value,
      parserOptions: { delimiter: separatorOf(text), ignoreEmpty: true },
    });
  } catch {
    throw refuse(READ_TEXTS.notASheet);
  }
  return workbook;
}

/** Bytes that are text in a single-byte encoding (Windows-1252): no NUL, mostly printable. */
function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  return sample.length > 0 && sample.every((b) => b >= 9);
}

/** A cell's value as text, number or date: a formula as its result, rich text as its words, an error as nothing. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return unguarded(value.trim()).trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellValue((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  return '';
}

/** A heading cell as text. */
function headingText(value: Cell): string {
  if (value instanceof Date) return excelSerialDate(value.getTime() / 86400000 + 25569) ?? '';
  return String(value);
}

/** The rows of the first sheet that has a heading row, each cell under the field its column was matched to. */
export async function readRegisterFile(bytes: Buffer): Promise<ReadSheet> {
  const workbook = await workbookOf(bytes);
  for (const sheet of workbook.worksheets) {
    const grid: { row: number; values: Cell[] }[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const values: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        values[col - 1] = cellValue(cell.value);
      });
      grid.push({ row: number, values: Array.from(values, (v) => v ?? '') });
    });
    const headingAt = grid.slice(0, HEADING_ROWS).findIndex(({ values }) => {
      const fields = matchHeadings(values.map(headingText));
      return fields.includes('admissionNumber') && fields.filter(Boolean).length >= 2;
    });
    if (headingAt < 0) continue;
    const headings = grid[headingAt]!.values.map(headingText);
    const fields = matchHeadings(headings);
    const body = grid.slice(headingAt + 1).filter(({ values }) => values.some((v) => String(v).trim() !== ''));
    if (body.length > IMPORT_MAX_ROWS) throw refuse(READ_TEXTS.tooManyRows);
    if (!body.length) throw refuse(READ_TEXTS.empty);
    return {
      columns: headings.map((heading, i) => ({ heading, field: fields[i] ?? null })),
      rows: body.map(({ row, values }) => ({
        row,
        cells: Object.fromEntries(
          fields.flatMap((field, i) =>
            field && values[i] !== undefined && values[i] !== '' ? [[field, values[i]]] : [],
          ),
        ),
      })),
    };
  }
  throw refuse(READ_TEXTS.noHeadings);
}
