/**
 * The whole fee structure on a site of its own: the office reads it (the website's sample, marked
 * so, until the principal saves), only the principal saves and copies it, bad input is refused with
 * its fields and stores nothing, every save and copy is audited with before and after, the
 * admission column is the admission fee families pay online, and the public pages show a saved
 * structure (in both languages) and nothing before it but where to ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiClient, staffClient } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { auditOf, expectJsonError } from '../http/admin-fixtures.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { fees } from '../../src/config/fees.ts';
import { sessionName, sessionOf } from '../../src/lib/sessions.ts';
import { STRUCTURE_TEXTS, type FeeStructureAnswer } from '../../src/features/fees/structure.ts';
import { goLiveChecks, officeContact, publishedFees } from '../../src/features/fees/structure.server.ts';
import { feePage } from '../../src/features/fees/fee-page.server.ts';

const SESSION = sessionOf();
const NEXT = sessionName(Number(SESSION.slice(0, 4)) + 1);
let site: InProcessSite;
let db: pg.Pool;
let principal: ApiClient;
let office: ApiClient;

beforeAll(async () => {
  site = await startInProcessSite();
  db = new pg.Pool({ connectionString: withDefaultUser(site.databaseUrl), max: 2 });
  [principal, office] = await Promise.all([
    staffClient('principal', 'Fee Principal', site.url),
    staffClient('office', 'Fee Clerk', site.url),
  ]).then((s) => s.map((x) => x.client));
}, 180_000);
afterAll(async () => {
  await db?.end();
  await site?.stop();
});

/** A structure as the editor sends it: early years, 1-5, 6-12; admission, tuition, two transport slabs and an exam fee. */
const body = (changes: { session?: string; rows?: unknown; heads?: unknown; tc?: unknown } = {}) => ({
  session: changes.session ?? SESSION,
  heads: changes.heads ?? [
    { id: 'admission', kind: 'admission', period: 'once', name: { en: 'Admission fee', hi: 'प्रवेश शुल्क' } },
    { id: 'tuition', kind: 'tuition', period: 'quarter', name: { en: 'Tuition fee', hi: 'शिक्षण शुल्क' } },
    { id: 'near', kind: 'transport', period: 'month', name: { en: 'Transport, 0-5 km', hi: 'वाहन, 0-5 कि.मी.' } },
    {
      id: 'far',
      kind: 'transport',
      period: 'month',
      name: { en: 'Transport, 5 km and more', hi: 'वाहन, 5 कि.मी. से अधिक' },
    },
    { id: 'exam', kind: 'other', period: 'year', name: { en: 'Exam fee', hi: 'परीक्षा शुल्क' } },
  ],
  rows: changes.rows ?? [
    { classes: ['P.N.C', 'N.C', 'K.G'], amounts: { admission: '5,500', tuition: 2400, near: 600, far: 900, exam: '' } },
    { classes: ['1', '2', '3', '4', '5'], amounts: { admission: 8000, tuition: 3000, near: 600, far: 900, exam: 400 } },
    {
      classes: ['6', '7', '8', '9', '10', '11', '12'],
      amounts: { admission: 10000, tuition: 3600, near: 600, far: 900, exam: 500 },
    },
  ],
  transferCertificate: changes.tc ?? fees.transferCertificate,
});
const put = (client: ApiClient, json: unknown) => client.request('/v1/api/fees/structure', { method: 'PUT', json });
const copy = (json: unknown, client = principal) =>
  client.request('/v1/api/fees/structure/copy', { method: 'POST', json });
