/**
 * Parents' status checks (POST /v1/api/admission/status, .../status/replace, /v1/api/tc-request/status)
 * on the file's own site, whose per-address limits for them are the real ones (tests/support/runtime.ts
 * raises the per-mobile one, tested in tests/db/status-limits.test.ts): every call goes from a loopback
 * address of its own test, so the per-address limits of one test never reach another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiClient, adminClient, baseURL, requestFrom, staffClient, type Json } from '../support/api.ts';
import {
  auditOf,
  blobsWithContent,
  createAdmission,
  createTcRequest,
  ISO_RE,
  png,
  randomUuid,
  token,
  type CreatedAdmission,
} from '../http/admin-fixtures.ts';
import { closeDb, db, stage } from '../http/forms-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { sessionOf } from '../../src/lib/sessions.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { HI_FORMS } from '../../src/lib/i18n/hi.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { REPLACE_TEXTS } from '../../src/features/admission/status-check.server.ts';
import { limits } from '../../src/config/limits.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const PER_ADDRESS = limits.statusChecksPerAddress.max;
const WRONG_PER_ADDRESS = limits.statusWrongTriesPerAddress.max;

const NO_APPLICATION = 'No application matches this reference number and mobile number.';
const NO_TC_REQUEST = 'No TC request matches this admission number and mobile number.';
const MOBILE = '9988776655';
const TODAY = dateInIndia();
const SESSION = sessionOf();

let office: ApiClient;
let principal: ApiClient;
beforeAll(async () => {
  office = (await staffClient('office', `Sunita ${token('')}`)).client;
  principal = await adminClient();
}, 300_000);
afterAll(closeDb);

/** A loopback address no other call of this file uses (127.0.77.1, 127.0.77.2, ...). */
let lastAddress = 0;
const freshAddress = () => `127.0.77.${++lastAddress}`;

type Answer = { status: number; body: string; headers: IncomingHttpHeaders; json: Json };
async function post(from: string, path: string, body: unknown): Promise<Answer> {
  const res = await requestFrom(baseURL(), from, 'POST', path, body);
  let parsed: Json = {};
  try {
    parsed = JSON.parse(res.body);
  } catch {
    /* compared as text */
  }
  return { ...res, json: parsed };
}
const admissionStatus = (from: string, body: unknown) => post(from, '/v1/api/admission/status', body);
const replace = (from: string, body: unknown) => post(from, '/v1/api/admission/status/replace', body);
const tcStatus = (from: string, body: unknown) => post(from, '/v1/api/tc-request/status', body);

async function ok(client: ApiClient, path: string, init: Parameters<ApiClient['request']>[1]): Promise<Json> {
  const res = await client.request(path, init);
  if (res.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
const reject = (admission: CreatedAdmission, field: string, reason: string) =>
  ok(office, `/v1/api/admission/${admission._id}/documents/${field}`, {
    method: 'PATCH',
    json: { state: 'rejected', reason },
  });
const pay = (entity: string, id: string, amount: number) =>
  ok(office, `/v1/api/${entity}/${id}/payments`, { method: 'POST', json: { amount, mode: 'cash', paidOn: TODAY } });

/** The headers of an answer that are the same for every call: not the date or the request's own id. */
const PER_CALL = new Set(['date', 'x-nf-request-id', 'x-nf-start-timestamp', 'connection', 'keep-alive']);
const lasting = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_CALL.has(name)));

