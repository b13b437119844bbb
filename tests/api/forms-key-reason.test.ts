/**
 * Two smaller faults of the public and admin routes. A form's submission key sent again with
 * other details answers 409 (request.keyReused, English and Hindi words) with nothing of the first
 * record, while the same details (spaces around values, the other language's page, an application's
 * documents uploaded again after a reload) still answer as the first. A reason or note the office
 * writes (a reversal's reason, a waiver's note, a TC request's rejection, a rejected document's
 * reason) must show something: spaces, control and zero-width characters alone are refused 400
 * with the field named, and nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, staffClient } from '../support/api.ts';
import {
  aadhaar,
  admissionForm,
  createAdmission,
  createTcRequest,
  enquiryBody,
  expectJsonError,
  tcBody,
  token,
} from '../http/admin-fixtures.ts';
import { closeDb, count, db } from '../http/forms-fixtures.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { REQUEST_TEXTS } from '../../src/lib/forms/texts.ts';
import { dateInIndia } from '../../src/lib/dates.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

let office: ApiClient;
let principal: ApiClient;
beforeAll(async () => {
  [office, principal] = await Promise.all([staffClient('office'), staffClient('principal')]).then((s) =>
    s.map((x) => x.client),
  );
});
afterAll(closeDb);

const post = (path: string, json: unknown) => new ApiClient().request(path, { method: 'POST', json });

/** The 409 of a reused key: its code and words, and nothing of the record stored first. */
async function expectKeyReused(res: Response, first: string[]): Promise<void> {
  expect(res.status).toBe(409);
  const text = await res.text();
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body).toMatchObject({ code: 'request.keyReused', error: REQUEST_TEXTS.keyReused });
  expect(fill('hi', 'request.keyReused')).toMatch(/^यह फ़ॉर्म पहले अलग जानकारी के साथ भेजा जा चुका है/);
  for (const value of first) expect(text).not.toContain(value);
}

describe('a reused submission key', () => {
  it('enquiry: the same details answer as the first, other details 409 with nothing of the first', async () => {
    const submissionKey = randomUUID();
    const body: Record<string, string> = { ...enquiryBody(), submissionKey };
    const first = await post('/v1/api/enquiry', body);
    expect(first.status).toBe(201);
    const { enquiry } = await first.json();
    // Spaces around the values and the Hindi page: the same submission.
    const padded = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, k === 'submissionKey' || k === 'consent' ? v : ` ${v} `]),
    );
    const again = await post('/v1/api/enquiry', { ...padded, language: 'hi' });
    expect(again.status).toBe(201);
    expect((await again.json()).enquiry._id).toBe(enquiry._id);

    const other = `Other ${token()}`;
    await expectKeyReused(await post('/v1/api/enquiry', { ...body, studentName: other }), [
      enquiry._id,
      body.studentName!,
      'Shyam Lal',
    ]);
    expect(await count('enquiries', 'student_name = $1', [other])).toBe(0);
    expect(await count('enquiries', 'submission_key = $1', [submissionKey])).toBe(1);
  });

  it('TC request: the same details answer as the first, other details 409 with nothing of the first', async () => {
    const submissionKey = randomUUID();
    const body: Record<string, string> = { ...tcBody(), submissionKey };
    const first = await post('/v1/api/tc-request', body);
    expect(first.status).toBe(201);
    const stored = await first.json();
    const again = await post('/v1/api/tc-request', {
      ...body,
      aadharUid: body.aadharUid!.replace(/(\d{4})(?=\d)/g, '$1 '),
      admissionNumber: body.admissionNumber!.toLowerCase(),
    });
    expect(again.status).toBe(201);
    expect((await again.json())._id).toBe(stored._id);

    const number = `ADM-${token('').toUpperCase()}`;
    await expectKeyReused(await post('/v1/api/tc-request', { ...body, admissionNumber: number }), [
      stored._id,
      body.studentName!,
      body.admissionNumber!,
    ]);
    expect(await count('tc_requests', 'admission_number = $1', [number])).toBe(0);
  });

  it('application: its documents sent again (a reload uploads them anew) count as the same; other details 409 with no reference number', async () => {
    const submissionKey = randomUUID();
    const same = {
      studentFirstName: `Keyed${token('')}`,
      studentLastName: 'Verma',
      studentAadharNo: aadhaar(),
      abcId: '123456789012',
      submissionKey,
    };
    const send = async (overrides: Record<string, string>) =>
      new ApiClient().request('/v1/api/admission', { method: 'POST', body: (await admissionForm(overrides)).form });
    const first = await send(same);
    expect(first.status).toBe(201);
    const { admission } = await first.json();
    // New bytes for every document (admissionForm makes unique files), the same text.
    const again = await send(same);
    expect(again.status).toBe(201);
    expect((await again.json()).admission.referenceNumber).toBe(admission.referenceNumber);

    await expectKeyReused(await send({ ...same, address: 'Ward 9, Khurja, Bulandshahr 203131' }), [
      admission.referenceNumber,
      admission._id,
      same.studentFirstName,
    ]);
    expect(await count('admissions', 'submission_key = $1', [submissionKey])).toBe(1);
    // The refused one's documents are not kept.
    expect(
      await count('uploads u JOIN admissions a ON a.id = u.admission_id', 'a.submission_key = $1', [submissionKey]),
    ).toBe(9);
  }, 60_000);
});

