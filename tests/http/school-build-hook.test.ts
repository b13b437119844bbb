/**
 * BUILD_HOOK_URL: a saved change of the school's profile POSTs to Netlify's build hook once it is
 * stored (so the static pages' footers follow within a build); a refused or unchanged save does
 * not, and a hook that fails does not fail the save. On a runtime of its own, with a local server
 * standing in for Netlify's hook.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.ts';
import { startIsolatedRuntime, type TestRuntime } from '../support/runtime.ts';

const ADMIN_EMAIL = 'hook@school.test';
const ADMIN_PASSWORD = 'a build for every change';

let runtime: TestRuntime;
let hook: Server;
let status = 200;
const calls: { method: string; at: number }[] = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    calls.push({ method: req.method ?? '', at: Date.now() });
    res.statusCode = status;
    res.end('{}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as { port: number };
  runtime = await startIsolatedRuntime({ ADMIN_EMAIL, ADMIN_PASSWORD, BUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/test` });
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  await new Promise((resolve) => hook?.close(resolve));
});

describe('BUILD_HOOK_URL', () => {
  it('is POSTed after a saved change, not after a refused or unchanged one, and its failure does not fail the save', async () => {
    const principal = new ApiClient(runtime.url);
    await principal.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { updatedAt: _, ...profile } = await (await principal.request('/v1/api/school')).json();
    const put = (json: unknown) => principal.request('/v1/api/school', { method: 'PUT', json });

    expect((await put({ ...profile, affiliationNumber: 'X' })).status).toBe(400);
    expect(calls).toEqual([]);

    const before = Date.now();
    expect((await put({ ...profile, affiliationNumber: '2130123' })).status).toBe(200);
    // Called before the answer: the save waits for it (at most 5 s).
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0]!.at).toBeGreaterThanOrEqual(before);

    expect((await put({ ...profile, affiliationNumber: '2130123' })).status).toBe(200);
    expect(calls).toHaveLength(1);

    status = 500;
    const res = await put({ ...profile, affiliationNumber: '2130124' });
    expect(res.status).toBe(200);
    expect((await res.json()).affiliationNumber).toBe('2130124');
    expect(calls).toHaveLength(2);
  });
});
