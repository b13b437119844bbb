/**
 * POST /v1/api/register/import: the office brings its paper register in from an Excel workbook or
 * a CSV (./import-read.server.ts). `?dryRun=1` answers the preview and stores nothing; without it
 * the same reading, with the office's `fixes` and `skip` from the preview, stores every pupil in
 * one transaction, or nothing while any row has a problem. The series is not touched: the answer
 * says the next number the principal may set.
 */
import type { AdminContext } from '../../server/auth.ts';
import { sealAadhaar } from '../../server/aadhaar.ts';
import { recordAudit } from '../../server/audit.ts';
import { query, transaction, type Queryable } from '../../server/db.ts';
import { HttpError, badRequest } from '../../server/errors.ts';
import { json } from '../../server/http.ts';
import { readMultipart } from '../../server/multipart.ts';
import { academicSessionOn } from '../../lib/sessions.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { isAadhaarShaped } from '../../lib/forms/verhoeff.ts';
import {
  IMPORT_MAX_BYTES,
  IMPORT_REQUIRED,
  IMPORT_SAMPLE,
  excelSerialDate,
  isImportField,
  readCategory,
  readClass,
  readDate,
  readGender,
  readStatus,
  splitClassSection,
  splitName,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  type ImportedPupil,
} from './import-columns.ts';
import { readRegisterFile, type Cell, type ReadRow } from './import-read.server.ts';
import { ADMISSION_NUMBER_MAX, PUPIL, normaliseAdmissionNumber } from './pupil.ts';
import { validatePupil } from './schema.ts';

export const IMPORT_TEXTS = {
  required: 'Choose the register file (.xlsx or .csv) to import.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Import the register in parts.`,
  badFixes: 'The fixes could not be read: send them as {"<row>": {"<field>": "<value>"}}.',
  badSkip: 'The rows to skip could not be read: send them as [row, ...].',
  problemsLeft: 'Some rows still have problems: fix or skip them, then import again. Nothing was imported.',
  nothingLeft: 'Every row was skipped: there is nothing to import.',
  taken: 'An admission number of the file was added to the register meanwhile. Nothing was imported: preview again.',
  missing: 'Missing: the register needs it.',
  notADate: 'Not a date: write it as DD/MM/YYYY (e.g. 05/07/2015).',
  notAClass: 'Not a class of the school: write 1 to 12 (or I to XII), P.N.C, N.C or K.G.',
  numberTooLong: `Longer than ${ADMISSION_NUMBER_MAX} characters.`,
  notAStatus: "Not a status: write 'Studying' or 'Left'.",
  leftWithoutDate: 'A pupil who left needs the date of leaving.',
  duplicateInFile: 'The same admission number as row {row} of the file.',
  duplicateInRegister: 'This admission number is already in the register.',
} as const;

type Values = Record<string, string>;
const DATE_FIELDS = new Set(['dateOfBirth', 'admittedOn', 'leftOn']);
const CLASS_FIELDS = new Set(['class', 'classOnAdmission']);

/** A cell as the text the register's field takes: dates YYYY-MM-DD, classes as the school's labels. */
function cellText(field: string, cell: Cell): string {
  if (DATE_FIELDS.has(field)) {
    if (cell instanceof Date) return excelSerialDate(cell.getTime() / 86400000 + 25569) ?? '';
    if (typeof cell === 'number') return excelSerialDate(cell) ?? String(cell);
    return readDate(cell) ?? cell;
  }
  if (cell instanceof Date) return excelSerialDate(cell.getTime() / 86400000 + 25569) ?? '';
  const text = typeof cell === 'number' ? String(cell) : cell;
  return text.trim();
}

