/**
 * Fees from the database: GET /v1/api/fees for anyone, PUT for the principal
 * only, its checks (a refused change stores nothing), the audit entry with before and after, the
 * public fee page (in both languages, live at once), and what a change does
 * to money already taken: a payment and its receipt keep their amount, and a record paid against the
 * old fee keeps owing that fee, while a new record owes the new one.
 *
 * The fee table is the file's own (a database of its own, tests/api). The changes are made to P.N.C of
 * the session applications are for now and undone at the end; the TC fee is only sent again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient } from '../support/api.ts';
import { auditOf, createAdmission, expectJsonError } from '../http/admin-fixtures.ts';
import { closeDb, db } from '../http/forms-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { ALL_CLASSES } from '../../src/lib/classes.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { FEE_TEXTS } from '../../src/features/fees/fees.ts';
import type { FeeSchedule } from '../../src/features/fees/fees.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const CLASS = 'P.N.C';
const SESSION = sessionOf();
let principal: ApiClient;
let office: ApiClient;

/** The body of a PUT: the seed's fees with `changes`. */
const body = (changes: Record<string, unknown> = {}, tc: unknown = fees.transferCertificate) => ({
  session: SESSION,
  admission: ALL_CLASSES.map((c) => ({ admissionClass: c, amount: c in changes ? changes[c] : fees.admission[c] })),
  transferCertificate: tc,
});
const put = (client: ApiClient, json: unknown) => client.request('/v1/api/fees', { method: 'PUT', json });

async function schedule(): Promise<FeeSchedule> {
  const res = await new ApiClient().request(`/v1/api/fees?session=${SESSION}`);
  expect(res.status).toBe(200);
  return res.json();
}
const feeOf = (s: FeeSchedule, c: string) => s.admission.find((a) => a.admissionClass === c)!.amount;
const storedRows = async () =>
  (await db().query(`SELECT session, admission_class, amount_paise::text AS paise FROM admission_fees ORDER BY 1, 2`))
    .rows;

beforeAll(async () => {
  [principal, office] = await Promise.all([staffClient('principal'), staffClient('office')]).then((s) =>
    s.map((x) => x.client),
  );
});
afterAll(async () => {
  await put(principal, body());
  await closeDb();
});

describe('GET /v1/api/fees', () => {
  it('answers anyone the fees the database was seeded with, in whole rupees, and the sessions the editor offers', async () => {
    const s = await schedule();
    expect(s.session).toBe(SESSION);
    expect(s.sessions).toContain(SESSION);
    expect(s.admission.map((a) => a.admissionClass)).toEqual([...ALL_CLASSES]);
    for (const c of ALL_CLASSES) if (c !== CLASS) expect(feeOf(s, c)).toBe(fees.admission[c]);
    expect(s.transferCertificate).toBe(fees.transferCertificate);
    await expectJsonError(await new ApiClient().request('/v1/api/fees?session=2027-29'), 400);
  });
});