describe('POST /v1/api/admission/status', () => {
  it('answers the status in words, when it changed, the rejected documents with the reasons, the fee due and the next step', async () => {
    const admission = await createAdmission();
    const from = freshAddress();
    const first = await admissionStatus(from, { referenceNumber: admission.referenceNumber, contactNo: MOBILE });
    expect(first.status, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('no-store');
    const created = await ok(office, `/v1/api/admission/${admission._id}`, {});
    expect(first.json).toEqual({
      referenceNumber: admission.referenceNumber,
      studentFirstName: admission.names.first,
      admissionClass: 'K.G',
      status: 'received',
      statusLabel: 'received',
      updatedAt: created.createdAt,
      missing: [],
      // The fee is shown with what it is for, but not asked for before the application is admitted.
      feeDue: { amount: fees.admission['K.G'], currency: 'INR' },
      feeState: 'later',
      feeText: fill('en', 'statusCheck.fee.later', {
        amount: formatRupees(fees.admission['K.G'] * 100),
        for: `admission fee, K.G, session ${SESSION}`,
      }),
      // Nothing is asked for yet, so nothing is offered online.
      payOnline: null,
      receipts: [],
      nextStep: fill('en', 'statusCheck.next.admission.received'),
    });

    // The office moves it on, rejects two documents and takes part of the fee.
    await ok(office, `/v1/api/admission/${admission._id}`, {
      method: 'PATCH',
      json: { status: 'under-review', note: 'Checking the papers' },
    });
    await reject(admission, 'abcCard', 'The card number cannot be read');
    await reject(admission, 'studentBirthCertificate', 'Only the first page was sent');
    await pay('admission', admission._id, 2500);
    const moved = await ok(office, `/v1/api/admission/${admission._id}`, {});
    expect(moved.statusChangedAt).toMatch(ISO_RE);

    // The mobile number as a parent may type it, the reference in small letters.
    const second = await admissionStatus(from, {
      referenceNumber: ` ${admission.referenceNumber.toLowerCase()} `,
      contactNo: '+91 99887 76655',
    });
    expect(second.status, second.body).toBe(200);
    expect(second.json).toEqual({
      referenceNumber: admission.referenceNumber,
      studentFirstName: admission.names.first,
      admissionClass: 'K.G',
      status: 'under-review',
      statusLabel: 'under review',
      updatedAt: moved.statusChangedAt,
      // In the form's order, with the office's words.
      missing: [
        { field: 'studentBirthCertificate', label: 'Birth certificate', reason: 'Only the first page was sent' },
        { field: 'abcCard', label: 'ABC card', reason: 'The card number cannot be read' },
      ],
      feeDue: { amount: fees.admission['K.G'] - 2500, currency: 'INR' },
      feeState: 'later',
      feeText: fill('en', 'statusCheck.fee.later', {
        amount: formatRupees((fees.admission['K.G'] - 2500) * 100),
        for: `admission fee, K.G, session ${SESSION}`,
      }),
      payOnline: null,
      receipts: [{ number: expect.stringMatching(/^RMCP-R-\d{4}-\d{6}$/), amount: 2500, paidOn: TODAY }],
      nextStep: fill('en', 'statusCheck.next.admission.documents'),
    });

    const hindi = await admissionStatus(from, {
      referenceNumber: admission.referenceNumber,
      contactNo: MOBILE,
      language: 'hi',
    });
    expect(hindi.json).toMatchObject({
      status: 'under-review',
      statusLabel: 'जाँच में है',
      nextStep: fill('hi', 'statusCheck.next.admission.documents'),
    });
    // The documents by the names the Hindi form gave them.
    expect(hindi.json.missing.map((d: { label: string }) => d.label)).toEqual([
      HI_FORMS.admission.fields.studentBirthCertificate.label,
      HI_FORMS.admission.fields.abcCard.label,
    ]);

    await pay('admission', admission._id, fees.admission['K.G'] - 2500);
    const paid = await admissionStatus(from, { referenceNumber: admission.referenceNumber, contactNo: MOBILE });
    expect(paid.json.feeDue).toBeNull();
    expect(paid.json).toMatchObject({
      feeState: 'paid',
      feeText: `Nothing due: the admission fee, K.G, session ${SESSION} is paid.`,
    });
    expect(paid.json.receipts.map((r: { amount: number }) => r.amount)).toEqual([2500, fees.admission['K.G'] - 2500]);
  }, 120_000);

  it('answers a waived fee and a closed application with nothing due, and no documents to send once decided', async () => {
    const waived = await createAdmission();
    await ok(principal, `/v1/api/admission/${waived._id}/waive`, { method: 'POST', json: { note: 'Staff ward' } });
    const from = freshAddress();
    const waivedAnswer = (await admissionStatus(from, { referenceNumber: waived.referenceNumber, contactNo: MOBILE }))
      .json;
    expect(waivedAnswer).toMatchObject({ feeDue: null, feeState: 'waived', receipts: [] });
    expect(waivedAnswer.feeText).toBe(`Nothing due: the admission fee, K.G, session ${SESSION} is waived.`);

    const withdrawn = await createAdmission();
    await reject(withdrawn, 'studentPhoto', 'Blurred');
    await ok(office, `/v1/api/admission/${withdrawn._id}`, {
      method: 'PATCH',
      json: { status: 'withdrawn', note: 'The family moved' },
    });
    const answer = await admissionStatus(from, { referenceNumber: withdrawn.referenceNumber, contactNo: MOBILE });
    expect(answer.json).toMatchObject({
      status: 'withdrawn',
      statusLabel: 'withdrawn',
      missing: [],
      feeDue: null,
      feeState: 'none',
      feeText: 'Nothing due.',
      nextStep: fill('en', 'statusCheck.next.admission.withdrawn'),
    });
  }, 60_000);

  it('gives exactly one answer to an unknown reference number and to a known one with the wrong mobile number', async () => {
    const admission = await createAdmission();
    const from = freshAddress();
    const unknown = await admissionStatus(from, { referenceNumber: 'RMCP-2026-987654', contactNo: MOBILE });
    const wrongMobile = await admissionStatus(from, {
      referenceNumber: admission.referenceNumber,
      contactNo: '9000000001',
    });
    for (const answer of [unknown, wrongMobile]) {
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: NO_APPLICATION, code: 'statusCheck.notFound.admission' });
    }
    expect(wrongMobile.body).toBe(unknown.body);
    expect(lasting(wrongMobile.headers)).toEqual(lasting(unknown.headers));
    expect(Object.keys(lasting(unknown.headers)).length).toBeGreaterThan(5);
    expect(fill('en', 'statusCheck.notFound.admission')).toBe(NO_APPLICATION);
  });

  it('answers a missing or malformed field 400, naming each', async () => {
    const from = freshAddress();
    const empty = await admissionStatus(from, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.fields).sort()).toEqual(['contactNo', 'referenceNumber']);
    const short = await admissionStatus(from, { referenceNumber: 'RMCP-2026-000001', contactNo: '99887' });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ contactNo: fill('en', 'statusCheck.error.mobile') });
    const notText = await admissionStatus(from, { referenceNumber: ['RMCP-2026-000001'], contactNo: MOBILE });
    expect(notText.status).toBe(400);
    expect(Object.keys(notText.json.fields)).toEqual(['referenceNumber']);
    const form = await fetch(new URL('/v1/api/admission/status', baseURL()), {
      method: 'POST',
      body: new URLSearchParams({ referenceNumber: 'x' }),
    });
    expect(form.status).toBe(415);
    const get = await fetch(new URL('/v1/api/admission/status', baseURL()));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('the limits of the status checks', () => {
  it(`answers 429 after ${WRONG_PER_ADDRESS} wrong tries an hour from one address, even to the right pair; right tries and malformed bodies do not count`, async () => {
    expect(WRONG_PER_ADDRESS).toBe(30);
    const admission = await createAdmission();
    const from = freshAddress();
    for (let i = 0; i < 12; i++)
      expect((await admissionStatus(from, { referenceNumber: 'RMCP-2026-1', contactNo: MOBILE })).status).toBe(400);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await admissionStatus(from, { referenceNumber: admission.referenceNumber, contactNo: MOBILE })).status,
      );
    // Each try another reference number, so only the address's limit can refuse.
    for (let i = 0; i < WRONG_PER_ADDRESS; i++)
      answers.push(
        (await admissionStatus(from, { referenceNumber: `RMCP-2026-${String(900100 + i)}`, contactNo: MOBILE })).status,
      );
    expect(answers).toEqual([...Array(5).fill(200), ...Array(WRONG_PER_ADDRESS).fill(404)]);

    // The window is full: the right pair is refused as a wrong one is, so the 429 tells no guess apart.
    const refused = await admissionStatus(from, { referenceNumber: admission.referenceNumber, contactNo: MOBILE });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: `Too many tries from this internet connection for now. Please try again in ${refused.json.retryAfterMinutes} minutes, or call the school office.`,
      code: 'request.tooManyRequests',
      retryAfterMinutes: expect.any(Number),
      phone: '',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The TC lookup, the replacement and the acknowledgment share the address's tries.
    expect((await tcStatus(from, { admissionNumber: 'ADM-1', contactNo: MOBILE })).status).toBe(429);
    expect(
      (
        await replace(from, {
          referenceNumber: admission.referenceNumber,
          contactNo: MOBILE,
          field: 'studentPhoto',
          uploadId: randomUuid(),
        })
      ).status,
    ).toBe(429);
    const ack = await requestFrom(
      baseURL(),
      from,
      'GET',
      `/v1/api/admission/acknowledgment?${new URLSearchParams({ referenceNumber: admission.referenceNumber, contactNo: MOBILE })}`,
    );
    expect(ack.status).toBe(429);
    // Another address is not limited by this one.
    expect(
      (await admissionStatus(freshAddress(), { referenceNumber: admission.referenceNumber, contactNo: MOBILE })).status,
    ).toBe(200);
  }, 120_000);

  it(`counts every try, right ones too, toward ${PER_ADDRESS} an hour from one address`, async () => {
    expect(PER_ADDRESS).toBe(120);
    const admission = await createAdmission();
    const from = freshAddress();
    const pair = { referenceNumber: admission.referenceNumber, contactNo: MOBILE };
    const answers: number[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) answers.push((await admissionStatus(from, pair)).status);
    expect(answers).toEqual(Array(PER_ADDRESS).fill(200));
    const refused = await admissionStatus(from, pair);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'request.tooManyRequests' });
    expect((await admissionStatus(freshAddress(), pair)).status).toBe(200);
  }, 120_000);

  it('never refuses the right pair for what others tried against its reference number, from any addresses', async () => {
    const admission = await createAdmission();
    await reject(admission, 'studentPhoto', 'The face is not visible');
    const answers: number[] = [];
    // More wrong tries than the old per-number limit allowed, each from an address of its own.
    for (let i = 0; i < 8; i++)
      answers.push(
        (
          await admissionStatus(freshAddress(), {
            referenceNumber: admission.referenceNumber,
            contactNo: `90000000${10 + i}`,
          })
        ).status,
      );
    for (let i = 0; i < 4; i++)
      answers.push(
        (
          await replace(freshAddress(), {
            referenceNumber: admission.referenceNumber,
            contactNo: `90000000${20 + i}`,
            field: 'studentPhoto',
            uploadId: randomUuid(),
          })
        ).status,
      );
    expect(answers).toEqual(Array(12).fill(404));
    // The parent, from a connection of its own: the status, then the replacement.
    const mine = await admissionStatus(freshAddress(), {
      referenceNumber: admission.referenceNumber,
      contactNo: MOBILE,
    });
    expect(mine.status, mine.body).toBe(200);
    expect(mine.json.missing.map((d: { field: string }) => d.field)).toEqual(['studentPhoto']);
    const replaced = await replace(freshAddress(), {
      referenceNumber: admission.referenceNumber,
      contactNo: MOBILE,
      field: 'studentPhoto',
      uploadId: await stage(png(), 'again.png'),
    });
    expect(replaced.status, replaced.body).toBe(200);
    expect(replaced.json.missing).toEqual([]);
    // A stranger's next wrong try is still the one 404, not a refusal.
    expect(
      (await admissionStatus(freshAddress(), { referenceNumber: admission.referenceNumber, contactNo: '9000000099' }))
        .status,
    ).toBe(404);
  }, 120_000);
});

