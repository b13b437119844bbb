/** The per-IP sign-in limit, on a runtime of its own with the default limits (the shared one raises it). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { ApiClient } from '../support/api.ts';

describe('sign-in throttling per IP', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime({ ADMIN_EMAIL: 'ip@school.test', ADMIN_PASSWORD: 'the right password' });
  });
  afterAll(() => runtime.stop());

  it('after 5 failures from one address, even the right password gets 429', async () => {
    const client = new ApiClient(runtime.url);
    for (let i = 0; i < 5; i++) {
      const res = await client.request('/v1/api/auth/login', { method: 'POST', json: { email: `guess${i}@school.test`, password: 'x' } });
      expect(res.status).toBe(401);
    }
    const res = await client.request('/v1/api/auth/login', { method: 'POST', json: { email: 'ip@school.test', password: 'the right password' } });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: 'Too many attempts. Try again later.' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
