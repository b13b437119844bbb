import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { ISO_RE, auditOf, createEnquiry, expectJsonError, randomUuid, token } from '../http/admin-fixtures.ts';
import { ENQUIRY_FORM } from '../../src/features/enquiry/schema.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

describe('enquiry admin API', () => {
  it('lists the bare array newest first with X-Total-Count, pages it, and searches the student name and class', async () => {
    const admin = await adminClient();
    const word = token();
    const a = await createEnquiry({ studentName: `Aarav ${word} Sharma`, admissionClass: '7' });
    const b = await createEnquiry({ studentName: `Vivaan ${word}`, admissionClass: 'K.G' });
    const c = await createEnquiry({ studentName: `${word.toUpperCase()} Yadav`, admissionClass: '7' });

    const res = await admin.request(`/v1/api/enquiry?search=${word.toLowerCase()}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-pages')).toBe('2');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page1 = await res.json();
    expect(Array.isArray(page1)).toBe(true);
    expect(page1.map((e: { _id: string }) => e._id)).toEqual([c._id, b._id]);
    // The form's fields and what the office adds: status and the next follow-up date.
    expect(Object.keys(page1[0]).sort()).toEqual(
      [...ENQUIRY_FORM.map((f) => f.name), '_id', 'createdAt', 'updatedAt', 'status', 'nextFollowUp'].sort(),
    );
    expect(page1[0]).toMatchObject({ status: 'new', nextFollowUp: null });
    expect(page1[0].createdAt).toMatch(ISO_RE);
    const page2 = await (await admin.request(`/v1/api/enquiry?search=${word}&limit=2&page=2`)).json();
    expect(page2.map((e: { _id: string }) => e._id)).toEqual([a._id]);
    const page3 = await admin.request(`/v1/api/enquiry?search=${word}&limit=2&page=3`);
    expect(await page3.json()).toEqual([]);
    expect(page3.headers.get('x-total-count')).toBe('3');

    // Case-insensitive word prefixes, several words, and the exact class.
    const prefix = await (
      await admin.request(`/v1/api/enquiry?search=${encodeURIComponent(`${word.slice(0, 6).toUpperCase()}`)}`)
    ).json();
    expect(prefix.map((e: { _id: string }) => e._id)).toEqual(expect.arrayContaining([a._id, b._id, c._id]));
    const two = await (await admin.request(`/v1/api/enquiry?search=${encodeURIComponent(`sha ${word}`)}`)).json();
    expect(two.map((e: { _id: string }) => e._id)).toEqual([a._id]);
    const byClass = await admin.request(`/v1/api/enquiry?search=${word}&admissionClass=7`);
    expect((await byClass.json()).map((e: { _id: string }) => e._id)).toEqual([c._id, a._id]);
    expect(byClass.headers.get('x-total-count')).toBe('2');
    const classOnly = await admin.request('/v1/api/enquiry?admissionClass=K.G&limit=100');
    const kg = await classOnly.json();
    expect(kg.every((e: { admissionClass: string }) => e.admissionClass === 'K.G')).toBe(true);
    expect(Number(classOnly.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    expect(await (await admin.request(`/v1/api/enquiry?search=${word}&admissionClass=k.g`)).json()).toEqual([]);
    // Search syntax is just text.
    for (const q of ["' OR 1=1 --", 'a & b | !c', '%', '\\', ':*']) {
      const odd = await admin.request(`/v1/api/enquiry?search=${encodeURIComponent(q)}`);
      expect(odd.status).toBe(200);
    }
  });

  it('clamps bad page and limit values instead of failing', async () => {
    const admin = await adminClient();
    await createEnquiry();
    for (const [query, length] of [
      ['page=0&limit=0', 1],
      ['page=-3&limit=-1', 1],
      ['page=abc&limit=xyz', 50],
      ['limit=1000', 100],
      ['page=99999999999999999999', 0],
      ['page=1.5&limit=2.9', 2],
    ] as const) {
      const res = await admin.request(`/v1/api/enquiry?${query}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.length).toBeLessThanOrEqual(length);
      if (length === 1) expect(body.length).toBe(1);
    }
    const total = Number((await admin.request('/v1/api/enquiry?limit=1')).headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(1);
    expect((await admin.request('/v1/api/enquiry?limit=1')).headers.get('x-total-pages')).toBe(String(total));
  });

  it('reads and deletes one enquiry (audited); unknown and malformed ids are 404', async () => {
    const admin = await adminClient();
    const enquiry = await createEnquiry();
    const one = await admin.request(`/v1/api/enquiry/${enquiry._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      _id: enquiry._id,
      studentName: enquiry.studentName,
      address: enquiry.address,
    });
    const del = await admin.request(`/v1/api/enquiry/${enquiry._id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    await expectJsonError(await admin.request(`/v1/api/enquiry/${enquiry._id}`), 404);
    await expectJsonError(await admin.request(`/v1/api/enquiry/${enquiry._id}`, { method: 'DELETE' }), 404);
    for (const id of [randomUuid(), 'abc', '00000000-0000-0000-0000-00000000000g']) {
      await expectJsonError(await admin.request(`/v1/api/enquiry/${id}`), 404);
      await expectJsonError(await admin.request(`/v1/api/enquiry/${id}`, { method: 'DELETE' }), 404);
    }
    const audit = await auditOf(admin, 'enquiry', enquiry._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'delete',
      entity: 'enquiry',
      entityId: enquiry._id,
      adminEmail: 'office@school.test',
    });
  });

  it('is for the admin only', async () => {
    const enquiry = await createEnquiry();
    const visitor = new ApiClient();
    expect((await visitor.request('/v1/api/enquiry')).status).toBe(401);
    expect((await visitor.request(`/v1/api/enquiry/${enquiry._id}`)).status).toBe(401);
    const admin = await adminClient();
    expect((await admin.request(`/v1/api/enquiry/${enquiry._id}`, { method: 'DELETE', xsrf: false })).status).toBe(403);
    expect((await admin.request(`/v1/api/enquiry/${enquiry._id}`)).status).toBe(200);
  });
});
