/**
 * Functions get the client's address from the connection, as on Netlify, whatever the client puts
 * in X-Forwarded-For or X-Nf-Client-Connection-Ip. Seen through the TC request limit (per address,
 * refusals counted), on the runtime with the limits as deployed, from loopback
 * addresses other than 127.0.0.1: Linux routes all of 127.0.0.0/8 to the loopback interface.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRuntime } from '../support/runtime.ts';
import { deployedRuntime } from '../support/deployed-runtime.ts';
import { limits } from '../../src/config/limits.ts';
import { requestFrom } from '../support/api.ts';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await deployedRuntime();
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

/** An invalid TC request (400, counted toward the limit) sent from `from`; resolves to the status. */
const tcRequest = async (from: string, headers: Record<string, string> = {}) =>
  (await requestFrom(runtime.url, from, 'POST', '/v1/api/tc-request', { contact: '1' }, headers)).status;

describe('the client address functions see', () => {
  it("is the connection's: one address's limit leaves the others alone, and forged headers change nothing", async () => {
    const first: number[] = [];
    for (let i = 0; i < limits.tcRequestsPerAddress.max; i++) first.push(await tcRequest('127.0.0.2'));
    expect(first).toEqual(Array(limits.tcRequestsPerAddress.max).fill(400));

    expect(await tcRequest('127.0.0.3')).toBe(400);
    expect(await tcRequest('127.0.0.2')).toBe(429);

    // The limited address cannot pass as another...
    expect(await tcRequest('127.0.0.2', { 'X-Forwarded-For': '127.0.0.9' })).toBe(429);
    expect(await tcRequest('127.0.0.2', { 'X-Nf-Client-Connection-Ip': '127.0.0.9' })).toBe(429);
    // ...nor can a fresh address be blamed for the limited one's requests.
    expect(await tcRequest('127.0.0.4', { 'X-Forwarded-For': '127.0.0.2' })).toBe(400);
    expect(await tcRequest('127.0.0.4', { 'X-Nf-Client-Connection-Ip': '127.0.0.2' })).toBe(400);
    expect(await tcRequest('127.0.0.3')).toBe(400);
  }, 240_000);
});
