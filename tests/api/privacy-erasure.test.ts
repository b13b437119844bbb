/**
 * A parent's requests, carried out by the principal: erasure now (an anonymous row stays, blobs,
 * messages, notes and payment references go, audited without the child's name, gone from the list
 * and the CSV export), the ZIP of everything held (JSON and the documents' very bytes), corrections
 * by the form's rules (the audit keeps the old value), consent withdrawn for an admitted pupil, the
 * audit log's CSV export, and who may do any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { adminClient, staffClient, ApiClient } from '../support/api.ts';
import {
  aadhaar as newAadhaar,
  auditOf,
  blobsWithContent,
  createAdmission,
  createEnquiry,
  createTcRequest,
  expectJsonError,
  type CreatedAdmission,
} from '../http/admin-fixtures.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { personalColumns } from '../../src/features/privacy/privacy.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let principal: ApiClient;
let office: ApiClient;

beforeAll(async () => {
  principal = (await staffClient('principal')).client;
  office = (await staffClient('office')).client;
});
afterAll(closeDb);

const post = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'POST', json });
const patch = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'PATCH', json });

async function row(table: string, id: string): Promise<Record<string, unknown>> {
  return (await db().query(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];
}

async function verifyAll(id: string): Promise<void> {
  const record = await (await principal.request(`/v1/api/admission/${id}`)).json();
  for (const field of Object.keys(record.documents))
    expect((await patch(principal, `/v1/api/admission/${id}/documents/${field}`, { state: 'verified' })).status).toBe(
      200,
    );
}

async function admitted(): Promise<CreatedAdmission> {
  const created = await createAdmission();
  expect(
    (
      await patch(principal, `/v1/api/admission/${created._id}`, {
        status: 'under-review',
        note: `Call ${created.names.first}'s father`,
      })
    ).status,
  ).toBe(200);
  await verifyAll(created._id);
  for (const status of ['documents-verified', 'admitted'])
    expect((await patch(principal, `/v1/api/admission/${created._id}`, { status })).status).toBe(200);
  return created;
}

describe("erasing an application on the parent's request", () => {
  let app: CreatedAdmission;

  beforeAll(async () => {
    app = await createAdmission();
    // A note naming the child, a payment with a UPI reference, and the parent's message in the outbox.
    expect(
      (
        await patch(principal, `/v1/api/admission/${app._id}`, {
          status: 'under-review',
          note: `Spoke to ${app.names.first}'s mother`,
        })
      ).status,
    ).toBe(200);
    const paid = await post(principal, `/v1/api/admission/${app._id}/payments`, {
      amount: '500',
      mode: 'upi',
      reference: 'UTR998877665544',
      paidOn: dateInIndia(),
    });
    expect(paid.status).toBe(201);
  });

  it('refuses office staff (403), the signed-out (401) and a wrong confirmation (400), erasing nothing', async () => {
    await expectJsonError(
      await post(office, `/v1/api/admission/${app._id}/erase`, { confirm: app.referenceNumber }),
      403,
    );
    await expectJsonError(
      await post(new ApiClient(), `/v1/api/admission/${app._id}/erase`, { confirm: app.referenceNumber }),
      401,
    );
    const wrong = await expectJsonError(
      await post(principal, `/v1/api/admission/${app._id}/erase`, { confirm: 'RMCP-2000-000001' }),
      400,
    );
    expect(wrong.fields.confirm).toMatch(/reference number/);
    expect(wrong.code).toBe('confirm-mismatch');
    await expectJsonError(await post(principal, `/v1/api/admission/${app._id}/erase`, {}), 400);
    await expectJsonError(await post(principal, `/v1/api/admission/${app._id}/erase`, { confirm: 42 }), 400);
    expect((await row('admissions', app._id)).erased_at).toBeNull();
    await expectJsonError(
      await post(principal, `/v1/api/admission/${crypto.randomUUID()}/erase`, { confirm: 'x' }),
      404,
    );
  });

  it('keeps an anonymous row and deletes everything personal: columns, documents and blobs, messages, notes, payment references', async () => {
    const photo = app.files.studentPhoto!.bytes;
    expect(await blobsWithContent(photo)).toBe(1);
    expect(
      Number((await db().query(`SELECT count(*) FROM messages WHERE record_id = $1`, [app._id])).rows[0].count),
    ).toBeGreaterThan(0);

    const res = await post(principal, `/v1/api/admission/${app._id}/erase`, { confirm: ` ${app.referenceNumber} ` });
    expect(res.status).toBe(200);
    const { record } = await res.json();
    expect(record).toMatchObject({
      _id: app._id,
      referenceNumber: app.referenceNumber,
      studentFirstName: '',
      fatherFirstName: '',
      contactNo: '',
      studentAadharNo: '',
      admissionClass: 'K.G',
      band: 'pre-primary',
      status: 'under-review',
    });
    expect(record.erasedAt).toMatch(/^\d{4}-/);
    expect(record.studentPhoto).toBeNull();

    const stored = await row('admissions', app._id);
    for (const column of personalColumns('admission')) expect(stored[column], column).toBeNull();
    expect(stored).toMatchObject({
      admission_class: 'K.G',
      band: 'pre-primary',
      status: 'under-review',
      reference_number: app.referenceNumber,
    });
    expect(
      Number((await db().query(`SELECT count(*) FROM uploads WHERE admission_id = $1`, [app._id])).rows[0].count),
    ).toBe(0);
    expect(
      Number((await db().query(`SELECT count(*) FROM messages WHERE record_id = $1`, [app._id])).rows[0].count),
    ).toBe(0);
    expect((await db().query(`SELECT note FROM status_history WHERE record_id = $1`, [app._id])).rows).toEqual([
      { note: '' },
    ]);
    expect(
      (await db().query(`SELECT reference, amount_paise FROM payments WHERE record_id = $1`, [app._id])).rows,
    ).toEqual([{ reference: '', amount_paise: '50000' }]);
    for (const { bytes } of Object.values(app.files)) expect(await blobsWithContent(bytes)).toBe(0);
    await expectJsonError(await principal.request(`/v1/api/admission/${app._id}/files/studentPhoto`), 404);
  });

  it("is audited as the principal's erase, without the child's name", async () => {
    const entries = await auditOf(principal, 'admission', app._id);
    const erase = entries.find((e) => e.action === 'erase');
    expect(erase).toMatchObject({ action: 'erase', entity: 'admission', entityId: app._id });
    expect(erase!.adminEmail).toMatch(/^principal\./);
    expect(erase!.detail).not.toContain(app.names.first);
    expect(erase!.detail).not.toContain(app.names.last);
  });

  it('no longer shows the child in the list or the CSV export; the row counts for statistics', async () => {
    const list = await (
      await principal.request(`/v1/api/admission?searchName=${encodeURIComponent(app.names.first)}`)
    ).json();
    expect(list.data).toEqual([]);
    const csv = await (await principal.request('/v1/api/admission/export.csv?status=under-review')).text();
    expect(csv).toContain(app.referenceNumber);
    expect(csv).not.toContain(app.names.first);
    expect(csv).not.toContain(app.names.last);
  });

  it('cannot be erased twice, moved or corrected any more (409)', async () => {
    expect(
      (
        await expectJsonError(
          await post(principal, `/v1/api/admission/${app._id}/erase`, { confirm: app.referenceNumber }),
          409,
        )
      ).code,
    ).toBe('erased');
    await expectJsonError(await patch(principal, `/v1/api/admission/${app._id}`, { status: 'withdrawn' }), 409);
    await expectJsonError(
      await patch(principal, `/v1/api/admission/${app._id}/fields`, { field: 'fatherFirstName', value: 'Ram' }),
      409,
    );
  });
});

describe('an admitted pupil', () => {
  it("cannot be erased (409, saying why); the parent's withdrawal of consent is recorded instead, audited and shown", async () => {
    const app = await admitted();
    const refused = await expectJsonError(
      await post(principal, `/v1/api/admission/${app._id}/erase`, { confirm: app.referenceNumber }),
      409,
    );
    expect(refused.error).toMatch(/admitted/i);
    expect(refused.code).toBe('admitted-kept');
    expect((await row('admissions', app._id)).student_first_name).toBe(app.names.first);

    await expectJsonError(await post(office, `/v1/api/admission/${app._id}/consent-withdrawn`, { note: 'x' }), 403);
    await expectJsonError(await post(principal, `/v1/api/admission/${app._id}/consent-withdrawn`, { note: '' }), 400);
    const res = await post(principal, `/v1/api/admission/${app._id}/consent-withdrawn`, {
      note: 'Father asked by letter on 20 Nov',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).consentWithdrawn).toMatchObject({ note: 'Father asked by letter on 20 Nov' });
    expect((await (await office.request(`/v1/api/admission/${app._id}`)).json()).consentWithdrawn.note).toBe(
      'Father asked by letter on 20 Nov',
    );
    await expectJsonError(
      await post(principal, `/v1/api/admission/${app._id}/consent-withdrawn`, { note: 'again' }),
      409,
    );
    expect((await auditOf(principal, 'admission', app._id)).find((e) => e.action === 'consent-withdrawn')?.detail).toBe(
      'Father asked by letter on 20 Nov',
    );
  });

  it('withdrawal of consent is for admitted pupils only: any other record is erased instead (409)', async () => {
    const app = await createAdmission();
    const refused = await expectJsonError(
      await post(principal, `/v1/api/admission/${app._id}/consent-withdrawn`, { note: 'asked' }),
      409,
    );
    expect(refused.error).toMatch(/erased/);
  });
});

describe('everything held about a child, as one ZIP', () => {
  it("holds the record with its history, payments and checklist, the messages, and each document's bytes; audited; principal only", async () => {
    const app = await createAdmission();
    expect(
      (
        await post(principal, `/v1/api/admission/${app._id}/payments`, {
          amount: '250',
          mode: 'cash',
          paidOn: dateInIndia(),
        })
      ).status,
    ).toBe(201);
    await expectJsonError(await office.request(`/v1/api/admission/${app._id}/export.zip`), 403);
    await expectJsonError(await new ApiClient().request(`/v1/api/admission/${app._id}/export.zip`), 401);

    const res = await principal.request(`/v1/api/admission/${app._id}/export.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(app.referenceNumber);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const held = JSON.parse(strFromU8(files['record.json']!));
    expect(held.record).toMatchObject({
      _id: app._id,
      referenceNumber: app.referenceNumber,
      studentFirstName: app.names.first,
      contactNo: '9988776655',
    });
    expect(held.record.history[0]).toMatchObject({ status: 'received' });
    expect(held.record.payments).toHaveLength(1);
    expect(Object.keys(held.record.documents).sort()).toEqual(Object.keys(app.files).sort());
    expect(held.messages.length).toBeGreaterThan(0);
    expect(held.messages[0].body).toContain(app.referenceNumber);
    for (const [field, file] of Object.entries(app.files)) {
      const name = `documents/${field}.${file.type === 'image/png' ? 'png' : 'pdf'}`;
      expect(Buffer.from(files[name]!).equals(file.bytes), name).toBe(true);
    }
    expect(held.documents).toHaveLength(Object.keys(app.files).length);
    expect((await auditOf(principal, 'admission', app._id)).find((e) => e.action === 'export')?.detail).toMatch(/ZIP/);
  });

  it('for an enquiry and a TC request too (no documents)', async () => {
    const enquiry = await createEnquiry();
    const zip = unzipSync(
      new Uint8Array(await (await principal.request(`/v1/api/enquiry/${enquiry._id}/export.zip`)).arrayBuffer()),
    );
    expect(JSON.parse(strFromU8(zip['record.json']!)).record).toMatchObject({
      _id: enquiry._id,
      studentName: enquiry.studentName,
    });
    const tc = await createTcRequest();
    const tcZip = unzipSync(
      new Uint8Array(await (await principal.request(`/v1/api/tc-request/${tc._id}/export.zip`)).arrayBuffer()),
    );
    expect(JSON.parse(strFromU8(tcZip['record.json']!)).record).toMatchObject({
      _id: tc._id,
      studentName: tc.studentName,
    });
  });
});

describe('correcting a field', () => {
  it("checks the value by the form's own rules and audits the old value", async () => {
    const app = await createAdmission();
    const path = `/v1/api/admission/${app._id}/fields`;
    await expectJsonError(await patch(office, path, { field: 'fatherFirstName', value: 'Ramesh' }), 403);
    await expectJsonError(await patch(principal, path, { field: 'contactNo', value: '12345' }), 400);
    await expectJsonError(await patch(principal, path, { field: 'studentFirstName', value: '' }), 400);
    await expectJsonError(await patch(principal, path, { field: 'fatherFirstName', value: 'x'.repeat(61) }), 400);
    await expectJsonError(await patch(principal, path, { field: 'studentAadharNo', value: '123412341234' }), 400);
    await expectJsonError(await patch(principal, path, { field: 'referenceNumber', value: 'RMCP-1' }), 400);
    await expectJsonError(await patch(principal, path, { field: 'admissionClass', value: '5' }), 400);
    await expectJsonError(await patch(principal, path, { field: 'fatherFirstName', value: 7 }), 400);

    const res = await patch(principal, path, { field: 'fatherFirstName', value: ' Ramesh ' });
    expect(res.status).toBe(200);
    expect((await res.json()).fatherFirstName).toBe('Ramesh');
    const entry = (await auditOf(principal, 'admission', app._id)).find((e) => e.action === 'correct');
    expect(entry?.detail).toBe('fatherFirstName: "Suresh" -> "Ramesh"');

    const digits = newAadhaar();
    const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    const aadhaar = await patch(principal, path, { field: 'studentAadharNo', value: spaced });
    expect(aadhaar.status).toBe(200);
    expect((await aadhaar.json()).studentAadharNo).toBe(`XXXX XXXX ${digits.slice(-4)}`);
    const latest = (await auditOf(principal, 'admission', app._id)).find((e) => e.action === 'correct');
    expect(latest?.detail).toMatch(
      new RegExp(`^studentAadharNo: "XXXX XXXX \\d{4}" -> "XXXX XXXX ${digits.slice(-4)}"$`),
    );
    expect(latest?.detail).not.toContain(digits);
  });

  it("an enquiry's e-mail and a TC request's admission number, by their forms' rules", async () => {
    const enquiry = await createEnquiry();
    await expectJsonError(
      await patch(principal, `/v1/api/enquiry/${enquiry._id}/fields`, { field: 'email', value: 'not an address' }),
      400,
    );
    await expectJsonError(
      await patch(principal, `/v1/api/enquiry/${enquiry._id}/fields`, { field: 'gender', value: 'Robot' }),
      400,
    );
    const ok = await patch(principal, `/v1/api/enquiry/${enquiry._id}/fields`, {
      field: 'email',
      value: 'new.parent@example.com',
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).email).toBe('new.parent@example.com');
    const tc = await createTcRequest();
    const number = await patch(principal, `/v1/api/tc-request/${tc._id}/fields`, {
      field: 'admissionNumber',
      value: ' adm  42 ',
    });
    expect(number.status).toBe(200);
    expect((await number.json()).admissionNumber).toBe('ADM 42');
  });
});

describe('the erasable columns', () => {
  it("are every personal field's and each may hold NULL (a new NOT NULL personal column would make erasure fail)", async () => {
    for (const [entity, table] of [
      ['admission', 'admissions'],
      ['enquiry', 'enquiries'],
      ['tc-request', 'tc_requests'],
    ] as const) {
      const columns = personalColumns(entity);
      const { rows } = await db().query(
        `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = $1 AND column_name = ANY($2::text[])`,
        [table, columns],
      );
      expect(rows.map((r) => r.column_name).sort(), table).toEqual([...columns].sort());
      expect(
        rows.filter((r) => r.is_nullable !== 'YES').map((r) => r.column_name),
        table,
      ).toEqual([]);
    }
  });
});

describe('erasing an enquiry and a TC request', () => {
  it("is confirmed by the record's id; an anonymous row stays", async () => {
    const enquiry = await createEnquiry();
    await expectJsonError(
      await post(principal, `/v1/api/enquiry/${enquiry._id}/erase`, { confirm: enquiry.studentName }),
      400,
    );
    expect((await post(principal, `/v1/api/enquiry/${enquiry._id}/erase`, { confirm: enquiry._id })).status).toBe(200);
    const stored = await row('enquiries', enquiry._id);
    for (const column of personalColumns('enquiry')) expect(stored[column], column).toBeNull();
    expect(stored.admission_class).toBe('5');
    expect(
      Number((await db().query(`SELECT count(*) FROM messages WHERE record_id = $1`, [enquiry._id])).rows[0].count),
    ).toBe(0);
    const csv = await (await principal.request('/v1/api/enquiry/export.csv')).text();
    expect(csv).not.toContain(enquiry.studentName);

    const tc = await createTcRequest();
    expect((await post(principal, `/v1/api/tc-request/${tc._id}/erase`, { confirm: tc._id })).status).toBe(200);
    const tcRow = await row('tc_requests', tc._id);
    for (const column of personalColumns('tc-request')) expect(tcRow[column], column).toBeNull();
    const list = await (
      await principal.request(`/v1/api/tc-request?search=${encodeURIComponent(tc.studentName)}`)
    ).json();
    expect(list.data).toEqual([]);
  });
});

describe('the audit log as CSV', () => {
  it("answers the screen's filters as CSV, is itself audited, and is the principal's only", async () => {
    const enquiry = await createEnquiry();
    await patch(principal, `/v1/api/enquiry/${enquiry._id}/fields`, { field: 'referredBy', value: 'The newspaper' });
    await expectJsonError(await office.request('/v1/api/audit/export.csv'), 403);
    await expectJsonError(await new ApiClient().request('/v1/api/audit/export.csv'), 401);
    await expectJsonError(await principal.request('/v1/api/audit/export.csv?from=2026-02-30'), 400);

    const res = await principal.request(`/v1/api/audit/export.csv?entity=enquiry&entityId=${enquiry._id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('When,Person,Action,Record,Record id,Detail,Address');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Corrected a field');
    expect(lines[1]).toContain(enquiry._id);
    const admin = await adminClient();
    const exports = (await (await admin.request('/v1/api/audit?entity=audit&action=export')).json()).data;
    expect(exports[0].detail).toContain(`entityId=${enquiry._id}`);
    expect(exports[0].detail).toContain('1 rows');
  });
});
