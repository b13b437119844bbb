/**
 * `npm run new-kind` writes a working kind and nothing else: in a copy of the repository (its files
 * as git sees them, node_modules linked), a "fee-concession" kind is written, then `npm run check`
 * and the kind's own tests pass there, and git shows only the kind's folder, its migration, its
 * function, its tests and the files scripts/kinds-registry.ts generates.
 *
 * Slow (a full check on a copy: two and a half minutes on two cores, more when they are busy), so
 * it runs only when asked, in its own vitest project:
 *
 *   npx vitest run --project scripts
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MINUTES = 60_000;

let copy: string;

// The copy's own runs start afresh: nothing of this run's vitest workers (VITEST itself stays, so
// passwords hash at the tests' cost there too).
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST_') && !key.startsWith('TEST_')),
);

/** Runs `command` in the copy; its output when it fails. */
function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: copy, env: ENV, encoding: 'utf8', stdio: 'pipe', maxBuffer: 64 << 20 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${`${stdout}\n${stderr}`.slice(-6000)}`, { cause: error });
  }
}

const git = (...args: string[]) => run('git', ['-c', 'user.name=copy', '-c', 'user.email=copy@school.test', ...args]);

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'new-kind-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    // A file deleted but not yet committed is listed and absent.
    try {
      cpSync(join(ROOT, file), join(copy, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  git('init', '--quiet');
  git('add', '--all');
  git('commit', '--quiet', '--no-verify', '-m', 'the repository before the new kind');
}, 5 * MINUTES);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run new-kind -- fee-concession', () => {
  it(
    'writes the kind, its migration, its function and its tests, and changes nothing else but generated files',
    () => {
      const migrations = readdirSync(join(copy, 'netlify/database/migrations')).filter((f) => f.endsWith('.sql'));
      const next = String(Math.max(...migrations.map((f) => Number(f.slice(0, 4)))) + 1).padStart(4, '0');
      run('npm', ['run', 'new-kind', '--', 'fee-concession', '--hindi', 'शुल्क रियायत']);
      const status = git('status', '--porcelain', '--untracked-files=normal').split('\n').filter(Boolean).sort();
      expect(status).toEqual(
        [
          ' M netlify/functions/api-not-found.mts',
          ' M public/_redirects',
          ' M src/features/kinds.generated.ts',
          ' M src/features/kinds.server.generated.ts',
          ' M src/features/kinds.texts.generated.ts',
          ' M src/lib/i18n/kind-texts.generated.ts',
          `?? netlify/database/migrations/${next}_fee_concessions.sql`,
          '?? netlify/functions/fee-concession.mts',
          '?? src/features/fee-concession/',
          '?? tests/api/fee-concession.test.ts',
        ].sort(),
      );
      // A second run refuses: the kind is there.
      expect(() => run('npm', ['run', 'new-kind', '--', 'fee-concession'])).toThrow(/exists already/);
    },
    2 * MINUTES,
  );

  it('passes npm run check', () => void run('npm', ['run', 'check']), 20 * MINUTES);

  it(
    "passes the kind's own tests",
    () => {
      const out = stripVTControlCharacters(run('npx', ['vitest', 'run', 'tests/api/fee-concession.test.ts']));
      expect(out).toMatch(/Tests\s+\d+ passed/);
    },
    10 * MINUTES,
  );
});
