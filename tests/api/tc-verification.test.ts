/**
 * Issued TCs published for verification, over HTTP: the office attaches the signed scan (a staff
 * file, PDF, JPEG or PNG by its bytes) to an issued request only, a new scan releasing the old;
 * anyone verifies by the TC's number and date of issue and gets the name, the date and a short-lived
 * link to the scan; anything else is one 404, the same body whatever was wrong; the lookups' limits
 * per address (429); erasure and deletion take the scan with the request.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiClient, adminClient, baseURL, requestFrom, staffClient, type Json } from '../support/api.ts';
import {
  auditOf,
  blobsWithContent,
  createTcRequest,
  expectJsonError,
  jpeg,
  pdf,
  png,
  stagedFile,
  token,
  uploadStaffFile,
} from '../http/admin-fixtures.ts';
import { closeDb, count, db } from '../http/forms-fixtures.ts';
import { fees } from '../../src/config/fees.ts';
import { limits } from '../../src/config/limits.ts';
import { addDays, dateInIndia } from '../../src/lib/dates.ts';
import { fill } from '../../src/lib/i18n/index.ts';
import { CERTIFICATE_TEXTS } from '../../src/features/tc-request/certificate.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const TODAY = dateInIndia();
const NO_MATCH = fill('en', 'tcVerify.notFound');

let office: ApiClient;
let principal: ApiClient;
beforeAll(async () => {
  office = (await staffClient('office')).client;
  principal = await adminClient();
}, 300_000);
afterAll(closeDb);

/** A loopback address no other call of this file uses. */
let lastAddress = 0;
const freshAddress = () => `127.0.91.${++lastAddress}`;

type Answer = { status: number; body: string; headers: IncomingHttpHeaders; json: Json };
async function verify(body: unknown, from = freshAddress()): Promise<Answer> {
  const res = await requestFrom(baseURL(), from, 'POST', '/v1/api/tc-verification', body);
  let json: Json = {};
  try {
    json = JSON.parse(res.body);
  } catch {
    /* compared as text */
  }
  return { ...res, json };
}

async function ok(client: ApiClient, method: 'POST' | 'PATCH', path: string, json: unknown): Promise<Json> {
  const res = await client.request(path, { method, json });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A TC request taken to Issued (its fee paid), with a TC number of its own. */
async function issuedTc(issuedOn = TODAY): Promise<{ id: string; tcNumber: string; studentName: string }> {
  const request = await createTcRequest();
  await ok(office, 'POST', `/v1/api/tc-request/${request._id}/payments`, {
    amount: fees.transferCertificate,
    mode: 'cash',
    reference: '',
    paidOn: TODAY,
  });
  const tcNumber = `TC/${token('')}/41`;
  await ok(office, 'PATCH', `/v1/api/tc-request/${request._id}`, { status: 'issued', tcNumber, tcIssueDate: issuedOn });
  return { id: request._id, tcNumber, studentName: request.studentName };
}

const attach = (client: ApiClient, id: string, uploadId: string) =>
  client.request(`/v1/api/tc-request/${id}/certificate`, { method: 'POST', json: { uploadId } });

describe('the office attaches the signed scan', () => {
  it('only to an issued TC: 409 before, and the upload stays unclaimed', async () => {
    const request = await createTcRequest();
    const uploadId = await stagedFile(office);
    await expectJsonError(await attach(office, request._id, uploadId), 409, CERTIFICATE_TEXTS.notIssued);
    expect(await count('tc_certificates', 'tc_request_id = $1', [request._id])).toBe(0);
    expect(await count('staff_files', 'id = $1 AND claimed_at IS NULL', [uploadId])).toBe(1);
    await expectJsonError(await attach(office, crypto.randomUUID(), uploadId), 404);
    await expectJsonError(
      await new ApiClient().request(`/v1/api/tc-request/${request._id}/certificate`, {
        method: 'POST',
        json: { uploadId },
      }),
      401,
    );
  });

  it('refuses a scan that is not a PDF, JPEG or PNG by its bytes, an unknown upload and none, storing nothing', async () => {
    const tc = await issuedTc();
    // A WebP (RIFF....WEBP) is a staff file, but not a scan this place takes.
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(28, 1),
    ]);
    const uploaded = await uploadStaffFile(office, webp, 'scan.png', 'image/png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.type).toBe('webp');
    const wrong = await expectJsonError(await attach(office, tc.id, uploaded.body.uploadId), 400);
    expect(wrong.fields.uploadId).toMatch(/PDF, JPEG, PNG/);
    // An HTML page named .pdf never becomes a staff file.
    expect(
      (
        await uploadStaffFile(
          office,
          Buffer.from('<html><script>alert(1)</script></html>'),
          'scan.pdf',
          'application/pdf',
        )
      ).status,
    ).toBe(415);
    await expectJsonError(await attach(office, tc.id, crypto.randomUUID()), 400);
    const none = await expectJsonError(
      await office.request(`/v1/api/tc-request/${tc.id}/certificate`, { method: 'POST', json: {} }),
      400,
      CERTIFICATE_TEXTS.required,
    );
    expect(none.fields).toEqual({ uploadId: CERTIFICATE_TEXTS.required });
    expect(await count('tc_certificates', 'tc_request_id = $1', [tc.id])).toBe(0);
    expect(await count('staff_files', 'id = $1 AND claimed_at IS NULL', [uploaded.body.uploadId])).toBe(1);
    expect((await verify({ tcNumber: tc.tcNumber, issuedOn: TODAY })).status).toBe(404);
  });

  it('attaches a PDF (the details show it, staff open it, the audit says so) and a new scan replaces it, releasing the old file', async () => {
    const tc = await issuedTc();
    const first = pdf();
    const firstId = await stagedFile(office, first, 'tc-signed.pdf');
    const res = await attach(office, tc.id, firstId);
    expect(res.status).toBe(200);
    const record = await res.json();
    expect(record.certificate).toMatchObject({
      name: 'tc-signed.pdf',
      type: 'pdf',
      size: first.length,
      url: `/v1/api/tc-request/${tc.id}/certificate`,
    });
    const opened = await office.request(record.certificate.url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await opened.arrayBuffer()).equals(first)).toBe(true);
    expect((await new ApiClient().request(record.certificate.url)).status).toBe(401);
    // Never public at the staff files' public address.
    expect((await new ApiClient().request(`/v1/files/${firstId}`)).status).toBe(404);

    const second = png();
    const secondId = await stagedFile(office, second, 'tc-signed.png', 'image/png');
    const replaced = await (await attach(office, tc.id, secondId)).json();
    expect(replaced.certificate).toMatchObject({ name: 'tc-signed.png', type: 'png' });
    expect(await count('staff_files', 'id = $1', [firstId])).toBe(0);
    await expect.poll(() => blobsWithContent(first)).toBe(0);
    const [entry] = await auditOf(principal, 'tc-request', tc.id);
    expect(entry).toMatchObject({ action: 'certificate' });
    expect(JSON.parse(entry!.detail)).toEqual({
      before: { scan: 'tc-signed.pdf (PDF)' },
      after: { scan: 'tc-signed.png (PNG)' },
    });
  });
});

