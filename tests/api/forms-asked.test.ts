/**
 * Over HTTP: what the forms ask and how they refuse. Middle names,
 * the enquiry's optional fields and the e-mail address (enquiry, TC) may be left empty and are
 * stored as nothing; the admission's date of birth, gender and home address are required, stored,
 * and shown to the office, in the CSV, in the data export and on the acknowledgment; a date of birth
 * outside the class's age range is accepted and marked (worked out by the server, whatever the
 * client sends); every problem field is named in one 400, each with its own message and code, the
 * first failing rule staying the answer; a refused Aadhaar number says it is a typing mistake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { FORM_TEXTS, formCode } from '../../src/lib/forms/texts.ts';
import { ageCheck } from '../../src/lib/age.ts';
import { ApiClient, adminClient, baseURL, type Json } from '../support/api.ts';
import { readPdf } from '../support/pdf.ts';
import { createAdmission, createEnquiry, createTcRequest, enquiryBody, tcBody, token } from '../http/admin-fixtures.ts';
import { badAadhaar, birthDateFor, validAdmission } from '../unit/forms-cases.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient();
});
afterAll(closeDb);

const details = async (id: string) => (await (await admin.request(`/v1/api/admission/${id}`)).json()) as Json;
const listed = async (name: string, reference: string) => {
  const res = await admin.request(`/v1/api/admission?searchName=${encodeURIComponent(name)}`);
  expect(res.status).toBe(200);
  return ((await res.json()).data as Json[]).find((a) => a.referenceNumber === reference);
};
const storedRow = async (table: string, id: string) =>
  (await db().query(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0] as Record<string, unknown>;

/** The acknowledgment PDF's text, asked from a loopback address no other test uses (its limit counts per address). */
function acknowledgmentText(referenceNumber: string, lang = 'en'): Promise<string> {
  const path = `/v1/api/admission/acknowledgment?${new URLSearchParams({ referenceNumber, contactNo: '9988776655', lang })}`;
  const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: new URL(baseURL()).port, localAddress: from, agent: false, path },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`acknowledgment: ${res.statusCode}`));
          else readPdf(new Uint8Array(Buffer.concat(chunks))).then((pdf) => resolve(pdf.text), reject);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A multipart admission whose documents are ids no upload has: refused before any is looked up. */
function postAdmission(input: Record<string, string>): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(input)) body.append(k, v === '__file__' ? randomUUID() : v);
  return fetch(new URL('/v1/api/admission', baseURL()), { method: 'POST', body });
}