describe('POST /v1/api/admission/status/replace', () => {
  it('takes a new file for a rejected document only: pending again, audited as the parent, the old file deleted', async () => {
    const admission = await createAdmission();
    await reject(admission, 'studentPhoto', 'The face is not visible');
    await reject(admission, 'abcCard', 'Expired card');
    const from = freshAddress();
    const pair = { referenceNumber: admission.referenceNumber, contactNo: MOBILE };
    const newPhoto = png();
    const uploadId = await stage(newPhoto, 'new-photo.png');

    // The wrong pair: the one 404, and the staged upload stays unclaimed.
    const wrong = await replace(from, { ...pair, contactNo: '9000000001', field: 'studentPhoto', uploadId });
    expect(wrong.status).toBe(404);
    expect(wrong.json).toEqual({ error: NO_APPLICATION, code: 'statusCheck.notFound.admission' });

    // A document the office has not rejected.
    const pending = await replace(from, { ...pair, field: 'fatherPhoto', uploadId });
    expect(pending.status).toBe(409);
    expect(pending.json).toMatchObject({ error: REPLACE_TEXTS.notRejected, code: 'not-rejected' });

    // An upload that is no staged upload: refused, the rejected document kept.
    const unknown = await replace(from, { ...pair, field: 'abcCard', uploadId: randomUuid() });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.json.fields)).toEqual(['uploadId']);
    expect(
      (await db().query(`SELECT count(*)::int AS n FROM uploads WHERE id = $1 AND admission_id IS NULL`, [uploadId]))
        .rows[0].n,
    ).toBe(1);

    const replaced = await replace(from, { ...pair, field: 'studentPhoto', uploadId });
    expect(replaced.status, replaced.body).toBe(200);
    expect(replaced.json).toMatchObject({
      referenceNumber: admission.referenceNumber,
      status: 'received',
      missing: [{ field: 'abcCard', label: 'ABC card', reason: 'Expired card' }],
    });

    const details = await ok(office, `/v1/api/admission/${admission._id}`, {});
    expect(details.documents.studentPhoto).toEqual({
      state: 'pending',
      reason: '',
      reasonCode: null,
      checkedBy: '',
      checkedAt: null,
      resentAt: expect.stringMatching(ISO_RE),
    });
    expect(details.documents.abcCard.state).toBe('rejected');
    const file = await office.request(`/v1/api/admission/${admission._id}/files/studentPhoto`);
    expect(Buffer.from(await file.arrayBuffer()).equals(newPhoto)).toBe(true);
    expect(await blobsWithContent(admission.files.studentPhoto!.bytes)).toBe(0);
    expect(await blobsWithContent(newPhoto)).toBe(1);

    const entry = (await auditOf(principal, 'admission', admission._id)).find((e) => e.action === 'document-replaced');
    expect(entry).toMatchObject({
      adminId: null,
      adminEmail: 'parent',
      action: 'document-replaced',
      entity: 'admission',
      entityId: admission._id,
      detail: 'studentPhoto',
    });

    // Once sent, the document is the office's to judge again: not replaced twice.
    const again = await replace(from, { ...pair, field: 'studentPhoto', uploadId: await stage(png(), 'again.png') });
    expect(again.status).toBe(409);
  }, 120_000);

  it('refuses a replacement once the application is decided', async () => {
    const admission = await createAdmission();
    await reject(admission, 'motherPhoto', 'Wrong person');
    await ok(office, `/v1/api/admission/${admission._id}`, {
      method: 'PATCH',
      json: { status: 'withdrawn', note: 'Asked by the father' },
    });
    const answer = await replace(freshAddress(), {
      referenceNumber: admission.referenceNumber,
      contactNo: MOBILE,
      field: 'motherPhoto',
      uploadId: await stage(png(), 'm.png'),
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ error: REPLACE_TEXTS.closed, code: 'closed' });
    expect(await blobsWithContent(admission.files.motherPhoto!.bytes)).toBe(1);
  }, 60_000);

  it('answers a body without a document field or upload 400', async () => {
    const answer = await replace(freshAddress(), {
      referenceNumber: 'RMCP-2026-000001',
      contactNo: MOBILE,
      field: 'constructor',
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.json.fields).sort()).toEqual(['field', 'uploadId']);
  });
});

