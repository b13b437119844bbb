/**
 * The local runtime keeps functions warm: a function's calls use the build the emulator made of it
 * at start (none is built again), and later calls reuse its instance. Seen through the runtime's
 * trace (LOCAL_RUNTIME_TRACE=1), which prints which build a function's first call used and every
 * instance started, and in the project's folders (no second build folder). On the runtime with the
 * limits as deployed, whose other files call no vacancies.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRuntime } from '../support/runtime.ts';
import { deployedRuntime } from '../support/deployed-runtime.ts';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await deployedRuntime();
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

const lines = (pattern: RegExp) =>
  runtime
    .output()
    .split('\n')
    .filter((line) => pattern.test(line));

describe('warm functions', () => {
  it('builds a function once and reuses its instance for the next call', async () => {
    for (let call = 0; call < 2; call++) {
      const res = await fetch(new URL('/v1/api/jobs', runtime.url));
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    expect(lines(/^\[local runtime\] (built|build of) vacancies\b/)).toEqual([
      '[local runtime] built vacancies at start',
    ]);
    expect(existsSync(join(runtime.root, '.netlify', 'functions-warm'))).toBe(false);
    expect(lines(/^\[local runtime\] started an instance of vacancies$/)).toHaveLength(1);
  });
});