describe('the admission asks the date of birth, gender and home address, not middle names', () => {
  it('stores an application without middle names as nothing, and prints none', async () => {
    const created = await createAdmission({ studentMiddleName: '', fatherMiddleName: '', motherMiddleName: '' });
    const row = await storedRow('admissions', created._id);
    expect([row.student_middle_name, row.father_middle_name, row.mother_middle_name]).toEqual(['', '', '']);
    const record = await details(created._id);
    expect(record).toMatchObject({ studentMiddleName: '', fatherMiddleName: '', motherMiddleName: '' });

    const text = await acknowledgmentText(created.referenceNumber);
    expect(text).toContain(`${created.names.first} ${created.names.last}`);
    expect(text).not.toMatch(/ {2}|\s-\s/);
  });

  it('stores the date of birth, gender and address; the details, list, CSV, data export and acknowledgment show them', async () => {
    const address = 'House 12, Station Road, Sikandrabad, Bulandshahr 203205';
    const dateOfBirth = birthDateFor('K.G');
    const created = await createAdmission({ dateOfBirth, gender: 'Female', address });
    const row = await storedRow('admissions', created._id);
    expect(row).toMatchObject({ date_of_birth: dateOfBirth, gender: 'Female', address, age_outside_range: false });

    expect(await details(created._id)).toMatchObject({
      dateOfBirth,
      gender: 'Female',
      address,
      ageOutsideRange: false,
    });
    expect(await listed(created.names.first, created.referenceNumber)).toMatchObject({ ageOutsideRange: false });

    const csvRes = await admin.request(
      `/v1/api/admission/export.csv?${new URLSearchParams({ searchName: created.names.first })}`,
    );
    expect(csvRes.status).toBe(200);
    const [header, ...rows] = parse(Buffer.from(await csvRes.arrayBuffer()), { bom: true }) as string[][];
    expect(header).toEqual(expect.arrayContaining(['Date of birth', 'Gender', 'Home address']));
    const line = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]!]));
    expect(line).toMatchObject({ Gender: 'Female', 'Home address': address });
    expect(line['Date of birth']).not.toBe('');

    const zip = unzipSync(
      new Uint8Array(await (await admin.request(`/v1/api/admission/${created._id}/export.zip`)).arrayBuffer()),
    );
    expect(JSON.parse(strFromU8(zip['record.json']!)).record).toMatchObject({ dateOfBirth, gender: 'Female', address });

    for (const [lang, words] of [
      ['en', ['Date of birth', 'Gender', 'Female', 'Home address']],
      ['hi', ['जन्म तिथि', 'लिंग', 'बालिका', 'घर का पता']],
    ] as const) {
      // The PDF's text comes back in drawing order, where the vowel sign ि stands before its consonant: compared without it.
      const plain = (text: string) => text.replace(/\s+/g, ' ').replaceAll('\u093F', '');
      const text = plain(await acknowledgmentText(created.referenceNumber, lang));
      for (const word of [...words, dateOfBirth.split('-').reverse().join('/'), address])
        expect(text, `${lang}: ${word}`).toContain(plain(word));
    }
  });

  it('refuses an application without them, naming all three, and stores nothing', async () => {
    const key = randomUUID();
    const input = { ...validAdmission('pre-primary'), dateOfBirth: '', gender: '', address: ' ', submissionKey: key };
    const res = await postAdmission(input);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: FORM_TEXTS.required, code: formCode('required') });
    for (const field of ['dateOfBirth', 'gender', 'address']) {
      expect(body.fields).toHaveProperty(field, FORM_TEXTS.required);
      expect(body.codes).toHaveProperty(field, formCode('required'));
    }
    expect(
      (await db().query('SELECT count(*)::int AS n FROM admissions WHERE submission_key = $1', [key])).rows[0].n,
    ).toBe(0);
  });

  it('refuses a date of birth in the future or not a real date', async () => {
    for (const dateOfBirth of [`${new Date().getUTCFullYear() + 1}-04-01`, '2021-02-29', '2021-13-01', '1-6-2021']) {
      const res = await postAdmission({ ...validAdmission('pre-primary'), dateOfBirth });
      expect(res.status, dateOfBirth).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({
        error: FORM_TEXTS.date,
        code: formCode('date'),
        fields: { dateOfBirth: FORM_TEXTS.date },
        codes: { dateOfBirth: formCode('date') },
      });
    }
  });

  it("accepts a date of birth outside the class's age range and marks it, worked out by the server alone", async () => {
    // Four years older than the youngest K.G child: outside 5 to 7. The client's own flag is ignored.
    const dateOfBirth = birthDateFor('K.G', 4);
    expect(ageCheck(dateOfBirth, 'K.G')?.outside).toBe(true);
    const outside = await createAdmission({ dateOfBirth, ageOutsideRange: 'false', age_outside_range: 'false' });
    expect((await storedRow('admissions', outside._id)).age_outside_range).toBe(true);
    expect(await details(outside._id)).toMatchObject({ dateOfBirth, ageOutsideRange: true });
    expect(await listed(outside.names.first, outside.referenceNumber)).toMatchObject({ ageOutsideRange: true });

    // Too young as well; and a date inside the range is not marked even when the client says so.
    const young = await createAdmission({ dateOfBirth: birthDateFor('K.G', -1) });
    expect((await details(young._id)).ageOutsideRange).toBe(true);
    const inside = await createAdmission({ dateOfBirth: birthDateFor('K.G', 2), ageOutsideRange: 'true' });
    expect((await details(inside._id)).ageOutsideRange).toBe(false);

    // The principal corrects a mistyped date of birth on a parent's request: the mark follows it.
    const corrected = await admin.request(`/v1/api/admission/${outside._id}/fields`, {
      method: 'PATCH',
      json: { field: 'dateOfBirth', value: birthDateFor('K.G', 1) },
    });
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toMatchObject({ dateOfBirth: birthDateFor('K.G', 1), ageOutsideRange: false });
  });
});

