/** `npm start` twice on the same project: the data of the first run is there in the second. */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { ApiClient } from '../support/api.ts';

describe('restart', () => {
  let runtime: TestRuntime | undefined;
  afterAll(() => runtime?.stop());

  it('keeps the administrator and live sessions, and seeds the first admin only once', async () => {
    const env = { ADMIN_EMAIL: 'restart@school.test', ADMIN_PASSWORD: 'kept across a reboot' };
    const first = await startTestRuntime(env, { keepRoot: true });
    expect(first.output()).toMatch('Created the first administrator: restart@school.test');
    const client = new ApiClient(first.url);
    await client.login('restart@school.test', 'kept across a reboot');
    await first.stop();

    runtime = await startTestRuntime({ ADMIN_EMAIL: 'other@school.test' }, { root: first.root });
    expect(runtime.output()).not.toMatch('Created the first administrator');
    const again = new ApiClient(runtime.url);
    for (const [k, v] of client.cookies) again.cookies.set(k, v);
    expect((await again.request('/v1/api/auth')).status).toBe(200);
    // Two cold starts of the runtime, each building every function: on a busy 2-core machine one took over 30 s.
  }, 180_000);
});
