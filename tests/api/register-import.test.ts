/**
 * Bringing the paper register in (POST /v1/api/register/import) and taking it out (export.csv,
 * export.xlsx): a 200-row workbook written with exceljs, as the office's Excel would, with three
 * bad rows; the preview names them; fixes and skips from the preview import the rest in one
 * transaction; a duplicate against the register stores nothing; Hindi headings in a CSV; a PNG
 * renamed .xlsx is refused; both exports read back with the same library.
 */
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient, type Json } from '../support/api.ts';
import { closeDb, db, PNG } from '../http/forms-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let office: ApiClient;
let principal: ApiClient;

beforeAll(async () => {
  office = (await staffClient('office', 'Register Clerk')).client;
  principal = (await staffClient('principal', 'Register Principal')).client;
});
afterAll(closeDb);

const HEADINGS = [
  'S.No.',
  'Adm No',
  'Name of Student',
  "Father's Name",
  'DOB',
  'Gender',
  'Date of Admission',
  'Class',
  'Section',
  'Mobile No.',
];
/** A name part of letters only, different for each i ('Ab', 'Bb', ...): the register refuses digits in names. */
const letters = (i: number) => String.fromCharCode(65 + (i % 26)) + String.fromCharCode(97 + Math.floor(i / 26));
const CLASSES = ['V', '5', 'Class 6', 'UKG', 'K.G', 'IX', '10th', 'Nursery'];

