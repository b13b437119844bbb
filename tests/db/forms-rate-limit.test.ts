/**
 * The public forms' limits, on the API in this process with a database of its own and the default
 * limits (the shared test runtime raises them), except the TC requests', lowered through RATE_LIMIT_TC_REQUEST to show
 * that the environment still sets them (client-address.test.ts tests the default).
 *
 * Many families share one address (a carrier's shared address, a cyber café): one address sends
 * 50 applications with all their documents uploaded one by one, and 60 enquiries, and none is
 * refused. What identifies a family is its mobile number: 5 applications a day each, whatever the
 * address. Windows slide: old hits leave them minute by minute.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { formFrom, requestFrom, type Json } from '../support/api.ts';
import { aadhaar, admissionForm } from '../http/admin-fixtures.ts';
import { validEnquiry, validTc } from '../unit/forms-cases.ts';
import { limits } from '../../src/config/limits.ts';
import { withDefaultUser } from '../../src/server/db.ts';

const TC_LIMIT = 12;
const OFFICE_PHONE = '05735-222345';
let runtime: InProcessSite;
let db: pg.Pool;
beforeAll(async () => {
  runtime = await startInProcessSite({ ...DEFAULT_LIMITS, RATE_LIMIT_TC_REQUEST: String(TC_LIMIT) });
  db = new pg.Pool({ connectionString: withDefaultUser(runtime.databaseUrl), max: 2 });
  // The school's saved office phone, a landline as the office writes it: the refusals name it.
  await db.query(
    `INSERT INTO school_profile (name_en, name_hi, address_en, address_hi, short_name, phones, phones_e164) VALUES ('A School', 'एक विद्यालय', 'A Road', 'एक मार्ग', 'A', $1, $2)`,
    [[OFFICE_PHONE], ['+915735222345']],
  );
}, 120_000);
afterAll(async () => {
  await db?.end();
  await runtime?.stop();
});

/** Each call's answer, `n` calls made a few at a time (each call may start a function instance). */
async function inTurn<T>(n: number, send: (i: number) => Promise<T>, atOnce = 4): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += atOnce)
    out.push(...(await Promise.all(Array.from({ length: Math.min(atOnce, n - i) }, (_, j) => send(i + j)))));
  return out;
}

const json = (answer: { body: string }) => JSON.parse(answer.body) as Json;
/** A 10-digit mobile number no other test uses. */
const mobile = (n: number) => `7${String(n).padStart(9, '0')}`;

/** The 429 of a limit: its code, the minutes to wait and the school's phone, in words and as members. */
function expectRefusal(
  answer: { status: number; body: string; headers: Record<string, unknown> },
  code: string,
  maxMinutes: number,
) {
  expect(answer.status).toBe(429);
  const body = json(answer);
  expect(body).toMatchObject({ code, phone: OFFICE_PHONE });
  expect(body.retryAfterMinutes).toBeGreaterThanOrEqual(1);
  expect(body.retryAfterMinutes).toBeLessThanOrEqual(maxMinutes);
  expect(body.error).toContain(`${body.retryAfterMinutes} minutes`);
  expect(body.error).toContain(OFFICE_PHONE);
  const seconds = Number(answer.headers['retry-after']);
  expect(Math.ceil(seconds / 60)).toBe(body.retryAfterMinutes);
  return body;
}