/** A row's values by the register's fields, the office's fixes applied over the file's cells. */
function rowValues(row: ReadRow, fixes: Record<string, string> | undefined): Values {
  const raw: Values = {};
  for (const [field, cell] of Object.entries(row.cells)) raw[field] = cellText(field, cell as Cell);
  if (raw.name && !raw.firstName && !raw.lastName) Object.assign(raw, splitName(raw.name));
  delete raw.name;
  // A fix is typed as a cell would be: read the same way.
  for (const [field, value] of Object.entries(fixes ?? {})) {
    if (field === 'name') Object.assign(raw, splitName(value));
    else raw[field] = cellText(field, value);
  }
  const values: Values = { ...raw };
  if (raw.class && !readClass(raw.class) && !raw.section) {
    const both = splitClassSection(raw.class);
    if (both) Object.assign(values, both);
  }
  for (const field of CLASS_FIELDS) if (values[field]) values[field] = readClass(values[field]) ?? values[field];
  if (values.admissionNumber) values.admissionNumber = normaliseAdmissionNumber(values.admissionNumber);
  if (values.gender) values.gender = readGender(values.gender);
  if (values.category) values.category = readCategory(values.category);
  if (values.section) values.section = values.section.toUpperCase();
  if (values.sectionOnAdmission) values.sectionOnAdmission = values.sectionOnAdmission.toUpperCase();
  if (values.aadhaar) values.aadhaar = values.aadhaar.replace(/[\s-]/g, '');
  // The masked number an export of the register writes ('XXXX XXXX 1234') is no number to keep.
  if (/^X{8}\d{4}$/i.test(values.aadhaar ?? '')) values.aadhaar = '';
  values.status = values.status ? readStatus(values.status) : values.leftOn ? 'left' : 'studying';
  values.session ||= academicSessionOn(dateInIndia());
  values.classOnAdmission ||= values.class ?? '';
  values.sectionOnAdmission ||= values.classOnAdmission === values.class ? (values.section ?? '') : '';
  return values;
}

/** Every problem of one row, by field, in the register's order (the reasons as the office reads them). */
function rowProblems(values: Values): Record<string, string> {
  const found: Record<string, string> = {};
  for (const field of IMPORT_REQUIRED) if (!values[field]) found[field] = IMPORT_TEXTS.missing;
  for (const field of DATE_FIELDS)
    if (values[field] && !readDate(values[field]) && !found[field]) found[field] = IMPORT_TEXTS.notADate;
  for (const field of CLASS_FIELDS)
    if (values[field] && !readClass(values[field]) && !found[field]) found[field] = IMPORT_TEXTS.notAClass;
  if ((values.admissionNumber ?? '').length > ADMISSION_NUMBER_MAX) found.admissionNumber = IMPORT_TEXTS.numberTooLong;
  if (values.status !== 'studying' && values.status !== 'left') found.status = IMPORT_TEXTS.notAStatus;
  else if (values.status === 'left' && !values.leftOn) found.leftOn = IMPORT_TEXTS.leftWithoutDate;
  // The register's own schema, as the office's screens check a pupil typed by hand.
  const dated = Object.fromEntries([...DATE_FIELDS].map((f) => [f, readDate(values[f] ?? '') ?? values[f] ?? '']));
  const checked = validatePupil({ ...values, ...dated });
  if (!checked.ok) for (const [field, reason] of Object.entries(checked.fields)) found[field] ??= reason;
  return found;
}

interface Reading {
  preview: ImportPreview;
  pupils: Values[];
}