/** A register of `n` pupils numbered from `from`, as the office's sheet has it; `bad` changes rows by their index. */
async function workbook(n: number, from: number, bad: (row: unknown[], i: number) => void = () => {}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Scholar Register');
  sheet.addRow(['Scholar Register 2026']);
  sheet.addRow(HEADINGS);
  for (let i = 0; i < n; i++) {
    const row: unknown[] = [
      i + 1,
      from + i,
      `Pupil ${letters(i)} Kumar`,
      `Ram ${letters(i)}`,
      i % 2
        ? new Date(Date.UTC(2015, i % 12, 1 + (i % 27)))
        : `${String(1 + (i % 27)).padStart(2, '0')}/0${1 + (i % 9)}/2016`,
      i % 2 ? 'M' : 'Girl',
      new Date(Date.UTC(2021, 3, 1)),
      CLASSES[i % CLASSES.length],
      'a',
      `98${String(76543210 + i).padStart(8, '0')}`,
    ];
    bad(row, i);
    sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function send(client: ApiClient, file: Buffer, name: string, extra: Record<string, string> = {}, dryRun = false) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return client.request(`/v1/api/register/import${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body: form });
}

const count = async (where = 'TRUE', params: unknown[] = []) =>
  Number((await db().query(`SELECT count(*) FROM pupils WHERE ${where}`, params)).rows[0].count);

// Rows 3 onward are pupils (a title row, then the headings): the pupil of index i is row i + 3.
const NO_NAME = 10;
const NO_DATE = 50;
const DUPLICATE = 120;
const badRows = (row: unknown[], i: number) => {
  if (i === NO_NAME) row[2] = '';
  if (i === NO_DATE) row[4] = '31/02/2015';
  if (i === DUPLICATE) row[1] = 1000 + 7;
};

describe('import of a 200-row workbook with three bad rows', () => {
  let file: Buffer;
  beforeAll(async () => {
    file = await workbook(200, 1000, badRows);
  });

  it('the preview names the three rows with their reasons and stores nothing', async () => {
    const res = await send(office, file, 'register.xlsx', {}, true);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as Json;
    expect(preview.rows).toBe(200);
    expect(preview.ready).toBe(197);
    expect(preview.problems).toEqual([
      { row: NO_NAME + 3, field: 'firstName', value: '', reason: expect.stringContaining('Missing') },
      { row: NO_DATE + 3, field: 'dateOfBirth', value: '31/02/2015', reason: expect.stringContaining('Not a date') },
      {
        row: DUPLICATE + 3,
        field: 'admissionNumber',
        value: '1007',
        reason: 'The same admission number as row 10 of the file.',
      },
    ]);
    expect(preview.sample).toHaveLength(20);
    expect(preview.sample[0]).toMatchObject({
      row: 3,
      admissionNumber: '1000',
      firstName: 'Pupil',
      middleName: 'Aa',
      lastName: 'Kumar',
      fatherName: 'Ram Aa',
      dateOfBirth: '2016-01-01',
      class: '5',
      section: 'A',
    });
    // The classes as the school labels them, and an Excel date as a date.
    expect(preview.sample.slice(1, 8).map((p: Json) => p.class)).toEqual(['5', '6', 'K.G', 'K.G', '9', '10', 'N.C']);
    expect(preview.sample[1].dateOfBirth).toBe('2015-02-02');
    expect(preview.columns.map((c: Json) => c.field)).toEqual([
      null,
      'admissionNumber',
      'name',
      'fatherName',
      'dateOfBirth',
      'gender',
      'admittedOn',
      'class',
      'section',
      'mobile',
    ]);
    expect(preview.nextNumberHint).toBe(1200);
    expect(await count()).toBe(0);
  });

  it('without the fixes the import is refused with the problems and stores nothing', async () => {
    const res = await send(office, file, 'register.xlsx');
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.error).toMatch(/Nothing was imported/);
    expect(body.fields).toBeTruthy();
    expect(body.problems).toHaveLength(3);
    expect(await count()).toBe(0);
  });

  it('with one row fixed and two skipped it stores 198 pupils in one go, audited once', async () => {
    const fixes = JSON.stringify({ [NO_DATE + 3]: { dateOfBirth: '28/02/2015' } });
    const skip = JSON.stringify([NO_NAME + 3, DUPLICATE + 3]);
    const res = await send(office, file, 'register.xlsx', { fixes, skip });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 198, nextNumberHint: 1200 });
    expect(await count()).toBe(198);
    const fixed = (
      await db().query(
        `SELECT date_of_birth::text AS dob, class, section, gender, admitted_on::text AS admitted, class_on_admission, status
           FROM pupils WHERE admission_number = $1`,
        [String(1000 + NO_DATE)],
      )
    ).rows[0];
    expect(fixed).toEqual({
      dob: '2015-02-28',
      class: '6',
      section: 'A',
      gender: 'Female',
      admitted: '2021-04-01',
      class_on_admission: '6',
      status: 'studying',
    });
    const audit = (
      await db().query(`SELECT action, detail FROM audit_log WHERE entity = 'register' AND detail LIKE 'import%'`)
    ).rows;
    expect(audit).toEqual([{ action: 'create', detail: expect.stringContaining('import of 198 pupils') }]);
    // The series is the principal's to set: untouched.
    expect(
      Number((await db().query(`SELECT next_number FROM number_series WHERE name = 'admission'`)).rows[0].next_number),
    ).toBe(1);
  });

  it('a file with one admission number already in the register stores nothing', async () => {
    const before = await count();
    const again = await workbook(5, 5000, (row, i) => {
      if (i === 3) row[1] = 1000;
    });
    const preview = (await (await send(principal, again, 'more.xlsx', {}, true)).json()) as Json;
    expect(preview.problems).toEqual([
      {
        row: 6,
        field: 'admissionNumber',
        value: '1000',
        reason: 'This admission number is already in the register.',
      },
    ]);
    const res = await send(principal, again, 'more.xlsx');
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).problems).toHaveLength(1);
    expect(await count()).toBe(before);
    expect(await count('admission_number LIKE $1', ['500%'])).toBe(0);
  });
});

describe('other files', () => {
  it('reads a CSV with Hindi headings (UTF-8 with a byte order mark, as Excel saves it)', async () => {
    const csv =
      '\uFEFFप्रवेश संख्या,नाम,पिता का नाम,जन्म तिथि,कक्षा,प्रवेश तिथि,लिंग,श्रेणी,आधार संख्या\r\n' +
      'H/0042,सीता देवी,राम प्रसाद,05-07-2015,कक्षा 3,01/04/2022,बालिका,अनुसूचित जाति,2345 6789 0124\r\n' +
      'h/0043,Mohan Lal Verma,Shyam Lal,15.08.2014,IV,01/04/2021,M,OBC,\r\n';
    const preview = (await (await send(office, Buffer.from(csv), 'register.csv', {}, true)).json()) as Json;
    expect(preview.problems).toEqual([]);
    expect(preview.sample).toMatchObject([
      {
        admissionNumber: 'H/0042',
        firstName: 'सीता',
        lastName: 'देवी',
        fatherName: 'राम प्रसाद',
        dateOfBirth: '2015-07-05',
        class: '3',
      },
      {
        admissionNumber: 'H/0043',
        firstName: 'Mohan',
        middleName: 'Lal',
        lastName: 'Verma',
        dateOfBirth: '2014-08-15',
        class: '4',
      },
    ]);
    expect(preview.nextNumberHint).toBe(44);
    const res = await send(office, Buffer.from(csv), 'register.csv');
    expect(await res.json()).toEqual({ imported: 2, nextNumberHint: 44 });
    const sita = (
      await db().query(
        `SELECT gender, category, aadhaar_last4, aadhaar_enc FROM pupils WHERE admission_number = 'H/0042'`,
      )
    ).rows[0];
    expect(sita).toMatchObject({ gender: 'Female', category: 'SC', aadhaar_last4: '0124' });
    expect(sita.aadhaar_enc).not.toContain('2345');
  });

  it('refuses a PNG renamed .xlsx, an old .xls and an empty part with 400 and stores nothing', async () => {
    const before = await count();
    for (const [bytes, reason] of [
      [PNG, /not an Excel workbook/],
      [Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'), /old Excel file/],
      [Buffer.from('Name,Class\r\nAsha,5\r\n'), /No heading row/],
    ] as const) {
      const res = await send(office, bytes, 'register.xlsx', {}, true);
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.error).toMatch(reason);
      expect(body.fields.file).toBe(body.error);
    }
    const empty = await send(office, Buffer.alloc(0), 'register.xlsx');
    expect(empty.status).toBe(400);
    const bad = await send(office, await workbook(1, 7000), 'r.xlsx', { fixes: '{"3": {"nope": "x"}}' });
    expect(bad.status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('export', () => {
  it('export.csv reads back: Excel-safe text, the filters, and the import reads it again', async () => {
    const res = await office.request('/v1/api/register/export.csv?class=6');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    const book = new ExcelJS.Workbook();
    const sheet = await book.csv.read(Readable.from([text.replace(/^\uFEFF/, '')]), { map: (v: unknown) => v });
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const heading = rows[0]!.slice(1);
    expect(heading).toContain('Admission number');
    const sixes = await count(`class = '6'`);
    expect(rows.length - 1).toBe(sixes);
    expect(rows.slice(1).every((r) => r[heading.indexOf('Class') + 1] === 'Class 6')).toBe(true);
    // Numbers stay text in Excel.
    expect(text).toMatch(/"=""10\d\d"""/);
    // Its headings are the import's: the export previews as a file of the register (every number taken).
    const preview = (await (await send(office, Buffer.from(text), 'export.csv', {}, true)).json()) as Json;
    expect(preview.rows).toBe(sixes);
    expect(new Set(preview.problems.map((p: Json) => p.reason))).toEqual(
      new Set(['This admission number is already in the register.']),
    );
  });

  it('export.xlsx reads back with dates as dates and the heading row bold and frozen', async () => {
    const res = await office.request('/v1/api/register/export.xlsx?class=5&section=a&status=studying');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const heading = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = (name: string) => heading.indexOf(name) + 1;
    expect(sheet.rowCount - 1).toBe(await count(`class = '5'`));
    const numbers = sheet.getColumn(at('Admission number')).values as unknown[];
    const row = sheet.getRow(numbers.indexOf('1000'));
    expect(row.getCell(at('Class')).value).toBe('Class 5');
    expect(row.getCell(at('Admitted on')).value).toEqual(new Date('2021-04-01T00:00:00Z'));
    expect(row.getCell(at('Date of birth')).value).toBeInstanceOf(Date);
    const total = await office.request('/v1/api/register/export.xlsx');
    const all = new ExcelJS.Workbook();
    await all.xlsx.load((await total.arrayBuffer()) as never);
    expect(all.worksheets[0]!.rowCount - 1).toBe(await count());
  });
});
