/**
 * CSV exports (GET /v1/api/{admission|enquiry|tc-request}/export.csv): the byte order mark Excel
 * needs for Hindi, formula injection defused, Aadhaar masked, dates DD-MM-YYYY, the list's filters,
 * every row of a result larger than one batch (ties on created_at included), and the audit entry.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient } from '../support/api.ts';
import { aadhaar, createAdmission, createEnquiry, createTcRequest, expectJsonError, token } from './admin-fixtures.ts';
import { closeDb, db } from './forms-fixtures.ts';

let office: ApiClient;
let principal: ApiClient;
let officeEmail: string;

beforeAll(async () => {
  const staff = await staffClient('office');
  office = staff.client;
  officeEmail = staff.email;
  principal = (await staffClient('principal')).client;
});
afterAll(closeDb);

interface Csv {
  res: Response;
  bytes: Buffer;
  header: string[];
  rows: Record<string, string>[];
}

async function exportOf(client: ApiClient, resource: string, query: Record<string, string>): Promise<Csv> {
  const res = await client.request(`/v1/api/${resource}/export.csv?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const [header, ...rest] = parse(bytes, { bom: true }) as string[][];
  const rows = rest.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
  return { res, bytes, header: header!, rows };
}

/** The newest export entries of the audit log. */
async function exportAudits(): Promise<Record<string, any>[]> {
  const res = await principal.request('/v1/api/audit?action=export&limit=20');
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

describe('CSV export', () => {
  it('is UTF-8 with a BOM, an attachment named by date, and keeps Hindi names as written', async () => {
    const name = `Zq${token('')}`;
    const enquiry = await createEnquiry({ studentName: `${name} Kumar` });
    await db().query(`UPDATE enquiries SET student_name = $2 WHERE id = $1`, [enquiry._id, `${name} आरव शर्मा`]);
    const csv = await exportOf(office, 'enquiry', { search: name });
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.res.headers.get('content-disposition')).toMatch(/^attachment; filename="enquiries-\d{2}-\d{2}-\d{4}\.csv"$/);
    expect(csv.header).toContain('Student name');
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]!['Student name']).toBe(`${name} आरव शर्मा`);
  });

  it('prefixes with an apostrophe every cell that a spreadsheet would run as a formula', async () => {
    const name = `Zq${token('')}`;
    const enquiry = await createEnquiry({ studentName: `${name} Kumar` });
    const cases = ['=HYPERLINK("http://evil.test","x")', '+91 98765', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', 'Ward 5, Barabanki'];
    const found: string[] = [];
    for (const value of cases) {
      await db().query(`UPDATE enquiries SET address = $2 WHERE id = $1`, [enquiry._id, value]);
      const csv = await exportOf(office, 'enquiry', { search: name });
      found.push(csv.rows[0]!.Address!);
    }
    expect(found).toEqual([...cases.slice(0, -1).map((v) => `'${v}`), 'Ward 5, Barabanki']);
  });

  it('masks Aadhaar numbers and writes dates DD-MM-YYYY (times in India time)', async () => {
    const admission = await createAdmission();
    const full = await db().query(`SELECT student_aadhaar_last4 FROM admissions WHERE id = $1`, [admission._id]);
    const last4 = String(full.rows[0].student_aadhaar_last4);
    const csv = await exportOf(office, 'admission', { searchName: `${admission.names.first} ${admission.names.last}` });
    expect(csv.rows).toHaveLength(1);
    const row = csv.rows[0]!;
    expect(row['Student first name']).toBe(admission.names.first);
    expect(row['Reference number']).toBe(admission.referenceNumber);
    const aadhaarCells = Object.entries(row).filter(([h]) => /aadhaar/i.test(h));
    expect(aadhaarCells.length).toBeGreaterThan(0);
    expect(aadhaarCells.map(([, v]) => v)).toContain(`XXXX XXXX ${last4}`);
    // No 12-digit number anywhere in the file.
    expect(csv.bytes.toString('utf8')).not.toMatch(/\d{12}/);
    expect(row['Submitted on']).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(row.Status).toBe('Received');

    const admissionNumber = `ADM-${token('')}`;
    const number = aadhaar();
    await createTcRequest({ admissionNumber, aadharUid: number });
    const tcCsv = await exportOf(office, 'tc-request', { admissionNumber });
    expect(tcCsv.rows[0]!['Aadhaar (masked)']).toBe(`XXXX XXXX ${number.slice(-4)}`);
    expect(tcCsv.rows[0]!['Requested on']).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it('takes the list\'s filters: only the matching records', async () => {
    const last = `Zq${token('')}`;
    const a = await createAdmission({ studentLastName: last });
    const b = await createAdmission({ studentLastName: last });
    const moved = await office.request(`/v1/api/admission/${b._id}`, { method: 'PATCH', json: { status: 'under-review' } });
    expect(moved.status).toBe(200);
    const all = await exportOf(office, 'admission', { searchName: last });
    expect(all.rows.map((r) => r['Reference number']).sort()).toEqual([a.referenceNumber, b.referenceNumber].sort());
    const review = await exportOf(office, 'admission', { searchName: last, status: 'under-review' });
    expect(review.rows.map((r) => r['Reference number'])).toEqual([b.referenceNumber]);
    const none = await exportOf(office, 'admission', { searchName: last, status: 'admitted' });
    expect(none.rows).toEqual([]);
    expect(none.header.length).toBeGreaterThan(5);
  });

  it('answers every row of a result larger than a batch exactly once, even when many share one creation time', async () => {
    const name = `Zq${token('')}`;
    // 2,500 enquiries in two creation times, long ago (out of the home screen's counts).
    await db().query(
      `INSERT INTO enquiries (admission_class, student_name, father_name, mother_name, gender, date_of_birth, father_mobile, email,
         category, last_school_attended, father_occupation, mother_occupation, address, referred_by, created_at, updated_at)
       SELECT 'K.G', $1 || ' ' || g, 'F', 'M', 'Male', '2018-01-01', '9876543210', 'bulk@example.invalid', 'GENERAL', 'X', 'X', 'X',
              'Ward ' || g, 'X', CASE WHEN g % 2 = 0 THEN timestamptz '2020-01-01 10:00:00.123456+00' ELSE timestamptz '2020-01-02 10:00:00+00' END,
              now()
         FROM generate_series(1, 2500) AS g`,
      [name],
    );
    const csv = await exportOf(office, 'enquiry', { search: name });
    expect(csv.rows).toHaveLength(2500);
    expect(new Set(csv.rows.map((r) => r.Address)).size).toBe(2500);
    expect(csv.rows[0]!['Received on']).toBe('02-01-2020 15:30');
    expect(csv.rows.at(-1)!['Received on']).toBe('01-01-2020 15:30');
    expect(csv.rows[0]!['Date of birth']).toBe('01-01-2018');
    const [entry] = (await exportAudits()).filter((e) => e.detail?.includes(name));
    expect(entry).toMatchObject({ action: 'export', entity: 'enquiry', entityId: null, adminEmail: officeEmail });
    expect(entry!.detail).toBe(`filters: search=${name}; 2500 rows`);
  });

  it('is audited: who, which filters, how many rows', async () => {
    const last = `Zq${token('')}`;
    await createAdmission({ studentLastName: last });
    await exportOf(office, 'admission', { searchName: last, status: 'received' });
    const [entry] = (await exportAudits()).filter((e) => e.detail?.includes(last));
    expect(entry).toMatchObject({ action: 'export', entity: 'admission', adminEmail: officeEmail, detail: `filters: searchName=${last}, status=received; 1 rows` });
  });

  it('is for signed-in staff only', async () => {
    for (const resource of ['admission', 'enquiry', 'tc-request']) {
      await expectJsonError(await new ApiClient().request(`/v1/api/${resource}/export.csv`), 401);
      const res = await principal.request(`/v1/api/${resource}/export.csv?status=nothing-matches`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const post = await office.request(`/v1/api/${resource}/export.csv`, { method: 'POST' });
      expect(post.status).toBe(405);
    }
  });
});
