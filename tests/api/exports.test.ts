/**
 * CSV exports (GET /v1/api/{admission|enquiry|tc-request}/export.csv): the byte order mark Excel
 * needs for Hindi, formula injection defused, Aadhaar masked, dates DD-MM-YYYY, the list's filters,
 * every row of a result larger than one batch (ties on created_at included), and the audit entry.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient, type Json } from '../support/api.ts';
import {
  aadhaar,
  createAdmission,
  createEnquiry,
  createTcRequest,
  expectJsonError,
  token,
} from '../http/admin-fixtures.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { fees } from '../../src/config/fees.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

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
async function exportAudits(): Promise<Json[]> {
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
    expect(csv.res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiries-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    expect(csv.header).toContain('Student name');
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]!['Student name']).toBe(`${name} आरव शर्मा`);
  });

  it('prefixes with an apostrophe every cell that a spreadsheet would run as a formula', async () => {
    const name = `Zq${token('')}`;
    const enquiry = await createEnquiry({ studentName: `${name} Kumar` });
    // Every first character that does it is checked in tests/unit/csv-cells.test.ts; here, that the export's cells are made that way.
    const cases = ['=HYPERLINK("http://evil.test","x")', '@SUM(A1)', 'Ward 5, Barabanki'];
    const found: string[] = [];
    for (const value of cases) {
      await db().query(`UPDATE enquiries SET address = $2 WHERE id = $1`, [enquiry._id, value]);
      const csv = await exportOf(office, 'enquiry', { search: name });
      found.push(csv.rows[0]!.Address!);
    }
    expect(found).toEqual([...cases.slice(0, -1).map((v) => `'${v}`), 'Ward 5, Barabanki']);
  });

  it('keeps number-like text as text in Excel (="…"): a 12-digit UTR, a mobile, a cheque number with leading zeros, an admission number like a date', async () => {
    const admissionNumber = `${Date.now() % 100_000}/2019`;
    const tc = await createTcRequest({ admissionNumber, contact: '9876501234' });
    const paid = await office.request(`/v1/api/tc-request/${tc._id}/payments`, {
      method: 'POST',
      json: { amount: 200, mode: 'upi', reference: '433012345678', paidOn: dateInIndia() },
    });
    expect(paid.status).toBe(201);
    const csv = await exportOf(office, 'tc-request', { admissionNumber });
    const row = csv.rows[0]!;
    // csv-parse reads the cell as written; Excel evaluates ="433012345678" to the text 433012345678.
    expect(row['Transaction ID']).toBe('="433012345678"');
    expect(row.Contact).toBe('="9876501234"');
    expect(row['Admission number']).toBe(`="${admissionNumber}"`);
    expect(csv.bytes.toString('utf8')).toContain(',"=""433012345678""",');
    // Dates stay dates, words stay words, amounts stay numbers.
    expect(row['Requested on']).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(row['Student name']).toBe(tc.studentName);
    expect(row['Paid (₹)']).toBe('200');

    const enquiry = await createEnquiry({ studentName: `Zq${token('')} Kumar` });
    await db().query(`UPDATE enquiries SET address = $2, referred_by = $3 WHERE id = $1`, [
      enquiry._id,
      '004512',
      '12 + 3',
    ]);
    const e = (await exportOf(office, 'enquiry', { search: enquiry.studentName })).rows[0]!;
    expect(e.Address).toBe('="004512"');
    expect(e['Referred by']).toBe('="12 + 3"');
  });

  it('carries each admission’s and TC request’s fee, paid and due in rupees, and counts documents instead of a column each', async () => {
    const admission = await createAdmission({ studentLastName: `Zq${token('')}` });
    const path = `/v1/api/admission/${admission._id}`;
    expect(
      (
        await office.request(`${path}/payments`, {
          method: 'POST',
          json: { amount: '2,500.50', mode: 'cash', reference: '', paidOn: dateInIndia() },
        })
      ).status,
    ).toBe(201);
    expect((await office.request(path, { method: 'PATCH', json: { status: 'under-review' } })).status).toBe(200);
    expect(
      (await office.request(`${path}/documents/studentPhoto`, { method: 'PATCH', json: { state: 'verified' } })).status,
    ).toBe(200);
    expect(
      (
        await office.request(`${path}/documents/studentBirthCertificate`, {
          method: 'PATCH',
          json: { state: 'rejected', reason: 'Blurred' },
        })
      ).status,
    ).toBe(200);
    const csv = await exportOf(office, 'admission', { searchName: admission.referenceNumber });
    expect(csv.header.slice(-6)).toEqual([
      'Documents received',
      'Documents verified',
      'Documents rejected',
      'Fee (₹)',
      'Paid (₹)',
      'Due (₹)',
    ]);
    expect(csv.header.filter((h) => /photo|certificate|card|marksheet|document$/i.test(h))).toEqual([]);
    const fee = fees.admission['K.G'];
    expect(csv.rows[0]).toMatchObject({
      'Documents received': '9',
      'Documents verified': '1',
      'Documents rejected': '1',
      'Fee (₹)': String(fee),
      'Paid (₹)': '2500.5',
      'Due (₹)': String(fee - 2500.5),
    });

    const tc = await createTcRequest();
    const tcCsv = await exportOf(office, 'tc-request', { admissionNumber: tc.admissionNumber });
    expect(tcCsv.rows[0]).toMatchObject({
      'Fee (₹)': String(fees.transferCertificate),
      'Paid (₹)': '0',
      'Due (₹)': String(fees.transferCertificate),
    });
  });

  it('has no column that is always empty: each has a value in some record of a worked day', async () => {
    const mark = `Zq${token('')}`;
    // Applications: one paid in part (a transaction id) fills every column.
    const admission = await createAdmission({ studentLastName: mark });
    expect(
      (
        await office.request(`/v1/api/admission/${admission._id}/payments`, {
          method: 'POST',
          json: { amount: 100, mode: 'upi', reference: 'UTR 77', paidOn: dateInIndia() },
        })
      ).status,
    ).toBe(201);
    // Enquiries: one with a follow-up date.
    const enquiry = await createEnquiry({ studentName: `${mark} Kumar` });
    expect(
      (
        await office.request(`/v1/api/enquiry/${enquiry._id}`, {
          method: 'PATCH',
          json: { status: 'contacted', nextFollowUp: '2030-01-15' },
        })
      ).status,
    ).toBe(200);
    // TC requests: one issued after its fee, one rejected.
    const issued = await createTcRequest({ studentName: `${mark} Issued` });
    const rejected = await createTcRequest({ studentName: `${mark} Rejected` });
    expect(
      (
        await office.request(`/v1/api/tc-request/${issued._id}/payments`, {
          method: 'POST',
          json: { amount: fees.transferCertificate, mode: 'cash', reference: '', paidOn: dateInIndia() },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await office.request(`/v1/api/tc-request/${issued._id}`, {
          method: 'PATCH',
          json: { status: 'issued', tcNumber: 'TC/2026/9', tcIssueDate: dateInIndia() },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await office.request(`/v1/api/tc-request/${rejected._id}`, {
          method: 'PATCH',
          json: { status: 'rejected', reason: 'Dues pending' },
        })
      ).status,
    ).toBe(200);

    for (const [resource, query] of [
      ['admission', { searchName: mark }],
      ['enquiry', { search: mark }],
      ['tc-request', { search: mark }],
    ] as const) {
      const csv = await exportOf(office, resource, query);
      expect(csv.rows.length, resource).toBeGreaterThan(0);
      const empty = csv.header.filter((h) => csv.rows.every((r) => (r[h] ?? '') === ''));
      expect(empty, resource).toEqual([]);
    }
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

  it("takes the list's filters: only the matching records", async () => {
    const last = `Zq${token('')}`;
    const a = await createAdmission({ studentLastName: last });
    const b = await createAdmission({ studentLastName: last });
    const moved = await office.request(`/v1/api/admission/${b._id}`, {
      method: 'PATCH',
      json: { status: 'under-review' },
    });
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
    expect(entry).toMatchObject({
      action: 'export',
      entity: 'admission',
      adminEmail: officeEmail,
      detail: `filters: searchName=${last}, status=received; 1 rows`,
    });
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
