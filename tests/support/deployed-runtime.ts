/**
 * The runtime with the limits as deployed (no limit raised, the runtime's trace on) that the PGlite
 * pass's global setup starts once (tests/support/global-setup.ts), for the files that need the real
 * limits and nothing else of their own: hindi-after-sending, client-address, warm-functions. Each
 * keeps to what it counts (its own mobile numbers and loopback addresses, its own function), so they
 * can share it. A file run where none was started (the PostgreSQL pass) gets one of its own.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { startIsolatedRuntime, type TestRuntime } from './runtime.ts';

export async function deployedRuntime(): Promise<TestRuntime> {
  const shared = inject('deployed');
  if (!shared) return startIsolatedRuntime({ LOCAL_RUNTIME_TRACE: '1' });
  return {
    ...shared,
    // The global setup's process owns it: its pid is not this file's to measure.
    pid: 0,
    output: () => readFileSync(shared.log, 'utf8'),
    // Stopped by the global setup, after every file.
    stop: async () => undefined,
  };
}
