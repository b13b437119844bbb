/**
 * Where the tests' helpers send their requests and look for stored rows and blobs: the runtime
 * suite's shared runtime (vitest's provided context), or the test file's own in-process site
 * (tests/support/in-process-site.ts) when the file started one.
 */
import { inject, type ProvidedContext } from 'vitest';

const own: Partial<ProvidedContext> = {};

export function useSite(values: Partial<ProvidedContext>): void {
  Object.assign(own, values);
}

export function site<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] {
  return (own[key] ?? inject(key)) as ProvidedContext[K];
}
