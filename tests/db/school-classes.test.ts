/**
 * The classes the school offers, a fact of its profile, on a site of its own: they start as the
 * starting content has them (every class); the principal's save keeps them in the school's order,
 * audited, and refuses a list that names none or what is not a class; a body without them keeps
 * them. Once the school offers fewer, an application on each wing's form and an enquiry for a
 * class it does not offer are refused with 400 (its English words, its code for the Hindi ones, the
 * field) and store nothing, while an application made before keeps showing as it was; seats, the
 * admission fees and the fee structure list only the classes offered and refuse another, and the
 * public fee table has no row of a class no longer offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, type Json } from '../support/api.ts';
import { startOfficeSite, type OfficeSite } from '../support/in-process-site.ts';
import { expectJsonError, fileOf, pdf, png } from '../http/admin-fixtures.ts';
import { birthDateFor, validAdmission, FILE } from '../unit/forms-cases.ts';
import { ALL_CLASSES, type Band } from '../../src/lib/classes.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { PROFILE_TEXTS } from '../../src/features/school/profile-schema.ts';
import { FEE_TEXTS } from '../../src/features/fees/fees.ts';
import { STRUCTURE_TEXTS, type FeeStructureAnswer } from '../../src/features/fees/structure.ts';
import { SEAT_TEXTS } from '../../src/features/admission/seats.server.ts';
import { publishedFees } from '../../src/features/fees/structure.server.ts';
import { sessionOf } from '../../src/lib/sessions.ts';

/** What the school offers once it has saved: no early years, Classes 1-3 and 6-10. */
const OFFERED = ['1', '2', '3', '6', '7', '8', '9', '10'];
const SESSION = sessionOf();

let site: OfficeSite;
let principal: ApiClient;
let profile: Json;

const visitor = () => new ApiClient(site.url);
const putSchool = (json: unknown) => principal.request('/v1/api/school', { method: 'PUT', json });
const getSchool = async () => (await (await visitor().request('/v1/api/school')).json()) as Json;
const count = async (table: string) => Number((await site.db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

/** An application on `band`'s form for `admissionClass`, every document in the request itself. */
function application(band: Band, admissionClass: string): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    ...validAdmission(band),
    admissionClass,
    dateOfBirth: birthDateFor(admissionClass),
  })) {
    if (value !== FILE) form.append(field, value);
    else if (field.endsWith('Photo')) form.append(field, fileOf(png(), 'image/png'), `${field}.png`);
    else form.append(field, fileOf(pdf(), 'application/pdf'), `${field}.pdf`);
  }
  return form;
}
const apply = (band: Band, admissionClass: string) =>
  visitor().request('/v1/api/admission', { method: 'POST', body: application(band, admissionClass) });
const enquire = (admissionClass: string) =>
  visitor().request('/v1/api/enquiry', {
    method: 'POST',
    json: {
      admissionClass,
      studentName: 'Aarav Sharma',
      fatherName: 'Rakesh Sharma',
      motherName: 'Sunita Sharma',
      gender: 'Male',
      dateOfBirth: '2018-04-15',
      fatherMobile: '9876543210',
      category: 'OBC',
      address: 'Village Rampur, Etah',
      consent: 'true',
    },
  });

beforeAll(async () => {
  site = await startOfficeSite({}, 'Classes Clerk');
  principal = await adminClient(site.url);
  const { updatedAt: _, phonesE164: __, ...body } = await getSchool();
  profile = body;
}, 180_000);
afterAll(async () => {
  await site?.stop();
});

let earlier: string;

describe('the classes in the school profile', () => {
  it('start as the starting content has them: every class; an application for Class 11 is taken meanwhile', async () => {
    expect(profile.classes).toEqual([...ALL_CLASSES]);
    const res = await apply('senior', '11');
    expect(res.status, await res.clone().text()).toBe(201);
    earlier = (await res.json()).admission._id;
  });

  it.each([[['13']], [[]], ['1-10'], [[5]], [['1', 'class 2']]])(
    'refuses %j with 400 naming classes, and stores and audits nothing',
    async (classes) => {
      const body = await expectJsonError(await putSchool({ ...profile, classes }), 400);
      expect(Object.keys(body.fields).filter((field) => /^classes\b/.test(field))).not.toEqual([]);
      expect((await getSchool()).updatedAt).toBeNull();
      expect((await site.db.query(`SELECT count(*) AS n FROM audit_log WHERE entity = 'school'`)).rows[0].n).toBe('0');
    },
  );

  it("a save keeps them in the school's order, audited before and after; a body without them keeps them", async () => {
    const res = await putSchool({ ...profile, classes: ['10', '6', '1', '9', '2', '8', '7', '3', '10'] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).classes).toEqual(OFFERED);
    expect((await getSchool()).classes).toEqual(OFFERED);
    const audit = (await (await principal.request('/v1/api/audit?entity=school')).json()).data as Json[];
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({
      before: { classes: [...ALL_CLASSES] },
      after: { classes: OFFERED },
    });

    const { classes: _, ...withoutClasses } = profile;
    const again = await putSchool({ ...withoutClasses, principalName: 'Dr. Asha Verma' });
    expect(again.status).toBe(200);
    expect((await again.json()).classes).toEqual(OFFERED);
  });

  it("the refusal of a list naming none speaks the principal's words", async () => {
    const body = await expectJsonError(await putSchool({ ...profile, classes: [] }), 400);
    expect(body.fields.classes).toBe(PROFILE_TEXTS.classes);
  });
});