/** The file read, each row checked, the duplicates in the file and in the register named. */
async function readImport(
  bytes: Buffer,
  fixes: Record<string, Record<string, string>>,
  skip: ReadonlySet<number>,
): Promise<Reading> {
  const sheet = await readRegisterFile(bytes);
  const problems: ImportProblem[] = [];
  const problemRows: Record<string, Values> = {};
  const ready: { row: number; values: Values }[] = [];
  const firstRowOf = new Map<string, number>();
  const checked = sheet.rows
    .filter((row) => !skip.has(row.row))
    .map((row) => {
      const values = rowValues(row, fixes[String(row.row)]);
      const found = rowProblems(values);
      const number = values.admissionNumber;
      if (number && !found.admissionNumber) {
        const first = firstRowOf.get(number);
        if (first === undefined) firstRowOf.set(number, row.row);
        else found.admissionNumber = IMPORT_TEXTS.duplicateInFile.replace('{row}', String(first));
      }
      return { row: row.row, values, found };
    });
  const numbers = [...firstRowOf.keys()];
  const inRegister = new Set(
    numbers.length
      ? (
          await query<{ admission_number: string }>(
            'SELECT admission_number FROM pupils WHERE admission_number = ANY($1::text[])',
            [numbers],
          )
        ).map((r) => r.admission_number)
      : [],
  );
  for (const { row, values, found } of checked) {
    if (inRegister.has(values.admissionNumber ?? '') && !found.admissionNumber)
      found.admissionNumber = IMPORT_TEXTS.duplicateInRegister;
    const fields = Object.keys(found);
    if (!fields.length) {
      ready.push({ row, values });
      continue;
    }
    const written = (field: string) => (field === 'firstName' && !values.firstName ? '' : (values[field] ?? ''));
    for (const field of fields) problems.push({ row, field, value: written(field), reason: found[field]! });
    problemRows[String(row)] = values;
  }
  const sample: ImportedPupil[] = ready.slice(0, IMPORT_SAMPLE).map(({ row, values: p }) => ({
    row,
    admissionNumber: p.admissionNumber!,
    firstName: p.firstName!,
    middleName: p.middleName ?? '',
    lastName: p.lastName ?? '',
    fatherName: p.fatherName ?? '',
    dateOfBirth: p.dateOfBirth ? readDate(p.dateOfBirth)! : null,
    class: p.class!,
    section: p.section ?? '',
  }));
  return {
    preview: {
      rows: sheet.rows.length,
      ready: ready.length,
      problems,
      sample,
      columns: sheet.columns.map((c) => ({ heading: c.heading, field: c.field })),
      nextNumberHint: nextNumberHint(ready.map((p) => p.values.admissionNumber!)),
      problemRows,
    },
    pupils: ready.map((p) => p.values),
  };
}

/** The highest admission number + 1, when the numbers are numbers (after a common prefix such as 'A/'); else null. */
export function nextNumberHint(numbers: readonly string[]): number | null {
  if (!numbers.length) return null;
  const parts = numbers.map((n) => /^(.*?)(\d+)$/.exec(n));
  if (parts.some((p) => !p || p[1] !== parts[0]![1])) return null;
  return Math.max(...parts.map((p) => Number(p![2]))) + 1;
}

/** `fixes` and `skip` as the form sends them: JSON, checked. */
function officeChoices(fields: Record<string, string>): {
  fixes: Record<string, Record<string, string>>;
  skip: Set<number>;
} {
  let fixes: unknown;
  let skip: unknown;
  try {
    fixes = fields.fixes ? JSON.parse(fields.fixes) : {};
  } catch {
    throw badRequest(IMPORT_TEXTS.badFixes, { fixes: IMPORT_TEXTS.badFixes });
  }
  try {
    skip = fields.skip ? JSON.parse(fields.skip) : [];
  } catch {
    throw badRequest(IMPORT_TEXTS.badSkip, { skip: IMPORT_TEXTS.badSkip });
  }
  const isFixes = (value: unknown): value is Record<string, Record<string, string>> =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(
      ([row, fix]) =>
        /^\d{1,6}$/.test(row) &&
        typeof fix === 'object' &&
        fix !== null &&
        !Array.isArray(fix) &&
        Object.entries(fix).every(([field, v]) => isImportField(field) && typeof v === 'string' && v.length <= 500),
    );
  if (!isFixes(fixes)) throw badRequest(IMPORT_TEXTS.badFixes, { fixes: IMPORT_TEXTS.badFixes });
  if (!Array.isArray(skip) || !skip.every((n) => Number.isInteger(n) && n > 0 && n < 1e6))
    throw badRequest(IMPORT_TEXTS.badSkip, { skip: IMPORT_TEXTS.badSkip });
  return { fixes, skip: new Set(skip as number[]) };
}

/** Rows one INSERT carries: few statements, each well under the drivers' parameter limits (one array a column). */
const BATCH = 500;

