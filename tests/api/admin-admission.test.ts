import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import {
  ISO_RE,
  PRIMARY_FILES,
  auditOf,
  blobsWithContent,
  createAdmission,
  expectJsonError,
  randomUuid,
} from '../http/admin-fixtures.ts';
import { ADMISSION_FILE_FIELDS } from '../../src/features/admission/admission.ts';
import { contentDisposition } from '../../src/features/admission/documents.server.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

describe('admission admin API', () => {
  it('lists { totalRecords, totalPages, currentPage, data } newest first; searchName matches first, middle or last name; searchClass is exact', async () => {
    const admin = await adminClient();
    const a = await createAdmission();
    const b = await createAdmission({ studentMiddleName: a.names.first });
    const c = await createAdmission({ studentLastName: a.names.first, admissionClass: 'N.C' });

    const res = await admin.request(`/v1/api/admission?searchName=${a.names.first.toLowerCase()}&limit=2`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['currentPage', 'data', 'totalPages', 'totalRecords']);
    expect(body).toMatchObject({ totalRecords: 3, totalPages: 2, currentPage: 1 });
    expect(body.data.map((r: { _id: string }) => r._id)).toEqual([c._id, b._id]);
    const page2 = await (await admin.request(`/v1/api/admission?searchName=${a.names.first}&limit=2&page=2`)).json();
    expect(page2).toMatchObject({ totalRecords: 3, totalPages: 2, currentPage: 2 });
    expect(page2.data.map((r: { _id: string }) => r._id)).toEqual([a._id]);

    const byLast = await (
      await admin.request(`/v1/api/admission?searchName=${a.names.last.slice(0, 10).toUpperCase()}`)
    ).json();
    expect(byLast.data.map((r: { _id: string }) => r._id)).toEqual([a._id]);
    const full = await (
      await admin.request(
        `/v1/api/admission?searchName=${encodeURIComponent(`${a.names.first} kumari ${a.names.last}`)}`,
      )
    ).json();
    expect(full.data.map((r: { _id: string }) => r._id)).toEqual([a._id]);
    const nc = await (await admin.request(`/v1/api/admission?searchName=${a.names.first}&searchClass=N.C`)).json();
    expect(nc).toMatchObject({ totalRecords: 1 });
    expect(nc.data.map((r: { _id: string }) => r._id)).toEqual([c._id]);
    const classOnly = await (await admin.request('/v1/api/admission?searchClass=N.C&limit=100')).json();
    expect(classOnly.totalRecords).toBeGreaterThanOrEqual(1);
    expect(classOnly.data.every((r: { admissionClass: string }) => r.admissionClass === 'N.C')).toBe(true);

    const record = body.data[0];
    expect(typeof record._id).toBe('string');
    expect(record.createdAt).toMatch(ISO_RE);
    expect(record.updatedAt).toMatch(ISO_RE);
    expect(record.studentAadharNo).toMatch(/^XXXX XXXX \d{4}$/);
    expect(JSON.stringify(record)).not.toMatch(/aadhaar_enc|aadhaar_hash|v1:/);
    expect(record.paymentStatus).toBe('pending');
    for (const field of PRIMARY_FILES) expect(record[field]).toBe(`/v1/api/admission/${c._id}/files/${field}`);
    for (const field of ADMISSION_FILE_FIELDS.filter((f) => !(PRIMARY_FILES as readonly string[]).includes(f)))
      expect(record[field]).toBeNull();

    const clamped = await (await admin.request('/v1/api/admission?page=zero&limit=-4')).json();
    expect(clamped.currentPage).toBe(1);
    expect(clamped.data).toHaveLength(1);
    expect(clamped.totalPages).toBe(clamped.totalRecords);
  });

  it('serves each document to the admin only, with its real type, never as a page of the site (images sandboxed, PDFs downloaded), nosniff and no caching; each view is audited', async () => {
    const admin = await adminClient();
    const created = await createAdmission();
    const one = await admin.request(`/v1/api/admission/${created._id}`);
    expect(one.status).toBe(200);
    const record = await one.json();
    expect(record).toMatchObject({ _id: created._id, studentFirstName: created.names.first, admissionClass: 'K.G' });

    for (const field of ['studentPhoto', 'studentAadharFile'] as const) {
      const path = record[field] as string;
      expect((await new ApiClient().request(path)).status).toBe(401);
      const res = await admin.request(path);
      expect(res.status).toBe(200);
      const file = created.files[field]!;
      expect(res.headers.get('content-type')).toBe(file.type);
      expect(res.headers.get('content-disposition')).toBe(
        `${file.type.startsWith('image/') ? 'inline' : 'attachment'}; filename="${file.name}"`,
      );
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes)).toBe(true);
    }
    const audit = await auditOf(admin, 'admission', created._id);
    expect(audit.map((e) => [e.action, e.detail])).toEqual([
      ['view', 'studentAadharFile'],
      ['view', 'studentPhoto'],
    ]);

    await expectJsonError(await admin.request(`/v1/api/admission/${created._id}/files/previousSchoolTC`), 404);
    await expectJsonError(await admin.request(`/v1/api/admission/${created._id}/files/passwordFile`), 404);
    await expectJsonError(await admin.request(`/v1/api/admission/${randomUuid()}/files/studentPhoto`), 404);
    await expectJsonError(await admin.request(`/v1/api/admission/nope/files/studentPhoto`), 404);
  });

  it('deleting an admission deletes its row and every document blob (no orphans), audited', async () => {
    const admin = await adminClient();
    const created = await createAdmission();
    for (const file of Object.values(created.files)) expect(await blobsWithContent(file.bytes)).toBe(1);

    const del = await admin.request(`/v1/api/admission/${created._id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await del.json()).toMatchObject({ _id: created._id });
    await expectJsonError(await admin.request(`/v1/api/admission/${created._id}`), 404);
    for (const field of PRIMARY_FILES)
      await expectJsonError(await admin.request(`/v1/api/admission/${created._id}/files/${field}`), 404);
    for (const file of Object.values(created.files)) expect(await blobsWithContent(file.bytes)).toBe(0);
    await expectJsonError(await admin.request(`/v1/api/admission/${created._id}`, { method: 'DELETE' }), 404);
    const audit = await auditOf(admin, 'admission', created._id);
    expect(audit.map((e) => e.action)).toEqual(['delete']);
  });

  it('answers 404 for unknown and malformed ids and keeps the admin guard', async () => {
    const admin = await adminClient();
    for (const id of [randomUuid(), 'not-an-id']) {
      await expectJsonError(await admin.request(`/v1/api/admission/${id}`), 404);
      await expectJsonError(await admin.request(`/v1/api/admission/${id}`, { method: 'DELETE' }), 404);
    }
    expect((await new ApiClient().request('/v1/api/admission')).status).toBe(401);
    expect((await admin.request(`/v1/api/admission/${randomUuid()}`, { method: 'DELETE', xsrf: false })).status).toBe(
      403,
    );
  });
});

describe('document filenames', () => {
  it.each([
    ['photo.png', 'image/png', 'inline; filename="photo.png"'],
    ['scan', 'application/pdf', 'attachment; filename="scan.pdf"'],
    ['evil".png\r\nX-Bad: 1', 'image/png', 'inline; filename="evil_.png_X-Bad_ 1.png"'],
    ['../../etc/passwd', 'application/pdf', 'attachment; filename="_.._etc_passwd.pdf"'],
    [
      'आधार.pdf',
      'application/pdf',
      `attachment; filename="____.pdf"; filename*=UTF-8''%E0%A4%86%E0%A4%A7%E0%A4%BE%E0%A4%B0.pdf`,
    ],
    ['', 'image/jpeg', 'inline; filename="studentPhoto.jpg"'],
    ['x.bin', 'application/octet-stream', 'attachment; filename="x.bin"'],
  ])('%j as %s', (name, type, expected) => {
    expect(contentDisposition(name, type, 'studentPhoto')).toBe(expected);
  });
});