describe('every mistake at once', () => {
  it("names every problem field with its own message and code; error and code stay the first rule's", async () => {
    const key = randomUUID();
    const input: Record<string, string> = {
      ...validAdmission('senior'),
      studentFirstName: '',
      address: '',
      studentAadharNo: badAadhaar(),
      contactNo: '98765',
      dateOfBirth: '2012-02-30',
      gender: 'Other',
      submissionKey: key,
    };
    delete input.previousMarksheet;
    delete input.consent;
    const res = await postAdmission(input);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe(FORM_TEXTS.required);
    expect(body.code).toBe(formCode('required'));
    expect(body.fields).toEqual({
      studentFirstName: FORM_TEXTS.required,
      address: FORM_TEXTS.required,
      studentAadharNo: FORM_TEXTS.aadhaarCheckDigit,
      contactNo: FORM_TEXTS.contactNo,
      previousMarksheet: FORM_TEXTS.documents,
      gender: FORM_TEXTS.option,
      dateOfBirth: FORM_TEXTS.date,
      consent: FORM_TEXTS.consent,
    });
    expect(body.codes).toEqual({
      studentFirstName: 'form.required',
      address: 'form.required',
      studentAadharNo: 'form.aadhaarCheckDigit',
      contactNo: 'form.contactNo',
      previousMarksheet: 'form.documents',
      gender: 'form.option',
      dateOfBirth: 'form.date',
      consent: 'form.consent',
    });
    expect(
      (await db().query('SELECT count(*)::int AS n FROM admissions WHERE submission_key = $1', [key])).rows[0].n,
    ).toBe(0);
  });

  it("keeps the spec's Aadhaar message as the answer while the field says the check digit does not match; a number of the wrong shape says the spec's", async () => {
    const checkDigit = await postAdmission({ ...validAdmission('pre-primary'), studentAadharNo: badAadhaar() });
    expect(await checkDigit.json()).toMatchObject({
      error: FORM_TEXTS.aadhaar,
      code: 'form.aadhaar',
      fields: { studentAadharNo: FORM_TEXTS.aadhaarCheckDigit },
      codes: { studentAadharNo: 'form.aadhaarCheckDigit' },
    });
    const shape = await postAdmission({ ...validAdmission('pre-primary'), studentAadharNo: '12345' });
    expect(await shape.json()).toMatchObject({
      error: FORM_TEXTS.aadhaar,
      code: 'form.aadhaar',
      fields: { studentAadharNo: FORM_TEXTS.aadhaar },
      codes: { studentAadharNo: 'form.aadhaar' },
    });

    const tc = await fetch(new URL('/v1/api/tc-request', baseURL()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...tcBody(), aadharUid: badAadhaar('34567890123'), contact: '1', email: 'x@' }),
    });
    expect(tc.status).toBe(400);
    expect(await tc.json()).toMatchObject({
      error: FORM_TEXTS.aadhaar,
      code: 'form.aadhaar',
      fields: { aadharUid: FORM_TEXTS.aadhaarCheckDigit, contact: FORM_TEXTS.tcContact, email: FORM_TEXTS.email },
      codes: { aadharUid: 'form.aadhaarCheckDigit', contact: 'form.tcContact', email: 'form.email' },
    });
  });

  it('the enquiry names every problem field too', async () => {
    const res = await fetch(new URL('/v1/api/enquiry', baseURL()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...enquiryBody(),
        studentName: '',
        fatherMobile: '12',
        dateOfBirth: '2030-01-01',
        gender: 'X',
        consent: false,
      }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: FORM_TEXTS.required, code: 'form.required' });
    expect(Object.keys(body.fields).sort()).toEqual([
      'consent',
      'dateOfBirth',
      'fatherMobile',
      'gender',
      'studentName',
    ]);
    expect(Object.keys(body.codes).sort()).toEqual(Object.keys(body.fields).sort());
  });
});

describe("the enquiry's and the TC request's optional fields", () => {
  it('stores an enquiry without last school, occupations, referred by and e-mail, as nothing', async () => {
    const name = `Opt${token('')}`;
    const enquiry = await createEnquiry({
      studentName: name,
      lastSchoolAttended: '',
      fatherOccupation: '',
      motherOccupation: '',
      referredBy: '',
      email: '',
    });
    const row = await storedRow('enquiries', enquiry._id);
    expect(row).toMatchObject({
      student_name: name,
      last_school_attended: '',
      father_occupation: '',
      mother_occupation: '',
      referred_by: '',
      email: '',
    });
  });

  it('stores a TC request without an e-mail address; the mobile number stays required', async () => {
    const tc = await createTcRequest({ email: '' });
    expect((await storedRow('tc_requests', tc._id)).email).toBe('');
    const res = await fetch(new URL('/v1/api/tc-request', baseURL()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...tcBody(), email: '', contact: '' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: FORM_TEXTS.required, fields: { contact: FORM_TEXTS.required } });
  });
});