describe('anyone verifies a TC by its number and date of issue', () => {
  let tc: { id: string; tcNumber: string; studentName: string };
  const scan = jpeg();
  beforeAll(async () => {
    tc = await issuedTc();
    expect((await attach(office, tc.id, await stagedFile(office, scan, 'scan.jpg', 'image/jpeg'))).status).toBe(200);
  });

  it('answers the name, the date and a short-lived link to the scan, however the number is typed', async () => {
    const found = await verify({ tcNumber: `  ${tc.tcNumber.toLowerCase()}  `, issuedOn: TODAY, language: 'hi' });
    expect(found.status).toBe(200);
    expect(found.json).toEqual({
      studentName: tc.studentName,
      tcNumber: tc.tcNumber,
      issuedOn: TODAY,
      scanUrl: expect.stringMatching(/^\/v1\/api\/tc-verification\/scan\?token=/),
      scanMinutes: 15,
      signed: true,
    });
    const image = await new ApiClient().request(found.json.scanUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    expect(image.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(Buffer.from(await image.arrayBuffer()).equals(scan)).toBe(true);
  });

  it('answers one 404, the same body, whether the number is unknown, the date wrong or no scan is attached', async () => {
    const withoutScan = await issuedTc();
    const answers = [
      await verify({ tcNumber: `TC/${token('')}/1`, issuedOn: TODAY }),
      await verify({ tcNumber: tc.tcNumber, issuedOn: addDays(TODAY, -1) }),
      await verify({ tcNumber: withoutScan.tcNumber, issuedOn: TODAY }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json).toEqual({ error: NO_MATCH, code: 'tcVerify.notFound' });
  });

  it('refuses a tampered or foreign link, and a link once its scan is replaced', async () => {
    const found = await verify({ tcNumber: tc.tcNumber, issuedOn: TODAY });
    const token_ = new URL(found.json.scanUrl, baseURL()).searchParams.get('token')!;
    const [head, payload, signature] = token_.split('.');
    const visitor = new ApiClient();
    for (const bad of [
      '',
      'x',
      `${head}.${payload}.${signature!.slice(0, -2)}AA`,
      `${head}.${Buffer.from(JSON.stringify({ fid: 'x', sub: tc.id, aud: 'tc-scan', exp: 4e9 })).toString('base64url')}.${signature}`,
    ]) {
      await expectJsonError(
        await visitor.request(`/v1/api/tc-verification/scan?token=${encodeURIComponent(bad)}`),
        404,
      );
    }
    // A session's token is not a scan link, and the other way round.
    await expectJsonError(
      await visitor.request(`/v1/api/tc-verification/scan?token=${encodeURIComponent(office.cookies.get('session')!)}`),
      404,
    );
    const replaced = await issuedTc();
    expect((await attach(office, replaced.id, await stagedFile(office))).status).toBe(200);
    const old = (await verify({ tcNumber: replaced.tcNumber, issuedOn: TODAY })).json.scanUrl as string;
    expect((await visitor.request(old)).status).toBe(200);
    expect((await attach(office, replaced.id, await stagedFile(office))).status).toBe(200);
    await expectJsonError(await visitor.request(old), 404);
  });

  it('refuses a body that is not a number and a date with 400, before anything is counted', async () => {
    const from = freshAddress();
    for (let i = 0; i < limits.statusWrongTriesPerAddress.max + 2; i++) {
      const refused = await verify({ tcNumber: ' ', issuedOn: '31/12/2026' }, from);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.json.fields).sort()).toEqual(['issuedOn', 'tcNumber']);
    }
    const hindi = await verify({ tcNumber: '', issuedOn: TODAY, language: 'hi' }, from);
    expect(hindi.json.fields.tcNumber).toBe(fill('hi', 'tcVerify.error.number'));
    // Still every wrong try of the address left.
    expect((await verify({ tcNumber: 'TC/none', issuedOn: TODAY }, from)).status).toBe(404);
  });

  it('is limited per address like the status checks: 429 with the same words, the right pair refused too', async () => {
    const from = freshAddress();
    for (let i = 0; i < limits.statusWrongTriesPerAddress.max; i++)
      expect((await verify({ tcNumber: `TC/none/${i}`, issuedOn: TODAY }, from)).status).toBe(404);
    const refused = await verify({ tcNumber: tc.tcNumber, issuedOn: TODAY }, from);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('request.tooManyRequests');
    expect(refused.json.retryAfterMinutes).toEqual(expect.any(Number));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await verify({ tcNumber: tc.tcNumber, issuedOn: TODAY })).status).toBe(200);
  });
});

