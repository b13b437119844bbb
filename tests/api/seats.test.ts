/**
 * Seats per class and session: GET/PUT /v1/api/seats (principal) with its checks (a refused PUT
 * stores nothing), the staff summary GET /v1/api/admission/seats, and the admit check: a full class
 * refuses (409 seats-full), office staff cannot override it, a principal can (audited), and two
 * admissions at once for the last seat get exactly one.
 *
 * Its capacities are set on P.N.C of the current session, a class no other test admits into (and
 * removed again at the end); the summary is checked by how much it changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient } from '../support/api.ts';
import { auditOf, createAdmission, expectJsonError } from '../http/admin-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const CLASS = 'P.N.C';

let principal: ApiClient;
let office: ApiClient;
let session: string;
let sessions: string[];

interface Summary {
  session: string;
  sessions: string[];
  classes: {
    admissionClass: string;
    capacity: number | null;
    admitted: number;
    waitlisted: number;
    applications: number;
  }[];
}

beforeAll(async () => {
  principal = await adminClient();
  office = (await staffClient('office')).client;
  const res = await office.request('/v1/api/admission/seats');
  expect(res.status).toBe(200);
  ({ session, sessions } = (await res.json()) as Summary);
});
afterAll(async () => {
  await principal?.request('/v1/api/seats', {
    method: 'PUT',
    json: { session, seats: [{ admissionClass: CLASS, capacity: null }] },
  });
});

const put = (client: ApiClient, json: unknown) => client.request('/v1/api/seats', { method: 'PUT', json });
const patch = (client: ApiClient, path: string, json: unknown) => client.request(path, { method: 'PATCH', json });

async function capacities(forSession: string): Promise<Record<string, number | null>> {
  const res = await principal.request(`/v1/api/seats?session=${forSession}`);
  expect(res.status).toBe(200);
  const body = await res.json();
  return Object.fromEntries(
    body.seats.map((s: { admissionClass: string; capacity: number | null }) => [s.admissionClass, s.capacity]),
  );
}

async function classSummary(client: ApiClient = office): Promise<Summary['classes'][number]> {
  const res = await client.request(`/v1/api/admission/seats?session=${session}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Summary).classes.find((c) => c.admissionClass === CLASS)!;
}

/** A new P.N.C application, its documents verified: ready to be decided. */
async function readyToDecide(): Promise<string> {
  const { _id } = await createAdmission({ admissionClass: CLASS });
  expect((await patch(office, `/v1/api/admission/${_id}`, { status: 'under-review' })).status).toBe(200);
  const record = await (await office.request(`/v1/api/admission/${_id}`)).json();
  for (const field of Object.keys(record.documents)) {
    expect((await patch(office, `/v1/api/admission/${_id}/documents/${field}`, { state: 'verified' })).status).toBe(
      200,
    );
  }
  const verified = await patch(office, `/v1/api/admission/${_id}`, { status: 'documents-verified' });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return _id;
}