/** Texts that show nothing: spaces, control characters, zero-width and other invisible characters. */
const INVISIBLE = [
  ' \t\n ',
  '\u0007\u0001',
  '\u200b\u200c\u200d',
  '\u2060\ufeff',
  '\u00a0\u3000',
  '\u200e\u200f\u202e',
  '\u3164\u2800',
];

describe('an office reason that shows nothing', () => {
  it('a reversal reason and a waiver note: 400 naming the field, nothing changed; a real one with a zero-width character in it passes', async () => {
    const tc = await createTcRequest();
    const path = `/v1/api/tc-request/${tc._id}`;
    const paid = await office.request(`${path}/payments`, {
      method: 'POST',
      json: { amount: 100, mode: 'cash', reference: '', paidOn: dateInIndia() },
    });
    expect(paid.status).toBe(201);
    const { payment } = await paid.json();
    for (const reason of INVISIBLE) {
      const reversal = await expectJsonError(
        await principal.request(`${path}/payments/${payment._id}/reverse`, { method: 'POST', json: { reason } }),
        400,
      );
      expect(Object.keys(reversal.fields)).toEqual(['reason']);
      const waiver = await expectJsonError(
        await principal.request(`${path}/waive`, { method: 'POST', json: { note: reason } }),
        400,
      );
      expect(Object.keys(waiver.fields)).toEqual(['note']);
    }
    expect(await count('payments', 'record_id = $1', [tc._id])).toBe(1);
    expect(
      (await db().query(`SELECT fee_waiver_note FROM tc_requests WHERE id = $1`, [tc._id])).rows[0].fee_waiver_note,
    ).toBeNull();
    const reversed = await principal.request(`${path}/payments/${payment._id}/reverse`, {
      method: 'POST',
      json: { reason: 'Typed\u200b wrong' },
    });
    expect(reversed.status).toBe(201);
  });

  it("a TC request's rejection and a rejected document's reason: 400 naming the field, the status and the document unchanged", async () => {
    const tc = await createTcRequest();
    for (const reason of INVISIBLE) {
      const refused = await expectJsonError(
        await office.request(`/v1/api/tc-request/${tc._id}`, { method: 'PATCH', json: { status: 'rejected', reason } }),
        400,
      );
      expect(Object.keys(refused.fields)).toEqual(['reason']);
    }
    expect((await (await office.request(`/v1/api/tc-request/${tc._id}`)).json()).status).toBe('requested');

    const admission = await createAdmission();
    for (const reason of INVISIBLE) {
      const refused = await expectJsonError(
        await office.request(`/v1/api/admission/${admission._id}/documents/studentBirthCertificate`, {
          method: 'PATCH',
          json: { state: 'rejected', reason },
        }),
        400,
      );
      expect(Object.keys(refused.fields)).toEqual(['reason']);
    }
    const { rows } = await db().query(
      `SELECT state FROM uploads WHERE admission_id = $1 AND field = 'studentBirthCertificate'`,
      [admission._id],
    );
    expect(rows).toEqual([{ state: 'pending' }]);
  }, 60_000);
});
