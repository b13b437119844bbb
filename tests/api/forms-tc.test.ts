import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api.ts';
import { TC_CASES, fieldError, validTc } from '../unit/forms-cases.ts';
import { closeDb, count, db } from '../http/forms-fixtures.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const post = (json: unknown) => new ApiClient().request('/v1/api/tc-request', { method: 'POST', json });
const countFor = async (n: string) => {
  const res = await new ApiClient().request(`/v1/api/tc-request/admission-number/${encodeURIComponent(n)}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^\d+$/);
  return JSON.parse(text) as number;
};
const fresh = () => `T-${randomUUID().slice(0, 8).toUpperCase()}`;
afterAll(closeDb);

describe('POST /v1/api/tc-request: the same table as the schema unit test', () => {
  it.each(TC_CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const number = fresh();
    const input = c.input.admissionNumber ? { ...c.input, admissionNumber: number } : c.input;
    const res = await post(input);
    const body = await res.json();
    if (!c.error) {
      expect(res.status).toBe(201);
      expect(body.admissionNumber).toBe(number);
      return;
    }
    expect(res.status).toBe(400);
    expect(body.error).toBe(c.error);
    for (const f of c.fields ?? []) expect(body.fields).toHaveProperty(f, fieldError(c, f));
    expect(await countFor(number)).toBe(0);
  });
});

describe('TC requests: two per admission number, and the ones past them kept for the office', () => {
  it('counts 0 for an unknown number (never 404)', async () => {
    expect(await countFor(fresh())).toBe(0);
  });

  it('stores pending with no transaction (answered as "NA", as the form sends it) whatever the client sends, masks Aadhaar; the third is stored too, marked overLimit', async () => {
    const number = fresh();
    const first = await post({
      ...validTc(),
      admissionNumber: number,
      paymentStatus: 'paid',
      transactionId: 'TXN-FAKE-1',
    });
    expect(first.status).toBe(201);
    const record = await first.json();
    expect(record).toMatchObject({
      studentName: 'Priya Verma',
      admissionNumber: number,
      parentName: 'Mahesh Verma',
      contact: '9123456780',
      email: 'mahesh@example.com',
      paymentStatus: 'pending',
      transactionId: 'NA',
      overLimit: false,
    });
    expect(record._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.createdAt).toMatch(/^\d{4}-/);
    expect(record.aadharUid).toBe(`XXXX XXXX ${validTc().aadharUid!.slice(-4)}`);
    const { rows } = await db().query('SELECT aadhaar_enc, aadhaar_last4 FROM tc_requests WHERE id = $1', [record._id]);
    expect(rows[0].aadhaar_enc).not.toContain(validTc().aadharUid!);
    expect(await countFor(number)).toBe(1);

    // The same number typed differently is the same number.
    const second = await post({ ...validTc(), admissionNumber: ` ${number.toLowerCase()} ` });
    expect(second.status).toBe(201);
    expect((await second.json()).overLimit).toBe(false);
    expect(await countFor(number.toLowerCase())).toBe(2);

    // Never refused: it may be the family's own after a stranger's two.
    const third = await post({ ...validTc(), admissionNumber: number });
    expect(third.status).toBe(201);
    expect(await third.json()).toMatchObject({ admissionNumber: number, status: 'requested', overLimit: true });
    expect(await countFor(number)).toBe(3);
  });

  it('20 concurrent requests for one number are all stored, exactly 2 unmarked', async () => {
    const number = fresh();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post({ ...validTc(), admissionNumber: number })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const marks = await Promise.all(answers.map(async (r) => (await r.json()).overLimit as boolean));
    expect(marks.filter((m) => !m)).toHaveLength(2);
    expect(await count('tc_requests', 'admission_number = $1 AND NOT over_limit', [number])).toBe(2);
    expect(await countFor(number)).toBe(20);
  }, 180_000);

  it('the same submission key sent again gets the first answer and does not use up the limit', async () => {
    const number = fresh();
    const submissionKey = randomUUID();
    const a = await post({ ...validTc(), admissionNumber: number, submissionKey });
    const b = await post({ ...validTc(), admissionNumber: number, submissionKey });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await b.json())._id).toBe((await a.json())._id);
    expect(await countFor(number)).toBe(1);
  });

  it('bad JSON -> 400, over 32 KB -> 413, honeypot -> 400, nothing stored', async () => {
    const number = fresh();
    const bad = await new ApiClient().request('/v1/api/tc-request', {
      method: 'POST',
      body: 'nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const big = await post({ ...validTc(), admissionNumber: number, reason: 'x'.repeat(40 * 1024) });
    expect(big.status).toBe(413);
    const pot = await post({ ...validTc(), admissionNumber: number, website: 'x' });
    expect(pot.status).toBe(400);
    expect(await countFor(number)).toBe(0);
  });
});