async function setCapacity(capacity: number | null): Promise<void> {
  const res = await put(principal, { session, seats: [{ admissionClass: CLASS, capacity }] });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('GET and PUT /v1/api/seats', () => {
  it('is the principal’s: signed out 401, office staff 403, both ways', async () => {
    await expectJsonError(await new ApiClient().request('/v1/api/seats'), 401);
    expect((await expectJsonError(await office.request('/v1/api/seats'), 403)).code).toBe('principal-only');
    const before = await capacities(sessions[0]!);
    expect(
      (
        await expectJsonError(
          await put(office, { session: sessions[0], seats: [{ admissionClass: '9', capacity: 3 }] }),
          403,
        )
      ).code,
    ).toBe('principal-only');
    await expectJsonError(
      await principal.request('/v1/api/seats', {
        method: 'PUT',
        json: { session: sessions[0], seats: [] },
        xsrf: false,
      }),
      403,
    );
    expect(await capacities(sessions[0]!)).toEqual(before);
  });

  it('answers every class of a session, no limit until one is set, and last, this and next session', async () => {
    const res = await principal.request('/v1/api/seats');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.session).toBe(session);
    expect(body.sessions).toHaveLength(3);
    expect(body.sessions[1]).toBe(session);
    expect(body.seats.map((s: { admissionClass: string }) => s.admissionClass)).toEqual([
      'P.N.C',
      'N.C',
      'K.G',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    await expectJsonError(await principal.request('/v1/api/seats?session=2027-29'), 400);
  });

  it('refuses bad input with 400 naming it, storing nothing, not even the good part of it', async () => {
    const target = sessions[0]!;
    const before = await capacities(target);
    const cases: [unknown, string][] = [
      [{ session: '2027', seats: [] }, 'session'],
      [{ session: target }, 'seats'],
      [{ session: target, seats: { '9': 3 } }, 'seats'],
      [{ session: target, seats: [{ admissionClass: 'Ph.D', capacity: 3 }] }, 'seats'],
      [{ session: target, seats: [null] }, 'seats'],
      ...[-1, 1.5, '10', 1001, true, {}].map((capacity): [unknown, string] => [
        {
          session: target,
          seats: [
            { admissionClass: '8', capacity: 40 },
            { admissionClass: '9', capacity },
          ],
        },
        '9',
      ]),
    ];
    for (const [body, field] of cases) {
      const refused = await expectJsonError(await put(principal, body), 400);
      expect(Object.keys(refused.fields), JSON.stringify(body)).toEqual([field]);
    }
    await expectJsonError(
      await principal.request('/v1/api/seats', { method: 'PUT', body: JSON.stringify({ session: target, seats: [] }) }),
      415,
    );
    await expectJsonError(await principal.request('/v1/api/seats', { method: 'PUT', json: [] }), 400);
    expect(await capacities(target)).toEqual(before);
  });

  it('stores capacities, removes one with null, and audits the change', async () => {
    const target = sessions[0]!;
    const res = await put(principal, {
      session: target,
      seats: [
        { admissionClass: '7', capacity: 35 },
        { admissionClass: '8', capacity: 0 },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.seats.find((s: { admissionClass: string }) => s.admissionClass === '7').capacity).toBe(35);
    expect(await capacities(target)).toMatchObject({ '7': 35, '8': 0, '9': null });
    await put(principal, {
      session: target,
      seats: [
        { admissionClass: '7', capacity: null },
        { admissionClass: '8', capacity: null },
      ],
    });
    expect(await capacities(target)).toMatchObject({ '7': null, '8': null });
    const audit = await auditOf(principal, 'seats', target);
    expect(audit.slice(0, 2).map((e) => [e.action, e.detail])).toEqual([
      ['seats', '7: 35 -> no limit; 8: 0 -> no limit'],
      ['seats', '7: no limit -> 35; 8: no limit -> 0'],
    ]);
  });
});

describe('seats when admitting', () => {
  it('counts admitted, waitlisted and all applications per class for office staff', async () => {
    const before = await classSummary();
    const admitted = await readyToDecide();
    const waitlisted = await readyToDecide();
    await createAdmission({ admissionClass: CLASS });
    expect((await patch(office, `/v1/api/admission/${admitted}`, { status: 'admitted' })).status).toBe(200);
    expect((await patch(office, `/v1/api/admission/${waitlisted}`, { status: 'waitlisted' })).status).toBe(200);
    const after = await classSummary();
    // Other test files send early-years applications at the same time: at least these three are new.
    expect(after).toEqual({
      admissionClass: CLASS,
      capacity: before.capacity,
      admitted: before.admitted + 1,
      waitlisted: before.waitlisted + 1,
      applications: expect.any(Number),
    });
    expect(after.applications).toBeGreaterThanOrEqual(before.applications + 3);
    await expectJsonError(await new ApiClient().request('/v1/api/admission/seats'), 401);
    await expectJsonError(await office.request('/v1/api/admission/seats?session=next'), 400);
  });

  it('refuses to admit into a full class (409 seats-full), lets only the principal override, and audits it', async () => {
    const id = await readyToDecide();
    await setCapacity((await classSummary()).admitted);
    expect((await classSummary()).capacity).toBe((await classSummary()).admitted);

    const full = await expectJsonError(await patch(office, `/v1/api/admission/${id}`, { status: 'admitted' }), 409);
    expect(full.code).toBe('seats-full');
    expect(full.error).toMatch(/full/);
    const denied = await expectJsonError(
      await patch(office, `/v1/api/admission/${id}`, { status: 'admitted', override: true }),
      403,
    );
    expect(denied.code).toBe('principal-only');
    // Without override, a principal is refused like anyone.
    expect(
      (await expectJsonError(await patch(principal, `/v1/api/admission/${id}`, { status: 'admitted' }), 409)).code,
    ).toBe('seats-full');
    expect((await (await office.request(`/v1/api/admission/${id}`)).json()).status).toBe('documents-verified');

    const before = await classSummary();
    const res = await patch(principal, `/v1/api/admission/${id}`, { status: 'admitted', override: true });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('admitted');
    expect((await classSummary()).admitted).toBe(before.admitted + 1);
    const audit = await auditOf(principal, 'admission', id);
    expect(
      audit
        .map((e) => e.action)
        .slice(0, 2)
        .sort(),
    ).toEqual(['seat-override', 'status']);
    expect(audit.find((e) => e.action === 'seat-override')!.detail).toBe(
      `${CLASS} ${session}: admitted as ${before.admitted + 1} of ${before.capacity} seats`,
    );
  });

  it('gives the last seat to exactly one of two admissions made at once', async () => {
    const [a, b] = [await readyToDecide(), await readyToDecide()];
    await setCapacity((await classSummary()).admitted + 1);
    const answers = await Promise.all(
      [a, b].map((id) => patch(office, `/v1/api/admission/${id}`, { status: 'admitted' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused.code).toBe('seats-full');
    const statuses = await Promise.all(
      [a, b].map(async (id) => (await (await office.request(`/v1/api/admission/${id}`)).json()).status),
    );
    expect(statuses.sort()).toEqual(['admitted', 'documents-verified']);
    const summary = await classSummary();
    expect(summary.admitted).toBe(summary.capacity);
  });
});