describe('the scan goes with its request', () => {
  it('erasure: the request verifies no more and the file is released', async () => {
    const tc = await issuedTc();
    const bytes = pdf();
    const fileId = await stagedFile(office, bytes);
    expect((await attach(office, tc.id, fileId)).status).toBe(200);
    expect((await verify({ tcNumber: tc.tcNumber, issuedOn: TODAY })).status).toBe(200);
    // The parent's copy of everything held carries the scan too.
    const zip = await principal.request(`/v1/api/tc-request/${tc.id}/export.zip`);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Buffer.from(files['documents/signedTc.pdf']!).equals(bytes)).toBe(true);
    expect(JSON.parse(strFromU8(files['record.json']!)).documents).toEqual(['documents/signedTc.pdf']);
    const erased = await principal.request(`/v1/api/tc-request/${tc.id}/erase`, {
      method: 'POST',
      json: { confirm: tc.id },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect((await verify({ tcNumber: tc.tcNumber, issuedOn: TODAY })).status).toBe(404);
    expect(await count('tc_certificates', 'tc_request_id = $1', [tc.id])).toBe(0);
    expect(await count('staff_files', 'id = $1', [fileId])).toBe(0);
    await expect.poll(() => blobsWithContent(bytes)).toBe(0);
  });

  it('deletion of a request without payments (its fee waived) releases the file', async () => {
    const request = await createTcRequest();
    expect(
      (
        await principal.request(`/v1/api/tc-request/${request._id}/waive`, {
          method: 'POST',
          json: { note: 'Staff ward' },
        })
      ).status,
    ).toBe(200);
    const tcNumber = `TC/${token('')}/7`;
    await ok(office, 'PATCH', `/v1/api/tc-request/${request._id}`, { status: 'issued', tcNumber, tcIssueDate: TODAY });
    const bytes = pdf();
    const fileId = await stagedFile(office, bytes);
    expect((await attach(office, request._id, fileId)).status).toBe(200);
    const paid = await db().query(`SELECT 1 FROM payments WHERE entity = 'tc-request' AND record_id = $1`, [
      request._id,
    ]);
    if (paid.rows.length)
      return expect.fail('a waiver stored a payment: this test needs a request that can be deleted');
    expect((await principal.request(`/v1/api/tc-request/${request._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await count('staff_files', 'id = $1', [fileId])).toBe(0);
    await expect.poll(() => blobsWithContent(bytes)).toBe(0);
    expect((await verify({ tcNumber, issuedOn: TODAY })).status).toBe(404);
  });
});
