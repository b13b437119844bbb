/**
 * The status check's limit per mobile number, on the API in this process with a database of its own and the real figure (the
 * shared runtime raises it: every file's wrong tries use the fixtures' mobile number), and the TC
 * request count's limit per address. Every call goes from a fresh loopback address, so only the
 * mobile number's limit can refuse: a known mobile number walking the sequential reference numbers
 * from many addresses is stopped, whichever lookup it uses (status pages, receipt and
 * acknowledgment PDFs share the count), while the right pair never uses the count up.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom, type Json } from '../support/api.ts';
import { startInProcessSite, type InProcessSite } from '../support/in-process-site.ts';
import { createAdmission, createTcRequest, token } from '../http/admin-fixtures.ts';
import { limits } from '../../src/config/limits.ts';

const PER_MOBILE = limits.statusWrongTriesPerMobile.max;
const COUNTS_PER_ADDRESS = limits.tcCountsPerAddress.max;

let runtime: InProcessSite;
beforeAll(async () => {
  runtime = await startInProcessSite({
    // The real figures of the limits tested here.
    RATE_LIMIT_STATUS_CHECK_MOBILE: String(PER_MOBILE),
    RATE_LIMIT_TC_COUNT: String(COUNTS_PER_ADDRESS),
  });
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

let lastAddress = 0;
const freshAddress = () => `127.0.${88 + Math.floor(lastAddress / 250)}.${(lastAddress++ % 250) + 1}`;
/** A 10-digit mobile number no other test uses. */
const freshMobile = () => `8${String(randomInt(1e9)).padStart(9, '0')}`;
/** A reference number nobody has (the runtime's are numbered from 1). */
const unknownReference = () => `RMCP-2026-${900000 + randomInt(99_999)}`;

type Answer = { status: number; body: string; headers: Record<string, unknown> };
const statusCheck = (body: unknown) =>
  requestFrom(runtime.url, freshAddress(), 'POST', '/v1/api/admission/status', body);
const tcStatus = (body: unknown) => requestFrom(runtime.url, freshAddress(), 'POST', '/v1/api/tc-request/status', body);
const get = (path: string, params: Record<string, string>) =>
  requestFrom(runtime.url, freshAddress(), 'GET', `${path}?${new URLSearchParams(params)}`);
const acknowledgment = (referenceNumber: string, contactNo: string) =>
  get('/v1/api/admission/acknowledgment', { referenceNumber, contactNo });
const receipt = (referenceNumber: string, contactNo: string, number: string) =>
  get('/v1/api/admission/receipt', { referenceNumber, contactNo, number });

/** The 429 of a limit, its code, the minutes to wait (at most `maxMinutes`) and no school phone (none saved: the words say to call the office). */
function expectRefusal(answer: Answer, code: string, maxMinutes: number) {
  expect(answer.status, answer.body).toBe(429);
  const body = JSON.parse(answer.body) as Json;
  expect(body).toMatchObject({ code, phone: '' });
  expect(body.retryAfterMinutes).toBeGreaterThanOrEqual(1);
  expect(body.retryAfterMinutes).toBeLessThanOrEqual(maxMinutes);
  expect(body.error).toContain(`${body.retryAfterMinutes} minutes`);
  expect(Math.ceil(Number(answer.headers['retry-after']) / 60)).toBe(body.retryAfterMinutes);
  return body;
}