describe('an application or enquiry for a class the school does not offer', () => {
  it.each([
    ['pre-primary', 'K.G'],
    ['middle', '5'],
    ['senior', '11'],
  ] as const)(
    'on the %s form (%s): 400 with the words in English and Hindi and the field, nothing stored',
    async (band, admissionClass) => {
      const [admissions, uploads] = [await count('admissions'), await count('uploads')];
      const body = await expectJsonError(await apply(band, admissionClass), 400, FORM_TEXTS.classNotOffered);
      expect(body).toMatchObject({
        code: 'form.classNotOffered',
        fields: { admissionClass: FORM_TEXTS.classNotOffered },
        codes: { admissionClass: 'form.classNotOffered' },
      });
      expect(HI[body.code as 'form.classNotOffered']).toMatch(/[\u0900-\u097F]/);
      expect([await count('admissions'), await count('uploads')]).toEqual([admissions, uploads]);
    },
  );

  it('an enquiry: 400 the same way, nothing stored; one for a class offered is taken', async () => {
    const before = await count('enquiries');
    const body = await expectJsonError(await enquire('12'), 400, FORM_TEXTS.classNotOffered);
    expect(body).toMatchObject({
      code: 'form.classNotOffered',
      fields: { admissionClass: FORM_TEXTS.classNotOffered },
    });
    expect(await count('enquiries')).toBe(before);
    expect((await enquire('7')).status).toBe(201);
  });

  it("a class offered is taken on its wing's form; the application made for Class 11 before shows in the admin as it was", async () => {
    expect((await apply('senior', '7')).status).toBe(201);
    const res = await site.office.request(`/v1/api/admission/${earlier}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ band: 'senior', admissionClass: '11' });
  });
});

describe('seats and fees list only the classes offered', () => {
  it('seats: the editor lists them and refuses another; the summary keeps Class 11 while it has an application', async () => {
    const seats = await (await principal.request(`/v1/api/seats?session=${SESSION}`)).json();
    expect(seats.seats.map((s: { admissionClass: string }) => s.admissionClass)).toEqual(OFFERED);
    const refused = await expectJsonError(
      await principal.request('/v1/api/seats', {
        method: 'PUT',
        json: { session: SESSION, seats: [{ admissionClass: '11', capacity: 30 }] },
      }),
      400,
    );
    expect(refused.fields['11']).toBe(SEAT_TEXTS.notOffered);
    const summary = await (await site.office.request(`/v1/api/admission/seats?session=${SESSION}`)).json();
    expect(summary.classes.map((c: { admissionClass: string }) => c.admissionClass)).toEqual([
      ...OFFERED.slice(0, 8),
      '11',
    ]);
  });

  it('the admission fees: listed for the classes offered; a change naming another is refused, storing nothing', async () => {
    const schedule = await (await visitor().request(`/v1/api/fees?session=${SESSION}`)).json();
    expect(schedule.admission.map((a: { admissionClass: string }) => a.admissionClass)).toEqual(OFFERED);
    const fees = (classes: readonly string[]) => ({
      session: SESSION,
      admission: classes.map((c) => ({ admissionClass: c, amount: 5000 })),
      transferCertificate: 500,
    });
    const before = (await site.db.query(`SELECT * FROM admission_fees ORDER BY session, admission_class`)).rows;
    const refused = await expectJsonError(
      await principal.request('/v1/api/fees', { method: 'PUT', json: fees(ALL_CLASSES) }),
      400,
    );
    expect(refused.fields['admission.11']).toBe(FEE_TEXTS.notOffered);
    expect((await site.db.query(`SELECT * FROM admission_fees ORDER BY session, admission_class`)).rows).toEqual(
      before,
    );
    expect((await principal.request('/v1/api/fees', { method: 'PUT', json: fees(OFFERED) })).status).toBe(200);
  });

  it("the fee structure: the editor's rows and choices are the classes offered; a row of Classes 11-12 is refused; the public table has none", async () => {
    const answer = (await (
      await site.office.request(`/v1/api/fees/structure?session=${SESSION}`)
    ).json()) as FeeStructureAnswer;
    expect(answer.classes).toEqual(OFFERED);
    expect(answer.structure.rows.flatMap((r) => r.classes).every((c) => OFFERED.includes(c))).toBe(true);
    const heads = [
      { id: 'admission', kind: 'admission', period: 'once', name: { en: 'Admission fee', hi: 'प्रवेश शुल्क' } },
    ];
    const put = (rows: { classes: string[] }[]) =>
      principal.request('/v1/api/fees/structure', {
        method: 'PUT',
        json: {
          session: SESSION,
          heads,
          rows: rows.map((r) => ({ ...r, amounts: { admission: 4000 } })),
          transferCertificate: 500,
        },
      });
    const refused = await expectJsonError(
      await put([{ classes: ['1', '2', '3'] }, { classes: ['6', '7', '8', '9', '10'] }, { classes: ['11', '12'] }]),
      400,
    );
    expect(refused.fields['rows.2.classes']).toBe(STRUCTURE_TEXTS.notOffered);
    expect(await count('fee_structures')).toBe(0);
    expect((await put([{ classes: ['1', '2', '3'] }, { classes: ['6', '7', '8', '9', '10'] }])).status).toBe(200);

    // A structure saved while Classes 11-12 were offered (charged otherwise) shows without them, its row whole.
    await site.db.query(
      `UPDATE fee_structures SET structure = jsonb_set(structure, '{rows,1,classes}', '["6","7","8","9","10","11","12"]')`,
    );
    await site.db.query(`UPDATE admission_fees SET amount_paise = 900000 WHERE admission_class IN ('11', '12')`);
    const published = await publishedFees();
    expect(published.sessions[0]!.structure!.rows.map((r) => r.classes)).toEqual([
      ['1', '2', '3'],
      ['6', '7', '8', '9', '10'],
    ]);
  });
});
