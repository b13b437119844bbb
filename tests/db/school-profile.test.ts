/**
 * The school profile's save, on the API in this process with a database of its own: the principal
 * alone saves it (office staff 403, no session 401); a refused body (a phone that is no number or
 * another country's, a link that is not one, a wrong type) is a 400 naming its field and stores and
 * audits nothing; a save keeps each phone as typed beside its E.164 form and the Hindi short name,
 * audited with each changed fact before and after; the go-live lines follow the saved facts. And
 * migration 0034 turns a profile saved before it (phones as ten digits, the stand-ins the form was
 * filled with) into the new shape.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, type Json } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { expectJsonError } from '../http/admin-fixtures.ts';
import { goLiveChecks } from '../../src/features/school/school.server.ts';
import { readProfile, remember, schoolProfile } from '../../src/server/school-profile.ts';
import { closePool } from '../../src/server/db.ts';
import { schoolInUse } from '../../src/lib/school-profile.ts';
import { freshDatabase } from '../support/database.ts';
import { fill } from '../../src/lib/i18n/index.ts';

let site: OfficeSite;
let principal: ApiClient;
let original: Json;

const putSchool = (client: ApiClient, json: unknown) => client.request('/v1/api/school', { method: 'PUT', json });
const getSchool = async () => (await (await new ApiClient(site.url).request('/v1/api/school')).json()) as Json;
async function schoolAudit(): Promise<Json[]> {
  const res = await principal.request('/v1/api/audit?entity=school');
  expect(res.status).toBe(200);
  return (await res.json()).data;
}
const lines = async () => new Map((await goLiveChecks()).map((line) => [line.code, line]));

beforeAll(async () => {
  site = await startOfficeSite({}, 'Profile Clerk');
  principal = await adminClient(site.url);
  const { updatedAt: _, phonesE164: __, ...body } = await getSchool();
  original = body;
}, 180_000);
afterAll(async () => {
  await site?.stop();
});

describe('PUT /v1/api/school', () => {
  it('starts from the starting facts, none of them a phone or e-mail, and says so on the go-live list', async () => {
    expect(original).toMatchObject({ phones: [], email: null, affiliationNumber: null });
    const checks = await lines();
    for (const code of [
      'goLive.school.saved',
      'goLive.school.phone',
      'goLive.school.email',
      'goLive.school.affiliation',
      'goLive.school.principal',
    ]) {
      expect(checks.get(code), code).toEqual({ code, done: false, href: '/admin/school' });
    }
  });

  it('is refused to office staff (403) and to no session (401), storing nothing', async () => {
    const body = { ...original, phones: ['05735-222345'] };
    expect((await expectJsonError(await putSchool(site.office, body), 403)).code).toBe('principal-only');
    await expectJsonError(await putSchool(new ApiClient(site.url), body), 401);
    expect((await getSchool()).updatedAt).toBeNull();
  });

  it.each([
    [{ phones: ['05735-22234'] }, 'phones.0', fill('en', 'school.phone.invalid')],
    [{ phones: ['05735-222345', 'call me'] }, 'phones.1', fill('en', 'school.phone.invalid')],
    [{ phones: ['+44 20 7946 0958'] }, 'phones.0', fill('en', 'school.phone.foreign')],
    [{ phones: '05735-222345' }, 'phones', undefined],
    [{ shortNameHi: ['x'] }, 'shortNameHi', undefined],
    [{ socialLinks: [{ icon: 'whatsapp', url: 'javascript:alert(1)' }] }, 'socialLinks.0.url', undefined],
  ])('refuses %o with 400 naming %s, and stores and audits nothing', async (change, field, message) => {
    const body = await expectJsonError(await putSchool(principal, { ...original, ...change }), 400);
    expect(Object.keys(body.fields)).toContain(field);
    if (message) expect(body.fields[field]).toBe(message);
    expect((await getSchool()).updatedAt).toBeNull();
    expect(await schoolAudit()).toEqual([]);
  });

  it('keeps each phone as typed beside its E.164 form and the Hindi short name, audited before and after', async () => {
    const res = await putSchool(principal, {
      ...original,
      phones: [' 05735-222345 ', '+91 98111 22233'],
      shortNameHi: 'आरएमसीपी विद्यालय',
      email: 'office@school.example',
      affiliationNumber: '2130123',
      principalName: 'Dr. Asha Verma',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({
      phones: ['05735-222345', '+91 98111 22233'],
      phonesE164: ['+915735222345', '+919811122233'],
      shortNameHi: 'आरएमसीपी विद्यालय',
    });
    expect(await getSchool()).toEqual(saved);
    const [entry, ...more] = await schoolAudit();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'update', entity: 'school', entityId: null });
    expect(JSON.parse(entry!.detail)).toEqual({
      before: {
        phones: [],
        email: null,
        affiliationNumber: null,
        principalName: null,
        shortNameHi: original.shortNameHi,
      },
      after: {
        phones: ['05735-222345', '+91 98111 22233'],
        email: 'office@school.example',
        affiliationNumber: '2130123',
        principalName: 'Dr. Asha Verma',
        shortNameHi: 'आरएमसीपी विद्यालय',
      },
    });
    remember(await readProfile());
    const checks = await lines();
    expect([...checks.values()].filter((line) => !line.done)).toEqual([]);
  });

  it('is read afresh once the process has moved to another database, however fresh the last read', async () => {
    expect((await schoolProfile()).phones).toEqual(['05735-222345', '+91 98111 22233']);
    const other = await freshDatabase();
    const saved = process.env.DATABASE_URL;
    try {
      await closePool();
      process.env.DATABASE_URL = other.url;
      expect((await schoolProfile()).phones).toEqual([]);
      expect(schoolInUse().phones).toEqual([]);
    } finally {
      await closePool();
      process.env.DATABASE_URL = saved;
      await other.stop();
    }
    expect((await schoolProfile()).phones).toEqual(['05735-222345', '+91 98111 22233']);
  });
});

describe('migration 0034', () => {
  it('keeps a saved phone dialled by its E.164 form and unsets the stand-ins the form was filled with', async () => {
    await site.db.query(
      `UPDATE school_profile SET phones = $1, phones_e164 = '{}', email = 'info@rmcpschool.in', social_links = $2::jsonb`,
      [
        ['9876543210', '5735222345', '9123456780', '9811122233'],
        JSON.stringify([
          { icon: 'whatsapp', url: 'https://wa.me/919876543210' },
          { icon: 'facebook', url: 'https://www.facebook.com/school' },
        ]),
      ],
    );
    const sql = await readFile(
      resolve(import.meta.dirname, '../../netlify/database/migrations/0034_school_phones_short_name_hi.sql'),
      'utf8',
    );
    // Its data steps, run again on this row as it would have been (its columns exist already).
    for (const step of sql
      .split(/;\s*\n/)
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE')))
      await site.db.query(step);
    const profile = await readProfile();
    expect(profile).toMatchObject({
      phones: ['5735222345', '9811122233'],
      phonesE164: ['+915735222345', '+919811122233'],
      email: null,
      socialLinks: [{ icon: 'facebook', url: 'https://www.facebook.com/school' }],
    });
  });
});
