/** The checks the local runtime runs before patching the emulator, against stand-ins for its packages. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectFunctions,
  findPackage,
  PatchCheckError,
  sameCopy,
  type PatchedPackage,
} from '../../scripts/local-runtime/patch-check.ts';

const functionsDev: PatchedPackage = {
  name: '@netlify/functions-dev',
  version: '2.0.8',
  packageJson: '/nowhere/package.json',
};

describe('expectFunctions', () => {
  it('passes when every member is a function', () => {
    class FunctionsHandler {
      invoke() {}
      match() {}
    }
    expect(() =>
      expectFunctions(functionsDev, 'FunctionsHandler.prototype', FunctionsHandler.prototype, ['invoke', 'match']),
    ).not.toThrow();
  });

  it('names the package, its version and the missing member', () => {
    class FunctionsHandler {
      match() {}
    }
    expect(() =>
      expectFunctions(functionsDev, 'FunctionsHandler.prototype', FunctionsHandler.prototype, ['match', 'invoke']),
    ).toThrow(
      new PatchCheckError(
        'The local runtime patches @netlify/functions-dev 2.0.8: FunctionsHandler.prototype.invoke is missing or not a function. Check scripts/local-runtime/ after upgrading @netlify/dev.',
      ),
    );
  });

  it('refuses a member that is there but not a function', () => {
    const runtime = { invokeFunction: 'renamed' };
    expect(() => expectFunctions(functionsDev, 'the runtime of function jobs', runtime, ['invokeFunction'])).toThrow(
      /^The local runtime patches @netlify\/functions-dev 2\.0\.8: the runtime of function jobs\.invokeFunction is missing or not a function\./,
    );
  });

  it('refuses an owner that is not there at all', () => {
    expect(() => expectFunctions(functionsDev, 'NetlifyDB.prototype', undefined, ['handleConnection'])).toThrow(
      PatchCheckError,
    );
  });
});

describe('sameCopy', () => {
  const root = mkdtempSync(join(tmpdir(), 'patch-check-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A package directory with a package.json and an entry file. */
  function writePackage(dir: string, name: string, version: string): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
    writeFileSync(join(dir, 'index.js'), '');
  }

  it('returns the package when the emulator and the runtime load one copy', () => {
    const project = join(root, 'one-copy');
    writePackage(join(project, 'node_modules/emulator'), 'emulator', '5.1.3');
    writePackage(join(project, 'node_modules/handlers'), 'handlers', '2.0.8');
    const ours = join(project, 'scripts/patch.ts');
    const emulator = findPackage('emulator', ours)!;
    expect(emulator.version).toBe('5.1.3');
    expect(sameCopy('handlers', emulator, ours)).toMatchObject({ name: 'handlers', version: '2.0.8' });
  });

  it('refuses when the emulator loads a copy of its own, and names both versions', () => {
    const project = join(root, 'two-copies');
    writePackage(join(project, 'node_modules/emulator'), 'emulator', '5.2.0');
    writePackage(join(project, 'node_modules/emulator/node_modules/handlers'), 'handlers', '2.1.0');
    writePackage(join(project, 'node_modules/handlers'), 'handlers', '2.0.8');
    const ours = join(project, 'scripts/patch.ts');
    const emulator = findPackage('emulator', ours)!;
    expect(() => sameCopy('handlers', emulator, ours)).toThrow(
      /^The local runtime patches handlers 2\.0\.8 \(.*\), but emulator 5\.2\.0 runs handlers 2\.1\.0 \(.*\): pin handlers in package\.json to 2\.1\.0\./,
    );
  });

  it('refuses when the emulator no longer depends on the package', () => {
    // Two trees side by side: the runtime's has the package, the emulator's does not.
    const project = join(root, 'dropped');
    writePackage(join(project, 'emulator-tree/node_modules/emulator'), 'emulator', '6.0.0');
    writePackage(join(project, 'runtime-tree/node_modules/handlers'), 'handlers', '2.0.8');
    const emulator = findPackage('emulator', join(project, 'emulator-tree/x.js'))!;
    expect(() => sameCopy('handlers', emulator, join(project, 'runtime-tree/scripts/patch.ts'))).toThrow(
      'The local runtime patches handlers, but emulator 6.0.0 does not depend on it any more.',
    );
  });
});
