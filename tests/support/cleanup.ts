/** `npm run cleanup` from the tests, against the test file's own site (tests/db) unless told. */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { site } from './site.ts';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');

interface Options {
  /** The site's folder and database (the file's own site's unless told). */
  root?: string;
  databaseUrl?: string;
  /** The cleanup's clock (`--now`), e.g. set forward. */
  now?: string;
  env?: Record<string, string | undefined>;
}

/** Runs the cleanup as the hourly job would; its report. */
export async function runCleanup({
  root = site('runtimeRoot'),
  databaseUrl = site('databaseURL'),
  now,
  env = {},
}: Options = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [join(repo, 'scripts/cleanup.ts'), ...(now ? ['--now', now] : [])], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    timeout: 60_000,
  });
  return stdout;
}
