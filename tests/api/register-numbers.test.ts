/**
 * The register's admission numbers over the API: 30 applications moved to Admitted at the same
 * instant join the register with 30 distinct, consecutive numbers of the series (on PostgreSQL the
 * row lock of the series is what serialises them); a reopened and again admitted application keeps
 * its pupil and number; the series continues a paper register ('A/' from 1452).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient } from '../support/api.ts';
import { createAdmission, expectJsonError } from '../http/admin-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let principal: ApiClient;
let office: ApiClient;

beforeAll(async () => {
  principal = await adminClient();
  office = (await staffClient('office')).client;
});

const patch = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'PATCH', json });

/** An application made and taken to Documents verified, ready to be admitted. */
async function readyToAdmit(): Promise<string> {
  const { _id } = await createAdmission();
  expect((await patch(office, `/v1/api/admission/${_id}`, { status: 'under-review' })).status).toBe(200);
  const record = await (await office.request(`/v1/api/admission/${_id}`)).json();
  for (const field of Object.keys(record.documents))
    expect((await patch(office, `/v1/api/admission/${_id}/documents/${field}`, { state: 'verified' })).status).toBe(
      200,
    );
  const verified = await patch(office, `/v1/api/admission/${_id}`, { status: 'documents-verified' });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return _id;
}

async function pupilsOf(admissionIds: string[]): Promise<Record<string, string>[]> {
  const res = await office.request('/v1/api/register?limit=100');
  expect(res.status).toBe(200);
  return (await res.json()).data.filter((p: { admissionId: string }) => admissionIds.includes(p.admissionId));
}

const setSeries = (client: ApiClient, admission: Record<string, unknown>) =>
  client.request('/v1/api/register/series', { method: 'PUT', json: { admission } });

describe('admission numbers', () => {
  it('gives 30 applications admitted at once 30 distinct consecutive numbers', { timeout: 300_000 }, async () => {
    expect((await setSeries(principal, { prefix: 'T/', nextNumber: 5000, width: 0 })).status).toBe(200);
    const ids: string[] = [];
    // Made a few at a time: the point is the moves at one instant, not the forms.
    for (let i = 0; i < 30; i += 6) ids.push(...(await Promise.all(Array.from({ length: 6 }, readyToAdmit))));
    const moves = await Promise.all(ids.map((id) => patch(office, `/v1/api/admission/${id}`, { status: 'admitted' })));
    expect(moves.map((r) => r.status)).toEqual(ids.map(() => 200));
    const pupils = await pupilsOf(ids);
    expect(pupils).toHaveLength(30);
    const numbers = pupils.map((p) => p.admissionNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => `T/${5000 + i}`));
    const series = await (await office.request('/v1/api/register/series')).json();
    expect(series.admission).toEqual({ prefix: 'T/', nextNumber: 5030, width: 0 });
  });

  it('copies the application into the register, and a second Admitted takes no new number', async () => {
    const id = await readyToAdmit();
    const application = await (await office.request(`/v1/api/admission/${id}`)).json();
    expect((await patch(office, `/v1/api/admission/${id}`, { status: 'admitted' })).status).toBe(200);
    const [pupil] = await pupilsOf([id]);
    expect(pupil).toMatchObject({
      firstName: application.studentFirstName,
      lastName: application.studentLastName,
      class: application.admissionClass,
      classOnAdmission: application.admissionClass,
      section: '',
      session: application.session,
      status: 'studying',
      mobile: application.contactNo,
      aadhaar: application.studentAadharNo,
    });
    expect(pupil!.fatherName).toContain(application.fatherFirstName);
    // The principal reopens it and admits it again: the pupil and its number stay.
    const reopened = await patch(principal, `/v1/api/admission/${id}`, { status: 'under-review', note: 'Wrong class' });
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    expect(await pupilsOf([id])).toHaveLength(1);
    expect((await patch(office, `/v1/api/admission/${id}`, { status: 'documents-verified' })).status).toBe(200);
    expect((await patch(office, `/v1/api/admission/${id}`, { status: 'admitted' })).status).toBe(200);
    const again = await pupilsOf([id]);
    expect(again.map((p) => p.admissionNumber)).toEqual([pupil!.admissionNumber]);
  });

  it("continues a paper register: prefix 'A/' and next 1452 give A/1452, then A/1453", async () => {
    expect((await setSeries(principal, { prefix: 'a/', nextNumber: 1452, width: 0 })).status).toBe(200);
    const first = await readyToAdmit();
    expect((await patch(office, `/v1/api/admission/${first}`, { status: 'admitted' })).status).toBe(200);
    const added = await office.request('/v1/api/register', {
      method: 'POST',
      json: { firstName: 'Kavya', fatherName: 'Ramesh Gupta', class: '4' },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    expect((await pupilsOf([first]))[0]!.admissionNumber).toBe('A/1452');
    expect((await added.json()).admissionNumber).toBe('A/1453');
    // A number already in the register cannot be the next one.
    const used = await expectJsonError(await setSeries(principal, { nextNumber: 1452 }), 409);
    expect(Object.keys(used.fields)).toEqual(['admission.nextNumber']);
    // Zero-padded: width 5 writes 00042.
    expect((await setSeries(principal, { prefix: '', nextNumber: 42, width: 5 })).status).toBe(200);
    const padded = await office.request('/v1/api/register', { method: 'POST', json: { firstName: 'Ira', class: '1' } });
    expect((await padded.json()).admissionNumber).toBe('00042');
  });
});