const read = async (session = SESSION, client = office): Promise<FeeStructureAnswer> => {
  const res = await client.request(`/v1/api/fees/structure?session=${session}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
/** Everything a refused change might have touched. */
const stored = async () =>
  (
    await Promise.all([
      db.query(`SELECT * FROM fee_structures ORDER BY session`),
      db.query(`SELECT session, admission_class, amount_paise FROM admission_fees ORDER BY 1, 2`),
      db.query(`SELECT amount_paise FROM tc_fee`),
      db.query(`SELECT count(*) FROM audit_log`),
    ])
  ).map((r) => r.rows);
const page = async (lang: 'en' | 'hi') =>
  feePage(lang, { ...(await publishedFees()), contact: await officeContact(lang) }).body.value;

describe('before the principal saves', () => {
  it("the office reads the website's sample, marked so, with the admission fees families pay now; no public page shows a sample figure", async () => {
    expect((await new ApiClient(site.url).request('/v1/api/fees/structure')).status).toBe(401);
    const answer = await read();
    expect(answer).toMatchObject({
      session: SESSION,
      state: 'sample',
      saved: [],
      transferCertificate: fees.transferCertificate,
    });
    const admission = answer.structure.heads.find((h) => h.kind === 'admission')!;
    const kg = answer.structure.rows.find((r) => r.classes.includes('K.G'))!;
    expect(kg.amounts[admission.id]).toBe(fees.admission['K.G']);
    expect(answer.structure.heads.map((h) => h.kind)).toEqual(
      expect.arrayContaining(['tuition', 'annual', 'transport', 'other']),
    );

    expect(await goLiveChecks()).toEqual([
      { code: 'goLive.fees', done: false, href: `/admin/fees?session=${SESSION}` },
    ]);
    for (const lang of ['en', 'hi'] as const) {
      const html = await page(lang);
      expect(html).toContain(
        lang === 'en'
          ? `The fee structure for the session ${SESSION} is not yet published.`
          : `सत्र ${SESSION} का शुल्क विवरण अभी प्रकाशित नहीं हुआ है।`,
      );
      expect(html).not.toContain('<table');
      expect(html).not.toContain('₹800');
    }
  });
});

describe('PUT /v1/api/fees/structure', () => {
  it("is the principal's: office staff 403, no XSRF token 403; nothing stored", async () => {
    const before = await stored();
    expect((await expectJsonError(await put(office, body()), 403)).code).toBe('principal-only');
    await expectJsonError(
      await principal.request('/v1/api/fees/structure', { method: 'PUT', json: body(), xsrf: false }),
      403,
    );
    expect((await expectJsonError(await copy({ from: SESSION, to: NEXT }, office), 403)).code).toBe('principal-only');
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input with 400 naming each wrong box, and stores nothing', async () => {
    const before = await stored();
    const rows = body().rows as { classes: string[]; amounts: Record<string, unknown> }[];
    const withCell = (i: number, id: string, value: unknown) =>
      rows.map((r, k) => (k === i ? { ...r, amounts: { ...r.amounts, [id]: value } } : r));
    const heads = body().heads as Record<string, unknown>[];
    const cases: [unknown, string, string][] = [
      [body({ rows: withCell(1, 'tuition', -300) }), STRUCTURE_TEXTS.negative, 'rows.1.amounts.tuition'],
      [body({ rows: withCell(1, 'tuition', 'three thousand') }), STRUCTURE_TEXTS.amount, 'rows.1.amounts.tuition'],
      [body({ rows: withCell(1, 'tuition', '12.50') }), STRUCTURE_TEXTS.amount, 'rows.1.amounts.tuition'],
      [body({ rows: withCell(2, 'exam', 50_00_000) }), STRUCTURE_TEXTS.tooMuch, 'rows.2.amounts.exam'],
      [body({ rows: withCell(0, 'admission', '') }), STRUCTURE_TEXTS.admissionAmount, 'rows.0.amounts.admission'],
      [body({ rows: withCell(0, 'library', 100) }), STRUCTURE_TEXTS.unknownFee, 'rows.0.amounts'],
      [
        body({ rows: [...rows, { classes: ['13'], amounts: { admission: 1 } }] }),
        STRUCTURE_TEXTS.unknownClass,
        'rows.3.classes',
      ],
      [
        body({ rows: [...rows, { classes: ['5'], amounts: { admission: 1 } }] }),
        STRUCTURE_TEXTS.twice,
        'rows.3.classes',
      ],
      [
        body({ rows: [...rows, { classes: [], amounts: { admission: 1 } }] }),
        STRUCTURE_TEXTS.noClass,
        'rows.3.classes',
      ],
      [body({ heads: heads.filter((h) => h.kind !== 'admission') }), STRUCTURE_TEXTS.admissionHead, 'heads'],
      [
        body({ heads: heads.map((h, i) => (i === 2 ? { ...h, name: { en: 'Transport', hi: '' } } : h)) }),
        STRUCTURE_TEXTS.name,
        'heads.2.name.hi',
      ],
      [
        body({ heads: heads.map((h, i) => (i === 1 ? { ...h, period: 'year' } : h)) }),
        STRUCTURE_TEXTS.period,
        'heads.1.period',
      ],
      [
        body({ heads: heads.map((h, i) => (i === 4 ? { ...h, kind: 'donation' } : h)) }),
        STRUCTURE_TEXTS.kind,
        'heads.4.kind',
      ],
      [body({ session: '2027-2028' }), STRUCTURE_TEXTS.session, 'session'],
      [body({ tc: 'free' }), STRUCTURE_TEXTS.tc, 'transferCertificate'],
      [{ ...body(), rows: 'all 5000' }, 'Invalid field type.', 'rows'],
    ];
    for (const [json, message, field] of cases) {
      const answer = await expectJsonError(await put(principal, json), 400);
      expect(answer.fields, JSON.stringify(answer)).toHaveProperty([field]);
      expect(answer.fields[field], JSON.stringify(answer)).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });

  it("saves the principal's structure: the admission column is what families pay, audited, and both languages' pages show the whole table", async () => {
    const res = await put(principal, body());
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as FeeStructureAnswer;
    expect(answer).toMatchObject({ state: 'saved', saved: [SESSION] });
    expect(answer.structure.rows.map((r) => r.classes.length)).toEqual([3, 5, 7]);
    expect(answer.structure.rows[0]!.amounts).toEqual({
      admission: 5500,
      tuition: 2400,
      near: 600,
      far: 900,
      exam: null,
    });
    // The office reads what was saved; anyone's GET /v1/api/fees (the payments' fee) says the new admission fee.
    expect((await read()).structure).toEqual(answer.structure);
    const schedule = await (await new ApiClient(site.url).request(`/v1/api/fees?session=${SESSION}`)).json();
    expect(schedule.admission.find((a: { admissionClass: string }) => a.admissionClass === 'K.G').amount).toBe(5500);

    const [entry] = await auditOf(principal, 'fees', SESSION);
    expect(entry).toMatchObject({ action: 'create', entity: 'fees', entityId: SESSION });
    const detail = JSON.parse(entry!.detail);
    expect(detail.before).toEqual({});
    expect(detail.after).toMatchObject({
      'P.N.C-K.G: Admission fee': 5500,
      'Classes 1-5: Tuition fee': 3000,
      'P.N.C-K.G: Exam fee': 'not charged',
    });
    expect(await goLiveChecks()).toMatchObject([{ done: true }]);

    const en = await page('en');
    expect(en).toContain('<caption>Fees by class, session');
    expect(en).toMatch(
      /<th scope="row">P\.N\.C–K\.G<\/th><td class="fee-amount">₹5,500<\/td><td class="fee-amount">₹2,400<\/td>/,
    );
    expect(en).toContain('<th scope="row">Classes 6–12</th>');
    expect(en).toContain('Tuition fee <span class="fee-period">(per quarter)</span>');
    // The transport slabs cost every class the same: a short table of their own.
    expect(en).toMatch(
      /Fees the same for every class[\s\S]*<th scope="row">Transport, 0-5 km <span class="fee-period">\(per month\)<\/span><\/th><td class="fee-amount">₹600<\/td>/,
    );
    expect(en).not.toContain('not yet published');
    const hi = await page('hi');
    expect(hi).toContain('<th scope="row">कक्षा I–V</th>');
    expect(hi).toContain('शिक्षण शुल्क <span class="fee-period">(प्रति तिमाही)</span>');
    expect(hi).toContain('<span class="visually-hidden">नहीं लिया जाता</span>');
  });

  it('a change is audited with before and after, only what changed', async () => {
    const rows = (body().rows as { classes: string[]; amounts: Record<string, unknown> }[]).map((r, i) =>
      i === 1 ? { ...r, amounts: { ...r.amounts, tuition: 3150 } } : r,
    );
    expect((await put(principal, body({ rows }))).status).toBe(200);
    const [entry] = await auditOf(principal, 'fees', SESSION);
    expect(entry).toMatchObject({ action: 'update' });
    expect(JSON.parse(entry!.detail)).toEqual({
      before: { 'Classes 1-5: Tuition fee': 3000 },
      after: { 'Classes 1-5: Tuition fee': 3150 },
    });
  });

  it('a class whose admission fee the admission-fee editor changes parts from its row, so the page says what is charged', async () => {
    const schedule = await (await new ApiClient(site.url).request(`/v1/api/fees?session=${SESSION}`)).json();
    const admission = schedule.admission.map((a: { admissionClass: string; amount: number }) => ({
      ...a,
      amount: a.admissionClass === '3' ? 8500 : a.amount,
    }));
    const res = await principal.request('/v1/api/fees', {
      method: 'PUT',
      json: { session: SESSION, admission, transferCertificate: fees.transferCertificate },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = (await read()).structure.rows;
    expect(rows.map((r) => r.classes.join(' '))).toEqual([
      'P.N.C N.C K.G',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6 7 8 9 10 11 12',
    ]);
    expect(rows[3]!.amounts).toMatchObject({ admission: 8500, tuition: 3150 });
    expect(await page('en')).toContain('<th scope="row">Class 3</th><td class="fee-amount">₹8,500</td>');
  });
});

describe('POST /v1/api/fees/structure/copy', () => {
  it('copies a saved session to the next in one step, audited; asks before replacing one, and refuses a session with nothing to copy', async () => {
    await expectJsonError(await copy({ from: NEXT, to: SESSION }), 400, STRUCTURE_TEXTS.copyFrom);
    await expectJsonError(await copy({ from: SESSION, to: SESSION }), 400, STRUCTURE_TEXTS.copyTo);
    await expectJsonError(await copy({ from: SESSION, to: '2030' }), 400);

    const res = await copy({ from: SESSION, to: NEXT });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as FeeStructureAnswer;
    expect(answer).toMatchObject({ session: NEXT, state: 'saved', saved: [SESSION, NEXT] });
    expect(answer.structure).toEqual((await read(SESSION)).structure);
    // The next session's admission fees are its own now, as the copy has them.
    const own = await db.query(
      `SELECT amount_paise::text AS paise FROM admission_fees WHERE session = $1 AND admission_class = '3'`,
      [NEXT],
    );
    expect(own.rows).toEqual([{ paise: '850000' }]);
    const [entry] = await auditOf(principal, 'fees', NEXT);
    expect(entry).toMatchObject({ action: 'create' });
    expect(JSON.parse(entry!.detail).after).toMatchObject({ 'Copied from': SESSION, 'Class 3: Admission fee': 8500 });

    const again = await expectJsonError(await copy({ from: SESSION, to: NEXT }), 409);
    expect(again.code).toBe('fees-saved');
    expect((await copy({ from: SESSION, to: NEXT, replace: true })).status).toBe(200);
  });
});
