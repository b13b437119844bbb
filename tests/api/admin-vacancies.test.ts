import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { ISO_RE, auditOf, expectJsonError, randomUuid, token } from '../http/admin-fixtures.ts';
import { VACANCY_TEXTS, validateVacancyInput } from '../../src/features/vacancies/vacancy.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const vacancy = (overrides: Record<string, unknown> = {}) => ({
  jobTitle: `PGT Physics ${token()}`,
  jobDescription: 'Teach physics to classes 11 and 12.',
  keyResponsibilities: ['  Plan lessons  ', '', 'Run the lab'],
  qualificationsAndRequirements: ['M.Sc. Physics', '   ', 'B.Ed.'],
  employmentType: 'Full-Time',
  ...overrides,
});

describe('vacancy schema (shared with the form)', () => {
  it.each([
    ['no title', { jobTitle: '' }, VACANCY_TEXTS.required],
    ['a blank description', { jobDescription: '   ' }, VACANCY_TEXTS.required],
    ['no type', { employmentType: undefined }, VACANCY_TEXTS.required],
    ['no responsibilities', { keyResponsibilities: ['', ' '] }, VACANCY_TEXTS.lists],
    ['no qualifications', { qualificationsAndRequirements: [] }, VACANCY_TEXTS.lists],
    ['no title and no lists', { jobTitle: '', keyResponsibilities: [] }, VACANCY_TEXTS.required],
    ['an unknown type', { employmentType: 'Freelance' }, VACANCY_TEXTS.employmentType],
  ])('create refuses %s', (_, overrides, message) => {
    const result = validateVacancyInput(vacancy(overrides), 'create');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe(message);
  });

  it('trims items, drops empty ones, and edit has no list minimum', () => {
    const created = validateVacancyInput(vacancy(), 'create');
    expect(created.ok && created.data.keyResponsibilities).toEqual(['Plan lessons', 'Run the lab']);
    expect(created.ok && created.data.qualificationsAndRequirements).toEqual(['M.Sc. Physics', 'B.Ed.']);
    const edited = validateVacancyInput(
      vacancy({ keyResponsibilities: [], qualificationsAndRequirements: undefined }),
      'edit',
    );
    expect(edited.ok).toBe(true);
    expect(validateVacancyInput(vacancy({ jobTitle: '' }), 'edit').ok).toBe(false);
  });
});

describe('vacancies API (/v1/api/jobs)', () => {
  it('creates (201), reads publicly, lists newest first, updates (200) and deletes (200) a vacancy, with audit entries', async () => {
    const admin = await adminClient();
    const first = await admin.request('/v1/api/jobs', { method: 'POST', json: vacancy() });
    expect(first.status).toBe(201);
    const saved = await first.json();
    expect(Object.keys(saved).sort()).toEqual([
      '_id',
      'createdAt',
      'employmentType',
      'jobDescription',
      'jobTitle',
      'keyResponsibilities',
      'qualificationsAndRequirements',
      'updatedAt',
    ]);
    expect(typeof saved._id).toBe('string');
    expect(saved.createdAt).toMatch(ISO_RE);
    expect(saved.keyResponsibilities).toEqual(['Plan lessons', 'Run the lab']);
    const second = await (
      await admin.request('/v1/api/jobs', { method: 'POST', json: vacancy({ employmentType: 'Contract' }) })
    ).json();

    const visitor = new ApiClient();
    const list = await visitor.request('/v1/api/jobs');
    expect(list.status).toBe(200);
    const vacancies = await list.json();
    expect(Array.isArray(vacancies)).toBe(true);
    const ids = vacancies.map((j: { _id: string }) => j._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(saved._id));
    expect(ids.indexOf(saved._id)).toBeGreaterThanOrEqual(0);

    const one = await visitor.request(`/v1/api/jobs/${saved._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(saved);

    const put = await admin.request(`/v1/api/jobs/${saved._id}`, {
      method: 'PUT',
      json: vacancy({
        jobTitle: '  TGT Maths  ',
        employmentType: 'Part-Time',
        keyResponsibilities: [],
        qualificationsAndRequirements: [' B.Ed. '],
      }),
    });
    expect(put.status).toBe(200);
    const updated = await put.json();
    expect(updated).toMatchObject({
      _id: saved._id,
      jobTitle: 'TGT Maths',
      employmentType: 'Part-Time',
      keyResponsibilities: [],
      qualificationsAndRequirements: ['B.Ed.'],
    });
    expect(updated.createdAt).toBe(saved.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(saved.updatedAt));

    const del = await admin.request(`/v1/api/jobs/${saved._id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await del.json()).toMatchObject({ _id: saved._id });
    await expectJsonError(await visitor.request(`/v1/api/jobs/${saved._id}`), 404);
    await expectJsonError(await admin.request(`/v1/api/jobs/${saved._id}`, { method: 'DELETE' }), 404);

    const audit = await auditOf(admin, 'vacancy', saved._id);
    expect(audit.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(audit[0]).toMatchObject({ adminEmail: 'office@school.test', entity: 'vacancy', entityId: saved._id });
    expect(audit[0]!.ip).toBeTruthy();
    await admin.request(`/v1/api/jobs/${second._id}`, { method: 'DELETE' });
  });

  it('refuses what the form refuses, with the form messages, and stores nothing', async () => {
    const admin = await adminClient();
    const before = (await (await admin.request('/v1/api/jobs')).json()).length;
    const missing = await expectJsonError(
      await admin.request('/v1/api/jobs', { method: 'POST', json: vacancy({ jobTitle: ' ' }) }),
      400,
      'Please fill in all required fields.',
    );
    expect(missing.fields).toHaveProperty('jobTitle');
    await expectJsonError(
      await admin.request('/v1/api/jobs', { method: 'POST', json: vacancy({ keyResponsibilities: ['  '] }) }),
      400,
      'Please add responsibilities and qualifications.',
    );
    await expectJsonError(
      await admin.request('/v1/api/jobs', { method: 'POST', json: vacancy({ employmentType: 'Internship' }) }),
      400,
    );
    await expectJsonError(
      await admin.request('/v1/api/jobs', { method: 'POST', json: vacancy({ keyResponsibilities: 'lab' }) }),
      400,
    );
    await expectJsonError(
      await admin.request('/v1/api/jobs', {
        method: 'POST',
        body: '{oops',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'Invalid JSON body',
    );
    expect((await (await admin.request('/v1/api/jobs')).json()).length).toBe(before);
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    const admin = await adminClient();
    for (const id of [randomUuid(), 'not-a-uuid', '123', "1' OR '1'='1"]) {
      const path = `/v1/api/jobs/${encodeURIComponent(id)}`;
      await expectJsonError(await new ApiClient().request(path), 404);
      await expectJsonError(await admin.request(path, { method: 'PUT', json: vacancy() }), 404);
      await expectJsonError(await admin.request(path, { method: 'DELETE' }), 404);
    }
  });

  it('keeps writes for the admin: 401 without a session, 403 without the XSRF header', async () => {
    const visitor = new ApiClient();
    expect((await visitor.request('/v1/api/jobs', { method: 'POST', json: vacancy() })).status).toBe(401);
    const admin = await adminClient();
    expect((await admin.request('/v1/api/jobs', { method: 'POST', json: vacancy(), xsrf: false })).status).toBe(403);
  });
});
