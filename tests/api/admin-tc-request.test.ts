import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient, type Json } from '../support/api.ts';
import {
  ISO_RE,
  auditOf,
  createTcRequest,
  expectJsonError,
  randomUuid,
  tcBody,
  token,
} from '../http/admin-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

describe('TC request admin API', () => {
  it('lists { data, totalRequests, currentPage, totalPages } newest first, with name and admission-number search', async () => {
    const admin = await adminClient();
    const word = token();
    const number = `ADM-${token('')}`.toUpperCase();
    const a = await createTcRequest({ studentName: `Priya ${word}`, admissionNumber: number });
    const b = await createTcRequest({ studentName: `Rahul ${word}`, admissionNumber: `${number}-B` });
    const c = await createTcRequest({ studentName: `Anjali ${word}` });

    const res = await admin.request(`/v1/api/tc-request?search=${word}&limit=2`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['currentPage', 'data', 'totalPages', 'totalRequests']);
    expect(body).toMatchObject({ totalRequests: 3, currentPage: 1, totalPages: 2 });
    expect(body.data.map((r: { _id: string }) => r._id)).toEqual([c._id, b._id]);
    const record = body.data[0];
    expect(Object.keys(record).sort()).toEqual([
      '_id',
      'aadharUid',
      'admissionNumber',
      'consent',
      'contact',
      'createdAt',
      'dateOfBirth',
      'differentMobiles',
      'email',
      'language',
      'leavingDate',
      'liveRequests',
      'overLimit',
      'parentName',
      'paymentStatus',
      'reason',
      'referenceNumber',
      'rejectionReason',
      'section',
      'status',
      'studentClass',
      'studentName',
      'tcIssueDate',
      'tcNumber',
      'transactionId',
      'updatedAt',
    ]);
    expect(record.aadharUid).toMatch(/^XXXX XXXX \d{4}$/);
    expect(record.createdAt).toMatch(ISO_RE);
    const page2 = await (await admin.request(`/v1/api/tc-request?search=${word}&limit=2&page=2`)).json();
    expect(page2).toMatchObject({ currentPage: 2, totalPages: 2, totalRequests: 3 });
    expect(page2.data.map((r: { _id: string }) => r._id)).toEqual([a._id]);

    const byNumber = await (
      await admin.request(`/v1/api/tc-request?admissionNumber=${encodeURIComponent(number.toLowerCase())}`)
    ).json();
    expect(byNumber.data.map((r: { _id: string }) => r._id)).toEqual([b._id, a._id]);
    const exact = await (
      await admin.request(`/v1/api/tc-request?admissionNumber=${encodeURIComponent(`${number}-b`)}&search=rahul`)
    ).json();
    expect(exact.data.map((r: { _id: string }) => r._id)).toEqual([b._id]);
    const none = await (await admin.request(`/v1/api/tc-request?admissionNumber=%25`)).json();
    expect(none).toEqual({ data: [], totalRequests: 0, currentPage: 1, totalPages: 1 });

    const all = await (await admin.request('/v1/api/tc-request?page=-1&limit=500')).json();
    expect(all.currentPage).toBe(1);
    expect(all.data.length).toBeLessThanOrEqual(100);
    expect(all.totalRequests).toBeGreaterThanOrEqual(3);
    expect(all.totalPages).toBe(Math.max(1, Math.ceil(all.totalRequests / 100)));
  });

  it('reads and deletes one request (audited); unknown and malformed ids are 404', async () => {
    const admin = await adminClient();
    const tc = await createTcRequest();
    const one = await admin.request(`/v1/api/tc-request/${tc._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ _id: tc._id, studentName: tc.studentName, paymentStatus: 'pending' });
    expect((await admin.request(`/v1/api/tc-request/${tc._id}`, { method: 'DELETE' })).status).toBe(200);
    await expectJsonError(await admin.request(`/v1/api/tc-request/${tc._id}`), 404);
    await expectJsonError(await admin.request(`/v1/api/tc-request/${tc._id}`, { method: 'DELETE' }), 404);
    for (const id of [randomUuid(), 'x']) {
      await expectJsonError(await admin.request(`/v1/api/tc-request/${id}`), 404);
      await expectJsonError(await admin.request(`/v1/api/tc-request/${id}`, { method: 'DELETE' }), 404);
    }
    const audit = await auditOf(admin, 'tc-request', tc._id);
    expect(audit.map((e) => e.action)).toEqual(['delete']);
  });

  it('flags an admission number requested from different mobile numbers, in the list and in the details', async () => {
    const admin = await adminClient();
    const number = `ADM-${token('')}`.toUpperCase();
    const calm = `ADM-${token('')}`.toUpperCase();
    const parent = await createTcRequest({ admissionNumber: number, contact: '9123456780' });
    const stranger = await createTcRequest({ admissionNumber: number, contact: '9876501234' });
    const alone = await createTcRequest({ admissionNumber: calm, contact: '9123456780' });
    const again = await createTcRequest({ admissionNumber: calm, contact: '9123456780' });
    const flags = async (n: string) =>
      Object.fromEntries(
        (
          (await (await admin.request(`/v1/api/tc-request?admissionNumber=${n}`)).json()).data as {
            _id: string;
            differentMobiles: boolean;
          }[]
        ).map((r) => [r._id, r.differentMobiles]),
      );
    expect(await flags(number)).toEqual({ [parent._id]: true, [stranger._id]: true });
    // Two requests from the one mobile number are not flagged.
    expect(await flags(calm)).toEqual({ [alone._id]: false, [again._id]: false });
    // Still flagged once the office rejects the stranger's: it says someone else asked.
    const rejected = await admin.request(`/v1/api/tc-request/${stranger._id}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'Not asked by the parent' },
    });
    expect(rejected.status, await rejected.text()).toBe(200);
    expect(await flags(number)).toEqual({ [parent._id]: true, [stranger._id]: true });

    const details = await (await admin.request(`/v1/api/tc-request/${parent._id}`)).json();
    expect(details.otherRequests).toEqual([
      {
        _id: stranger._id,
        studentName: stranger.studentName,
        contact: '9876501234',
        status: 'rejected',
        createdAt: stranger.createdAt,
        otherMobile: true,
      },
    ]);
    const calmDetails = await (await admin.request(`/v1/api/tc-request/${alone._id}`)).json();
    expect(calmDetails.otherRequests).toEqual([expect.objectContaining({ _id: again._id, otherMobile: false })]);
  });

  it("a stranger's two requests never refuse the family's: it is stored marked for the office; a rejected or deleted one no longer counts", async () => {
    const admin = await adminClient();
    const visitor = new ApiClient();
    const number = `ADM-${token('')}`.toUpperCase();
    const counted = async () =>
      (await (await visitor.request(`/v1/api/tc-request/admission-number/${number}`)).json()) as number;
    const submit = async (contact: string) => {
      const res = await visitor.request('/v1/api/tc-request', {
        method: 'POST',
        json: tcBody({ admissionNumber: number, contact }),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as Json;
    };
    // The review's case: a stranger's two invented requests from one mobile...
    const first = await createTcRequest({ admissionNumber: number, contact: '9876501234' });
    const second = await createTcRequest({ admissionNumber: number, contact: '9876501234' });
    expect(await counted()).toBe(2);
    // ...and the parent's own still goes through, marked past the two.
    const parent = await submit('9123456780');
    expect(parent.overLimit).toBe(true);
    expect(await counted()).toBe(3);
    const details = await (await admin.request(`/v1/api/tc-request/${parent._id}`)).json();
    expect(details.overLimit).toBe(true);
    expect(details.otherRequests.map((o: { _id: string }) => o._id)).toEqual([first._id, second._id]);
    // The office rejects one and deletes the other: the next request takes a free place, unmarked.
    expect(
      (
        await admin.request(`/v1/api/tc-request/${first._id}`, {
          method: 'PATCH',
          json: { status: 'rejected', reason: 'Invented' },
        })
      ).status,
    ).toBe(200);
    expect((await admin.request(`/v1/api/tc-request/${second._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await counted()).toBe(1);
    expect((await submit('9123456781')).overLimit).toBe(false);
    expect(await counted()).toBe(2);
  });

  it('is for the admin only', async () => {
    const visitor = new ApiClient();
    expect((await visitor.request('/v1/api/tc-request')).status).toBe(401);
    expect((await visitor.request(`/v1/api/tc-request/${randomUuid()}`)).status).toBe(401);
    const admin = await adminClient();
    expect((await admin.request(`/v1/api/tc-request/${randomUuid()}`, { method: 'DELETE', xsrf: false })).status).toBe(
      403,
    );
  });
});