describe('one shared address', () => {
  it('sends 50 applications within an hour, every document uploaded on its own, and none is refused', async () => {
    const from = '127.0.0.21';
    const started = Date.now();
    const answers = await inTurn(
      50,
      async (i) => {
        const { form } = await admissionForm({ contactNo: mobile(1000 + i) }, { base: runtime.url, staged: true });
        return formFrom(runtime.url, from, '/v1/api/admission', form);
      },
      2,
    );
    expect(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    const stored = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT reference_number)::int AS refs FROM admissions WHERE contact_no LIKE '70000010%'`,
    );
    expect(stored.rows[0]).toEqual({ n: 50, refs: 50 });
    const documents = await db.query(
      `SELECT count(*)::int AS n FROM uploads u JOIN admissions a ON a.id = u.admission_id WHERE a.contact_no LIKE '70000010%'`,
    );
    expect(documents.rows[0].n).toBe(50 * 9);
    console.log(`50 applications (450 uploads) from one address in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 600_000);

  it(`sends ${limits.enquiriesPerAddress.max} enquiries an hour; the next is refused with the minutes to wait and the phone`, async () => {
    const from = '127.0.0.22';
    const max = limits.enquiriesPerAddress.max;
    expect(max).toBe(60);
    const answers = await inTurn(max, () => requestFrom(runtime.url, from, 'POST', '/v1/api/enquiry', validEnquiry()));
    expect(answers.map((a) => a.status)).toEqual(Array(max).fill(201));
    const refused = await requestFrom(runtime.url, from, 'POST', '/v1/api/enquiry', validEnquiry());
    expectRefusal(refused, 'request.tooManyRequests', 60);
    expect(json(refused).error).toBe(
      `Too many tries from this internet connection for now. Please try again in ${json(refused).retryAfterMinutes} minutes, or call the school office on ${OFFICE_PHONE}.`,
    );
    // Refused input counts too, and another address is not held back.
    expect(
      (await requestFrom(runtime.url, from, 'POST', '/v1/api/enquiry', { ...validEnquiry(), fatherMobile: '12' }))
        .status,
    ).toBe(429);
    expect((await requestFrom(runtime.url, '127.0.0.23', 'POST', '/v1/api/enquiry', validEnquiry())).status).toBe(201);
  }, 300_000);

  it(`keeps an address limit on application requests (${limits.admissionsPerAddress.max} an hour, refused ones counted)`, async () => {
    const from = '127.0.0.24';
    const max = limits.admissionsPerAddress.max;
    const answers = await inTurn(max, () => requestFrom(runtime.url, from, 'POST', '/v1/api/admission', {}));
    expect(answers.every((a) => a.status === 415 || a.status === 400)).toBe(true);
    expectRefusal(await requestFrom(runtime.url, from, 'POST', '/v1/api/admission', {}), 'request.tooManyRequests', 60);
  }, 300_000);

  it('TC requests: the limit the environment sets, refused ones counted', async () => {
    const from = '127.0.0.25';
    const answers = await inTurn(TC_LIMIT, () =>
      requestFrom(runtime.url, from, 'POST', '/v1/api/tc-request', { ...validTc(), contact: '1' }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(TC_LIMIT).fill(400));
    expectRefusal(
      await requestFrom(runtime.url, from, 'POST', '/v1/api/tc-request', validTc()),
      'request.tooManyRequests',
      60,
    );
  }, 120_000);
});

describe('one mobile number', () => {
  it('sends 5 applications a day; the 6th is refused from any address, a resubmission does not count, nothing of a refused one is kept', async () => {
    const number = mobile(2000);
    const apply = async (from: string, key = randomUUID(), same: Record<string, string> = {}) => {
      const { form } = await admissionForm({ contactNo: number, submissionKey: key, ...same }, { base: runtime.url });
      return formFrom(runtime.url, from, '/v1/api/admission', form);
    };
    const first = await apply('127.0.0.31');
    expect(first.status).toBe(201);
    // The same submission again (its answer was lost on the way): the first answer, not counted again.
    const key = randomUUID();
    // The same details: the fixture makes new names and numbers on every call unless told.
    const same = {
      studentFirstName: 'Resent',
      studentLastName: 'Verma',
      studentAadharNo: aadhaar(),
      abcId: '123456789012',
    };
    const second = await apply('127.0.0.31', key, same);
    const again = await apply('127.0.0.31', key, same);
    expect(again.status).toBe(201);
    expect(json(again).admission.referenceNumber).toBe(json(second).admission.referenceNumber);
    for (let i = 0; i < 3; i++) expect((await apply('127.0.0.32')).status).toBe(201);

    const blobsBefore = (await db.query(`SELECT count(*)::int AS n FROM uploads`)).rows[0].n;
    const sixth = await apply('127.0.0.31');
    const body = expectRefusal(sixth, 'request.mobileLimit', 24 * 60);
    expect(body.error).toBe(
      `Too many applications have been sent with this mobile number today. Please try again in ${body.retryAfterMinutes} minutes, or call the school office on ${OFFICE_PHONE}.`,
    );
    // A day from the first of the five (whose minute slice started up to 24 minutes earlier).
    expect(body.retryAfterMinutes).toBeGreaterThan(24 * 60 - 30);
    // Another address, the same family: still refused. Another family at the same address: welcome.
    expectRefusal(await apply('127.0.0.33'), 'request.mobileLimit', 24 * 60);
    const { form } = await admissionForm({ contactNo: mobile(2001) }, { base: runtime.url });
    expect((await formFrom(runtime.url, '127.0.0.31', '/v1/api/admission', form)).status).toBe(201);

    const stored = await db.query(`SELECT count(*)::int AS n FROM admissions WHERE contact_no = $1`, [number]);
    expect(stored.rows[0].n).toBe(5);
    // The refused ones' documents were not kept: only the other family's 9 are new.
    expect((await db.query(`SELECT count(*)::int AS n FROM uploads`)).rows[0].n).toBe(blobsBefore + 9);
  }, 300_000);
});

describe('a sliding window', () => {
  it('lets hits an hour old go minute by minute, and says when the oldest leave', async () => {
    const from = '127.0.0.41';
    const max = limits.enquiriesPerAddress.max;
    // 59 enquiries counted 59 minutes ago from this address, as if sent then.
    await db.query(
      `INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES ('enquiry', $1, date_trunc('minute', now()) - interval '59 minutes', $2)`,
      [from, max - 1],
    );
    expect((await requestFrom(runtime.url, from, 'POST', '/v1/api/enquiry', validEnquiry())).status).toBe(201);
    const refused = expectRefusal(
      await requestFrom(runtime.url, from, 'POST', '/v1/api/enquiry', validEnquiry()),
      'request.tooManyRequests',
      60,
    );
    // Those 59 leave the window within the minute: a fixed window would have made the family wait for the next clock hour.
    expect(refused.retryAfterMinutes).toBeLessThanOrEqual(2);
    // Refused tries are not counted: once the old hits are gone, the family has its hour's tries again.
    await db.query(
      `UPDATE rate_limits SET window_start = window_start - interval '2 minutes' WHERE bucket = 'enquiry' AND key = $1 AND hits = $2`,
      [from, max - 1],
    );
    expect((await requestFrom(runtime.url, from, 'POST', '/v1/api/enquiry', validEnquiry())).status).toBe(201);
  }, 120_000);
});