const COLUMNS = [
  ['admission_number', 'admissionNumber', 'text'],
  ['first_name', 'firstName', 'text'],
  ['middle_name', 'middleName', 'text'],
  ['last_name', 'lastName', 'text'],
  ['name_hi', 'nameHi', 'text'],
  ['father_name', 'fatherName', 'text'],
  ['mother_name', 'motherName', 'text'],
  ['date_of_birth', 'dateOfBirth', 'date'],
  ['gender', 'gender', 'text'],
  ['category', 'category', 'text'],
  ['address', 'address', 'text'],
  ['mobile', 'mobile', 'text'],
  ['apaar_id', 'apaarId', 'text'],
  ['admitted_on', 'admittedOn', 'date'],
  ['class_on_admission', 'classOnAdmission', 'text'],
  ['section_on_admission', 'sectionOnAdmission', 'text'],
  ['class', 'class', 'text'],
  ['section', 'section', 'text'],
  ['session', 'session', 'text'],
  ['status', 'status', 'text'],
  ['left_on', 'leftOn', 'date'],
  ['leaving_reason', 'leavingReason', 'text'],
] as const;
const AADHAAR_COLUMNS = ['aadhaar_enc', 'aadhaar_hash', 'aadhaar_last4'] as const;

/** The pupils inserted, BATCH rows a statement (UNNEST of one array a column), in the caller's transaction. */
async function insertPupils(tx: Queryable, pupils: readonly Values[]) {
  const all = [...COLUMNS.map((c) => c[0]), ...AADHAAR_COLUMNS];
  const types = [...COLUMNS.map((c) => c[2]), 'text', 'text', 'text'];
  const sql = `INSERT INTO pupils (${all.join(', ')})
    SELECT * FROM UNNEST(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
  for (let start = 0; start < pupils.length; start += BATCH) {
    const batch = pupils.slice(start, start + BATCH);
    const arrays: (string | null)[][] = all.map(() => []);
    for (const p of batch) {
      COLUMNS.forEach(([, field, type], i) => {
        const value = p[field] ?? '';
        arrays[i]!.push(type === 'date' ? (value ? readDate(value)! : null) : value);
      });
      const digits = p.aadhaar && isAadhaarShaped(p.aadhaar) ? p.aadhaar : '';
      const sealed = digits ? sealAadhaar(digits) : undefined;
      const at = COLUMNS.length;
      arrays[at]!.push(sealed?.enc ?? null);
      arrays[at + 1]!.push(sealed?.hash ?? null);
      arrays[at + 2]!.push(sealed?.last4 ?? null);
    }
    await tx.query(sql, arrays);
  }
}

/** POST /v1/api/register/import: the preview (`?dryRun=1`), or the import itself. */
export async function importRegister(req: Request, ctx: AdminContext): Promise<Response> {
  const dryRun = new URL(req.url).searchParams.get('dryRun') === '1';
  const { fields, files } = await readMultipart(req, {
    maxFileBytes: IMPORT_MAX_BYTES,
    maxFiles: 1,
    maxFields: 4,
    maxFieldBytes: 256 * 1024,
    fileTooLarge: IMPORT_TEXTS.tooLarge,
    acceptFile: (field) => field === 'file',
  });
  const part = files.find((p) => p.field === 'file' && p.data.byteLength > 0);
  if (!part) throw badRequest(IMPORT_TEXTS.required, { file: IMPORT_TEXTS.required });
  const { fixes, skip } = officeChoices(fields);
  const { preview, pupils } = await readImport(part.data, fixes, skip);
  if (dryRun) return json(preview);
  if (preview.problems.length)
    throw new HttpError(400, IMPORT_TEXTS.problemsLeft, { file: IMPORT_TEXTS.problemsLeft }, undefined, {
      problems: preview.problems,
    });
  if (!pupils.length) throw badRequest(IMPORT_TEXTS.nothingLeft, { file: IMPORT_TEXTS.nothingLeft });
  try {
    await transaction(async (tx) => {
      await insertPupils(tx, pupils);
      await recordAudit(
        ctx,
        {
          action: 'create',
          entity: PUPIL.entity,
          entityId: null,
          detail: `import of ${pupils.length} pupils from ${part.name || 'a file'} (${preview.rows} rows, ${skip.size} skipped)`,
        },
        tx,
      );
    });
  } catch (error) {
    // Another import or a pupil added by hand took a number between the check and the insert.
    if ((error as { code?: string }).code === '23505')
      throw new HttpError(409, IMPORT_TEXTS.taken, { file: IMPORT_TEXTS.taken });
    throw error;
  }
  const result: ImportResult = { imported: pupils.length, nextNumberHint: preview.nextNumberHint };
  return json(result);
}