describe('POST /v1/api/tc-request/status', () => {
  it("answers the newest request of the admission number made with this mobile number, its fee and, once issued, the TC's number", async () => {
    const admissionNumber = `ADM-${token('')}`.toUpperCase();
    await createTcRequest({ admissionNumber, contact: '9123456780', studentName: 'Older Request' });
    const other = await createTcRequest({ admissionNumber, contact: '9123456781', studentName: 'Other Parent' });
    const from = freshAddress();
    // Typed in small letters, the mobile number with +91.
    const first = await tcStatus(from, { admissionNumber: admissionNumber.toLowerCase(), contactNo: '+91 9123456780' });
    expect(first.status, first.body).toBe(200);
    const older = await ok(office, `/v1/api/tc-request?admissionNumber=${admissionNumber}`, {});
    const mine = older.data.find((r: Json) => r.studentName === 'Older Request');
    expect(first.json).toEqual({
      admissionNumber,
      studentName: 'Older Request',
      status: 'requested',
      statusLabel: 'received',
      updatedAt: mine.createdAt,
      missing: [],
      feeDue: { amount: fees.transferCertificate, currency: 'INR' },
      feeState: 'due',
      feeText: `${formatRupees(fees.transferCertificate * 100)} due: TC fee. You can pay it online here, or at the school office.`,
      // Due now, and the test runtime has the built-in test gateway (no Razorpay keys).
      payOnline: 'test',
      receipts: [],
      nextStep: fill('en', 'statusCheck.next.tc-request.requested.online', {
        fee: formatRupees(fees.transferCertificate * 100),
      }),
    });

    await pay('tc-request', other._id, fees.transferCertificate);
    await ok(office, `/v1/api/tc-request/${other._id}`, {
      method: 'PATCH',
      json: { status: 'issued', tcNumber: 'TC/2026/77', tcIssueDate: TODAY },
    });
    const issued = await tcStatus(from, { admissionNumber, contactNo: '9123456781', language: 'hi' });
    expect(issued.json).toMatchObject({
      studentName: 'Other Parent',
      status: 'issued',
      statusLabel: 'टी.सी. जारी हो गई',
      feeDue: null,
      tcNumber: 'TC/2026/77',
      feeState: 'paid',
      feeText: 'कुछ बाकी नहीं: टी.सी. शुल्क जमा हो चुका है।',
      receipts: [{ number: expect.any(String), amount: fees.transferCertificate, paidOn: TODAY }],
      nextStep: fill('hi', 'statusCheck.next.tc-request.issued'),
    });
    expect(first.json).not.toHaveProperty('tcNumber');
  }, 60_000);

  it('gives exactly one answer to an unknown admission number and to a known one with the wrong mobile number', async () => {
    const request = await createTcRequest({ contact: '9123456780' });
    const from = freshAddress();
    const unknown = await tcStatus(from, { admissionNumber: `ADM-${token('')}`, contactNo: '9123456780' });
    const wrongMobile = await tcStatus(from, { admissionNumber: request.admissionNumber, contactNo: '9123456789' });
    for (const answer of [unknown, wrongMobile]) {
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: NO_TC_REQUEST, code: 'statusCheck.notFound.tc' });
    }
    expect(wrongMobile.body).toBe(unknown.body);
    expect(lasting(wrongMobile.headers)).toEqual(lasting(unknown.headers));
  });

  it('never refuses the right pair for what others tried against its admission number, from any addresses', async () => {
    const request = await createTcRequest({ contact: '9123456780' });
    for (let i = 0; i < 8; i++)
      expect(
        (await tcStatus(freshAddress(), { admissionNumber: request.admissionNumber, contactNo: `91000000${10 + i}` }))
          .status,
      ).toBe(404);
    const mine = await tcStatus(freshAddress(), { admissionNumber: request.admissionNumber, contactNo: '9123456780' });
    expect(mine.status, mine.body).toBe(200);
    expect(mine.json).toMatchObject({ admissionNumber: request.admissionNumber, status: 'requested' });
  }, 60_000);
});