describe('PUT /v1/api/fees', () => {
  it("is the principal's: signed out 401, office staff 403, no XSRF token 403; nothing changes", async () => {
    const before = await storedRows();
    await expectJsonError(await put(new ApiClient(), body({ [CLASS]: 1 })), 401);
    expect((await expectJsonError(await put(office, body({ [CLASS]: 1 })), 403)).code).toBe('principal-only');
    await expectJsonError(
      await principal.request('/v1/api/fees', { method: 'PUT', json: body({ [CLASS]: 1 }), xsrf: false }),
      403,
    );
    expect(await storedRows()).toEqual(before);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const before = await storedRows();
    const cases: [unknown, string, string][] = [
      [body({ [CLASS]: -500 }), FEE_TEXTS.negative, `admission.${CLASS}`],
      [body({}, -1), FEE_TEXTS.negative, 'transferCertificate'],
      [body({ [CLASS]: '12.50' }), FEE_TEXTS.amount, `admission.${CLASS}`],
      [body({ [CLASS]: 'five thousand' }), FEE_TEXTS.amount, `admission.${CLASS}`],
      [body({ [CLASS]: 100_00_001 }), FEE_TEXTS.tooMuch, `admission.${CLASS}`],
      [
        { ...body(), admission: [...body().admission, { admissionClass: '13', amount: 100 }] },
        FEE_TEXTS.unknownClass,
        'admission',
      ],
      [{ ...body(), admission: body().admission.slice(1) }, FEE_TEXTS.missing, `admission.${CLASS}`],
      [{ ...body(), session: '2027-2028' }, FEE_TEXTS.session, 'session'],
      [{ ...body(), admission: 'all 5000' }, 'Invalid field type.', 'admission'],
    ];
    for (const [json, message, field] of cases) {
      const res = await put(principal, json);
      const answer = await expectJsonError(res, 400);
      if (message !== 'Invalid field type.') expect(answer.error, JSON.stringify(json)).toBe(message);
      expect(Object.keys(answer.fields), JSON.stringify(answer)).toContain(field);
    }
    expect(await storedRows()).toEqual(before);
  });

  it('saves the principal\'s change ("6,500" read as ₹6,500), audits it with before and after; the public page, drawn at once in both languages, states the TC fee', async () => {
    const res = await put(principal, body({ [CLASS]: '6,500' }));
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as FeeSchedule;
    expect(answer.setFor).toBe(SESSION);
    expect(feeOf(answer, CLASS)).toBe(6500);
    const stored = await db().query(
      `SELECT amount_paise::text AS paise FROM admission_fees WHERE session = $1 AND admission_class = $2`,
      [SESSION, CLASS],
    );
    expect(stored.rows[0]).toEqual({ paise: '650000' });

    // This change's entry (a fee structure's save in another file is audited under the same session too).
    const entry = (await auditOf(principal, 'fees', SESSION)).find((e) => JSON.parse(e.detail).after?.[CLASS] === 6500);
    expect(entry).toMatchObject({ action: 'update', entity: 'fees', entityId: SESSION });
    const detail = JSON.parse(entry!.detail);
    expect(detail.after).toMatchObject({ [CLASS]: 6500 });
    expect(detail.before[CLASS]).toBe(fees.admission[CLASS]);
    // Only what changed is in the entry.
    expect(Object.keys(detail.after)).not.toContain('K.G');

    for (const [path, words] of [
      ['/admissions/fees', 'Fee Structure'],
      ['/hi/admissions/fees', 'शुल्क विवरण'],
    ] as const) {
      const page = await new ApiClient().request(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('netlify-cache-tag')?.split(',')).toContain('fees');
      const text = await page.text();
      expect(text).toContain(`<h1>${words}</h1>`);
      // The admission fees show in the whole structure once the principal publishes one (tests/db/fee-structure.test.ts).
      expect(text).toContain('₹500');
      // The site's own menu script only: no framework island.
      expect(text).not.toContain('astro-island');
    }
  });

  it('a payment keeps its amount and the fee it was made against: after a change, its record and receipt are unchanged and a new record owes the new fee', async () => {
    expect((await put(principal, body({ [CLASS]: 5000 }))).status).toBe(200);
    const { _id } = await createAdmission({ admissionClass: CLASS });
    const path = `/v1/api/admission/${_id}`;
    const paid = await office.request(`${path}/payments`, {
      method: 'POST',
      json: { amount: 2000, mode: 'cash', reference: '', paidOn: dateInIndia() },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const { payment } = await paid.json();
    const receiptBefore = await (await office.request(`/v1/api/receipts/${payment.receiptNumber}`)).json();
    expect(
      (await db().query(`SELECT fee_paise::text AS fee FROM payments WHERE id = $1`, [payment._id])).rows[0],
    ).toEqual({ fee: '500000' });

    // The principal raises the fee.
    expect((await put(principal, body({ [CLASS]: 7000 }))).status).toBe(200);
    const record = await (await office.request(path)).json();
    expect(record.fee).toMatchObject({ due: 5000, paid: 2000, balance: 3000 });
    expect(record.payments[0]).toMatchObject({ receiptNumber: payment.receiptNumber, amount: 2000 });
    const receiptAfter = await (await office.request(`/v1/api/receipts/${payment.receiptNumber}`)).json();
    expect(receiptAfter).toEqual(receiptBefore);
    // Paying the rest is checked against the old fee: 3000 is due, not 5000.
    const over = await office.request(`${path}/payments`, {
      method: 'POST',
      json: { amount: 3001, mode: 'cash', reference: '', paidOn: dateInIndia() },
    });
    expect(over.status).toBe(409);

    // A record with no payment yet owes the fee of now.
    const fresh = await createAdmission({ admissionClass: CLASS });
    expect((await (await office.request(`/v1/api/admission/${fresh._id}`)).json()).fee).toMatchObject({
      due: 7000,
      paid: 0,
    });
    expect((await put(principal, body())).status).toBe(200);
  });

  it('shows staff-typed nothing: the page escapes nothing because it prints only figures the schema allowed (a script as an amount is refused)', async () => {
    const res = await put(principal, body({ [CLASS]: '<script>alert(1)</script>' }));
    expect((await expectJsonError(res, 400)).fields).toHaveProperty(`admission.${CLASS}`);
    expect(await (await new ApiClient().request('/admissions/fees')).text()).not.toContain('<script>alert(1)');
  });
});
