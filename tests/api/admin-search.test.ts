/**
 * The lists' search box: besides any word of the student's name it finds a record by its
 * reference or admission number, its mobile number and any part of a parent's name, and takes
 * LIKE's wildcards literally. The filters the home screen's counts open (from=, paidFrom=).
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminClient, type ApiClient } from '../support/api.ts';
import { createAdmission, createEnquiry, createTcRequest, token } from '../http/admin-fixtures.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

/** A mobile number no other test uses (10 digits, starting with 7). */
const mobile = () => `7${String(randomInt(1e8, 1e9))}`;

const ids = (rows: { _id: string }[]) => rows.map((r) => r._id);

async function admissionsFound(admin: ApiClient, text: string): Promise<string[]> {
  const res = await admin.request(`/v1/api/admission?searchName=${encodeURIComponent(text)}&limit=100`);
  expect(res.status, text).toBe(200);
  const body = await res.json();
  expect(body.totalRecords, text).toBe(body.data.length);
  return ids(body.data);
}

async function enquiriesFound(admin: ApiClient, text: string): Promise<string[]> {
  const res = await admin.request(`/v1/api/enquiry?search=${encodeURIComponent(text)}&limit=100`);
  expect(res.status, text).toBe(200);
  return ids(await res.json());
}

async function tcRequestsFound(admin: ApiClient, text: string): Promise<string[]> {
  const res = await admin.request(`/v1/api/tc-request?search=${encodeURIComponent(text)}&limit=100`);
  expect(res.status, text).toBe(200);
  return ids((await res.json()).data);
}

describe('the search box of the lists', () => {
  it('admissions: by reference number, mobile number, middle name and any part of a parent name', async () => {
    const admin = await adminClient();
    const phone = mobile();
    const [middle, fatherFirst, motherLast] = [token('Mid'), token('Fat'), token('Mot')];
    const a = await createAdmission({
      contactNo: phone,
      studentMiddleName: middle,
      fatherFirstName: fatherFirst,
      motherLastName: motherLast,
    });
    const other = await createAdmission({ contactNo: mobile() });

    expect(await admissionsFound(admin, a.referenceNumber)).toEqual([a._id]);
    expect(await admissionsFound(admin, a.referenceNumber.toLowerCase())).toEqual([a._id]);
    // The start of a reference number finds it (and its neighbours in the sequence).
    expect(await admissionsFound(admin, a.referenceNumber.slice(0, -1))).toContain(a._id);
    expect(await admissionsFound(admin, phone)).toEqual([a._id]);
    // As a mobile number is read out or copied: +91, spaces, a dash, a leading 0.
    expect(await admissionsFound(admin, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)).toEqual([a._id]);
    expect(await admissionsFound(admin, `0${phone.slice(0, 5)}-${phone.slice(5)}`)).toEqual([a._id]);
    expect(await admissionsFound(admin, phone.slice(0, 7))).toContain(a._id);
    expect(await admissionsFound(admin, middle.toLowerCase())).toEqual([a._id]);
    expect(await admissionsFound(admin, fatherFirst.slice(0, 7))).toEqual([a._id]);
    expect(await admissionsFound(admin, motherLast.toUpperCase())).toEqual([a._id]);
    // Words of different people's names together: all must match.
    expect(await admissionsFound(admin, `${a.names.first} ${fatherFirst}`)).toEqual([a._id]);
    expect(await admissionsFound(admin, `${a.names.first} ${other.names.first}`)).toEqual([]);
    // LIKE's wildcards are literal: "%" and "_" in a reference never match any character.
    expect(await admissionsFound(admin, `${a.referenceNumber.slice(0, 4)}%${a.referenceNumber.slice(-3)}`)).toEqual([]);
    expect(await admissionsFound(admin, a.referenceNumber.replace(/-/g, '_'))).toEqual([]);
    // Fewer than 6 digits are no mobile search: a district's common start would match half the school.
    expect(await admissionsFound(admin, phone.slice(0, 5))).not.toContain(a._id);
  });

  it('enquiries: by the father’s mobile number and the father’s or mother’s name', async () => {
    const admin = await adminClient();
    const phone = mobile();
    const [father, mother] = [token('Fat'), token('Mot')];
    const e = await createEnquiry({ fatherMobile: phone, fatherName: `${father} Lal`, motherName: `Sita ${mother}` });

    expect(await enquiriesFound(admin, phone)).toEqual([e._id]);
    expect(await enquiriesFound(admin, `+91-${phone}`)).toEqual([e._id]);
    expect(await enquiriesFound(admin, father.toLowerCase())).toEqual([e._id]);
    expect(await enquiriesFound(admin, mother.slice(0, 6))).toEqual([e._id]);
    expect(await enquiriesFound(admin, e.studentName)).toEqual([e._id]);
  });

  it('TC requests: by admission number, mobile number and the parent’s name', async () => {
    const admin = await adminClient();
    const phone = mobile();
    const parent = token('Par');
    const number = `ADM/${randomInt(1e8)}`;
    const tc = await createTcRequest({ contact: phone, parentName: `Ramesh ${parent}`, admissionNumber: number });

    expect(await tcRequestsFound(admin, number)).toEqual([tc._id]);
    expect(await tcRequestsFound(admin, number.toLowerCase())).toEqual([tc._id]);
    expect(await tcRequestsFound(admin, phone)).toEqual([tc._id]);
    expect(await tcRequestsFound(admin, parent)).toEqual([tc._id]);
    expect(await tcRequestsFound(admin, tc.studentName)).toEqual([tc._id]);
  });
});

describe('the home screen’s filters of the lists', () => {
  it('from= keeps records received since a day (India time); paidFrom= those with a payment recorded since; a malformed day is ignored', async () => {
    const admin = await adminClient();
    const last = token('Day');
    const [paid, unpaid] = [
      await createAdmission({ studentLastName: last }),
      await createAdmission({ studentLastName: last }),
    ];
    const pay = await admin.request(`/v1/api/admission/${paid._id}/payments`, {
      method: 'POST',
      json: { amount: '₹1,000', mode: 'cash', reference: '', paidOn: dateInIndia() },
    });
    expect(pay.status).toBe(201);
    const today = dateInIndia();
    const tomorrow = addDays(today, 1);
    const found = async (query: string) => {
      const res = await admin.request(`/v1/api/admission?searchName=${last}&${query}`);
      expect(res.status, query).toBe(200);
      return ids((await res.json()).data).sort();
    };
    expect(await found(`from=${today}`)).toEqual([paid._id, unpaid._id].sort());
    expect(await found(`from=${tomorrow}`)).toEqual([]);
    expect(await found(`paidFrom=${today}`)).toEqual([paid._id]);
    expect(await found(`paidFrom=${tomorrow}`)).toEqual([]);
    expect(await found('from=2026-02-30&paidFrom=soon')).toEqual([paid._id, unpaid._id].sort());

    const tc = await createTcRequest({ studentName: `Mohan ${last}` });
    const tcs = await admin.request(`/v1/api/tc-request?search=${last}&from=${today}`);
    expect(ids((await tcs.json()).data)).toEqual([tc._id]);
    const enquiries = await admin.request(`/v1/api/enquiry?search=${last}&from=${tomorrow}`);
    expect(await enquiries.json()).toEqual([]);
  });
});