describe('wrong tries per mobile number', () => {
  it(`refuses a known mobile number walking reference numbers after ${PER_MOBILE} wrong tries a day, from fresh addresses, whichever lookup it uses`, async () => {
    expect(limits.statusWrongTriesPerMobile).toEqual({ max: 10, seconds: 24 * 3600 });
    const known = freshMobile();
    const family = await createAdmission({ contactNo: known }, runtime.url);
    const answers: number[] = [];
    // The walk: the status page, the acknowledgment, the TC status and the receipt share the count.
    for (let i = 0; i < PER_MOBILE; i++) {
      const kind = i % 4;
      const answer =
        kind === 0
          ? await statusCheck({ referenceNumber: unknownReference(), contactNo: known })
          : kind === 1
            ? await acknowledgment(unknownReference(), known)
            : kind === 2
              ? await tcStatus({ admissionNumber: `ADM-${token('')}`, contactNo: known })
              : await receipt(unknownReference(), known, `RMCP-R-2026-${String(randomInt(1e6)).padStart(6, '0')}`);
      answers.push(answer.status);
    }
    expect(answers).toEqual(Array(PER_MOBILE).fill(404));

    // The next try is refused before anything is looked up: the right pair too, so the walk learns nothing.
    const right = await statusCheck({ referenceNumber: family.referenceNumber, contactNo: known });
    const body = expectRefusal(right, 'request.statusMobileLimit', 24 * 60);
    expect(body.error).toBe(
      `Too many wrong tries with this mobile number today. Please check the number and try again in ${body.retryAfterMinutes} minutes, or call the school office.`,
    );
    expectRefusal(await acknowledgment(family.referenceNumber, known), 'request.statusMobileLimit', 24 * 60);
    expectRefusal(
      await statusCheck({ referenceNumber: unknownReference(), contactNo: known }),
      'request.statusMobileLimit',
      24 * 60,
    );
    // A malformed body is still a 400, before any count.
    expect((await statusCheck({ referenceNumber: 'RMCP-1', contactNo: known })).status).toBe(400);

    // Another family's mobile number is not held back.
    const other = freshMobile();
    const theirs = await createAdmission({ contactNo: other }, runtime.url);
    expect((await statusCheck({ referenceNumber: theirs.referenceNumber, contactNo: other })).status).toBe(200);
  }, 120_000);

  it('never counts a right try: a family checking over and over keeps every wrong try of its own', async () => {
    const mobile = freshMobile();
    const family = await createAdmission({ contactNo: mobile }, runtime.url);
    const answers: number[] = [];
    for (let i = 0; i < PER_MOBILE + 5; i++)
      answers.push((await statusCheck({ referenceNumber: family.referenceNumber, contactNo: mobile })).status);
    for (let i = 0; i < 3; i++) answers.push((await acknowledgment(family.referenceNumber, mobile)).status);
    expect(answers).toEqual(Array(PER_MOBILE + 8).fill(200));
    // Its typos still have the whole day's room.
    const typos: number[] = [];
    for (let i = 0; i < PER_MOBILE; i++)
      typos.push((await statusCheck({ referenceNumber: unknownReference(), contactNo: mobile })).status);
    expect(typos).toEqual(Array(PER_MOBILE).fill(404));
    expect((await statusCheck({ referenceNumber: family.referenceNumber, contactNo: mobile })).status).toBe(429);
  }, 120_000);

  it('counts concurrent wrong tries exactly: none slips past the full window', async () => {
    const mobile = freshMobile();
    const tries = PER_MOBILE * 2 + 5;
    const answers = await Promise.all(
      Array.from({ length: tries }, () => statusCheck({ referenceNumber: unknownReference(), contactNo: mobile })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(PER_MOBILE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - PER_MOBILE);
  }, 120_000);
});

describe('GET /v1/api/tc-request/admission-number/{n}', () => {
  it(`answers ${COUNTS_PER_ADDRESS} counts an hour from one address, then 429 as the other public limits do`, async () => {
    expect(COUNTS_PER_ADDRESS).toBe(60);
    const number = `ADM-${token('')}`.toUpperCase();
    await createTcRequest({ admissionNumber: number }, runtime.url);
    const from = freshAddress();
    const path = `/v1/api/tc-request/admission-number/${number}`;
    const answers: string[] = [];
    for (let i = 0; i < COUNTS_PER_ADDRESS; i++) {
      const answer = await requestFrom(runtime.url, from, 'GET', path);
      answers.push(`${answer.status} ${answer.body}`);
    }
    // The contract's answer: a bare number.
    expect(answers).toEqual(Array(COUNTS_PER_ADDRESS).fill('200 1'));
    const body = expectRefusal(await requestFrom(runtime.url, from, 'GET', path), 'request.tooManyRequests', 60);
    expect(body.error).toContain('Too many tries from this internet connection');
    // Another address still reads it.
    expect((await requestFrom(runtime.url, freshAddress(), 'GET', path)).body).toBe('1');
  }, 120_000);
});
