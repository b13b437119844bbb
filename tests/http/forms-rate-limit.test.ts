/**
 * Per-IP limits on the public POSTs, on a runtime of its own with the default limits (the shared
 * test runtime raises them): 10 enquiries a minute, 10 TC requests and 10 admissions an hour; the
 * uploads limit (60 an hour by default) is lowered to 5 through RATE_LIMIT_UPLOADS, which also shows
 * that the limits are configurable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';
import { awayFromWindowEnd } from '../support/rate-limit.ts';
import { validEnquiry, validTc } from '../unit/forms-cases.ts';
import { PNG } from './forms-fixtures.ts';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startIsolatedRuntime({ RATE_LIMIT_UPLOADS: '5' });
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

const postJson = (path: string, json: unknown) =>
  fetch(new URL(path, runtime.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });

async function statuses(n: number, send: () => Promise<Response>): Promise<Response[]> {
  const out: Response[] = [];
  // A few at a time: each call starts a function instance in the local emulator.
  for (let i = 0; i < n; i += 4) out.push(...(await Promise.all(Array.from({ length: Math.min(4, n - i) }, send))));
  return out;
}

describe('rate limits (429)', () => {
  it('enquiry: the 11th in a minute is refused, refusals count too', async () => {
    await awayFromWindowEnd(60, 30);
    const invalid = await statuses(3, () => postJson('/v1/api/enquiry', { ...validEnquiry(), fatherMobile: '12' }));
    expect(invalid.map((r) => r.status)).toEqual([400, 400, 400]);
    const answers = await statuses(8, () => postJson('/v1/api/enquiry', validEnquiry()));
    const codes = answers.map((r) => r.status);
    expect(codes.filter((s) => s === 201)).toHaveLength(7);
    const refused = answers.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ error: 'Too many requests. Try again later.', code: 'request.tooManyRequests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);

  it('TC request and admission: 10 an hour, refusals count too', async () => {
    await awayFromWindowEnd(3600, 90);
    const tc = await statuses(11, () => postJson('/v1/api/tc-request', { ...validTc(), contact: '1' }));
    expect(tc.map((r) => r.status).sort()).toEqual([...Array(10).fill(400), 429]);
    const admission = await statuses(11, () => fetch(new URL('/v1/api/admission', runtime.url), { method: 'POST', body: new FormData() }));
    expect(admission.map((r) => r.status).filter((s) => s === 429)).toHaveLength(1);
  }, 180_000);

  it('uploads: past the configured limit', async () => {
    const send = () => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(PNG)]), 'p.png');
      return fetch(new URL('/v1/api/uploads', runtime.url), { method: 'POST', body });
    };
    await awayFromWindowEnd(3600, 60);
    const codes = (await statuses(6, send)).map((r) => r.status);
    expect(codes.filter((s) => s === 201)).toHaveLength(5);
    expect(codes.filter((s) => s === 429)).toHaveLength(1);
  }, 120_000);
});
