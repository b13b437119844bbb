/**
 * `npm run cleanup` from the tests, and the turn that test files running it against the shared
 * runtime take. A cleanup at today's time erases what another file has just backdated, and counts
 * the rows another file's cleanup was about to delete: such files run their cleanups one at a time.
 */
import { execFile } from 'node:child_process';
import { open, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, inject } from 'vitest';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');

interface Options {
  /** The runtime's folder and database (the shared runtime's unless told). */
  root?: string;
  databaseUrl?: string;
  /** The cleanup's clock (`--now`), e.g. set forward. */
  now?: string;
  env?: Record<string, string | undefined>;
}

/** Runs the cleanup as the hourly job would; its report. */
export async function runCleanup({ root = inject('runtimeRoot'), databaseUrl = inject('databaseURL'), now, env = {} }: Options = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [join(repo, 'scripts/cleanup.ts'), ...(now ? ['--now', now] : [])], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    timeout: 60_000,
  });
  return stdout;
}

/**
 * Waits until no other file holds the shared runtime's cleanup turn, then holds it; the returned
 * function gives it back. The turn is a file in the runtime's own folder, so a run that died
 * leaves nothing behind for the next one.
 */
export async function takeCleanupTurn(): Promise<() => Promise<void>> {
  const path = join(inject('runtimeRoot'), 'cleanup-turn.lock');
  for (;;) {
    try {
      await (await open(path, 'wx')).close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await sleep(250);
    }
  }
}

/** Runs `cleanup` in the shared runtime's cleanup turn. */
export async function withCleanupTurn<T>(cleanup: () => Promise<T>): Promise<T> {
  const giveBack = await takeCleanupTurn();
  try {
    return await cleanup();
  } finally {
    await giveBack();
  }
}

/** Holds the cleanup turn for the whole file that calls this at its top level (its records' past is moved, or its counts read). */
export function holdCleanupTurnForThisFile(): void {
  let giveBack: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    giveBack = await takeCleanupTurn();
  }, 300_000);
  afterAll(async () => {
    await giveBack?.();
  });
}
