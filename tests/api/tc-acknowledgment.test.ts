/**
 * The TC request's new fields, its reference number and its acknowledgment: POST answers a
 * reference of the school's prefix and T, distinct under concurrency, with the class, section and
 * date of leaving stored as sent; GET /v1/api/tc-request/acknowledgment is the PDF (read back with
 * pdftotext, English and Hindi), proven by the reference and the mobile number like the status
 * check (one 404 for any wrong pair, 400 for what cannot be one, 429 past the lookups' limits); GET
 * /v1/api/tc-request/payment says how the fee is paid.
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, baseURL, requestFrom, type Json } from '../support/api.ts';
import { tcBody } from '../http/admin-fixtures.ts';
import { closeDb, count } from '../http/forms-fixtures.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { TC_REFERENCE_NUMBER } from '../../src/features/tc-request/reference.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tc-ack-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeDb();
});

let lastAddress = 0;
const freshAddress = () => `127.0.93.${++lastAddress}`;

const post = (json: unknown) => new ApiClient().request('/v1/api/tc-request', { method: 'POST', json });

async function ack(query: Record<string, string>, from = freshAddress()) {
  const res = await requestFrom(
    baseURL(),
    from,
    'GET',
    `/v1/api/tc-request/acknowledgment?${new URLSearchParams(query)}`,
  );
  return res;
}

/** A PDF fetched as bytes (the lookups' limits allow these few from the test's own address). */
async function pdfOf(query: Record<string, string>): Promise<{ res: Response; bytes: Buffer }> {
  const res = await new ApiClient().request(`/v1/api/tc-request/acknowledgment?${new URLSearchParams(query)}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function pdftotext(bytes: Buffer, name: string): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, bytes);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ').trim();
}

describe('POST /v1/api/tc-request: the new fields and the reference number', () => {
  let sent: Record<string, string>;
  let answer: Json;
  beforeAll(async () => {
    sent = tcBody({ studentClass: 'K.G', section: '', leavingDate: '2026-04-30', dateOfBirth: '2020-01-09' });
    const res = await post(sent);
    expect(res.status).toBe(201);
    answer = await res.json();
  });

  it('answers a reference of the school prefix, T and the year, and stores the class, section and dates', async () => {
    expect(answer.referenceNumber).toMatch(TC_REFERENCE_NUMBER);
    expect(answer.referenceNumber).toMatch(new RegExp(`-T-${new Date().getFullYear()}-\\d{6}$`));
    expect(answer).toMatchObject({
      studentClass: 'K.G',
      section: '',
      leavingDate: '2026-04-30',
      dateOfBirth: '2020-01-09',
    });
  });

  it('gives concurrent requests distinct references', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(tcBody()).then((r) => r.json() as Promise<Json>)),
    );
    const references = answers.map((a) => a.referenceNumber as string);
    expect(new Set(references).size).toBe(12);
    for (const reference of references) expect(reference).toMatch(TC_REFERENCE_NUMBER);
  });

  it('the acknowledgment PDF in English carries the request', async () => {
    const { res, bytes } = await pdfOf({ referenceNumber: answer.referenceNumber, contact: sent.contact! });
    expect(res.status, bytes.toString()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="tc-acknowledgment-${answer.referenceNumber}.pdf"`,
    );
    const text = await pdftotext(bytes, 'en');
    for (const part of [
      'Acknowledgment of TC request',
      answer.referenceNumber,
      sent.studentName,
      sent.admissionNumber,
      'K.G',
      '30/04/2026',
      'Ramesh Kumar',
      sent.contact,
      'What happens next',
    ])
      expect(text).toContain(part);
  });

  it('in Hindi, typed with spaces and lower case', async () => {
    const { res, bytes } = await pdfOf({
      referenceNumber: ` ${String(answer.referenceNumber).toLowerCase()} `,
      contact: sent.contact!,
      lang: 'hi',
    });
    expect(res.status).toBe(200);
    const text = await pdftotext(bytes, 'hi');
    expect(text).toContain('टी.सी. आवेदन की पावती');
    expect(text).toContain('विद्यालय छोड़ने की तिथि');
    expect(text).toContain(answer.referenceNumber);
  });

  it('one 404 for a wrong mobile or an unknown reference; 400 for what cannot be one', async () => {
    const wrongMobile = await ack({ referenceNumber: answer.referenceNumber, contact: '9000000001' });
    const unknown = await ack({ referenceNumber: 'RMCP-T-2026-999999', contact: sent.contact! });
    expect(wrongMobile.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(wrongMobile.body.toString())).toEqual(JSON.parse(unknown.body.toString()));
    expect(JSON.parse(unknown.body.toString()).error).toBe(fill('en', 'tcAck.notFound'));
    const bad = await ack({ referenceNumber: 'RMCP-2026-000001', contact: '12' });
    expect(bad.status).toBe(400);
    expect(Object.keys(JSON.parse(bad.body.toString()).fields).sort()).toEqual(['contact', 'referenceNumber']);
  });

  it('wrong tries from one address end in 429', async () => {
    const from = freshAddress();
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++)
      last = (
        await ack(
          { referenceNumber: `RMCP-T-2026-${String(randomInt(1e6)).padStart(6, '0')}`, contact: '9000000002' },
          from,
        )
      ).status;
    expect(last).toBe(429);
  });
});

describe('GET /v1/api/tc-request/payment', () => {
  it('says whether the fee is paid online, as the configuration has it', async () => {
    const res = await new ApiClient().request('/v1/api/tc-request/payment');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(typeof body.payOnline).toBe('boolean');
    expect(await count('tc_requests', 'reference_number IS NULL')).toBe(0);
  });
});
