/**
 * No module of src/ imports itself back, through any chain: a record's folder (admission, enquiry,
 * TC request) uses the shared services (payments, privacy, the outbox), and the services reach the
 * kinds only through the one list (src/features/kinds.ts), so no service and kind import each other
 * in a circle. Across src/, imports that run are checked; among the feature folders, where the
 * circle admission -> privacy -> admission and payments were, type-only imports count too.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type Read } from '../support/import-graph.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const FEATURES = join(SRC, 'features') + '/';

const readSource: Read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
const modules = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
  .map((e) => join(e.parentPath, e.name));
const shown = (cycles: string[][]) => cycles.map((c) => c.map((f) => f.replace(SRC + '/', '')).join(' <-> '));

/** A small made-up project: file -> source. */
function project(files: Record<string, string>) {
  const abs = Object.fromEntries(Object.entries(files).map(([f, code]) => [join('/p', f), code]));
  return { read: (f: string) => abs[f], files: Object.keys(abs) };
}

describe('the cycle finder (so the real check can fail)', () => {
  it.each([
    [
      'two modules',
      { 'a.ts': "import { b } from './b.ts';", 'b.ts': "import { a } from './a.ts';" },
      true,
      [['a.ts', 'b.ts']],
    ],
    [
      'a longer chain, through a re-export and a lazy import',
      {
        'a.ts': "export { b } from './b.ts';",
        'b.ts': "const c = () => import('./c.tsx');",
        'c.tsx': "import a from './a';",
        'd.ts': "import { a } from './a.ts';",
      },
      true,
      [['a.ts', 'b.ts', 'c.tsx']],
    ],
    [
      'types only, counted',
      { 'a.ts': "import type { B } from './b.ts';", 'b.ts': "import { a } from './a.ts';" },
      true,
      [['a.ts', 'b.ts']],
    ],
    [
      'types only, not counted',
      { 'a.ts': "import { type B } from './b.ts';", 'b.ts': "import { a } from './a.ts';" },
      false,
      [],
    ],
    [
      'a value beside a type is a value',
      { 'a.ts': "import { type B, b } from './b.ts';", 'b.ts': "import { a } from './a.ts';" },
      false,
      [['a.ts', 'b.ts']],
    ],
    [
      'no cycle',
      {
        'a.ts': "import { b } from './b.ts';",
        'b.ts': "import { c } from './c.ts';",
        'c.ts': "import { z } from 'zod';",
      },
      true,
      [],
    ],
  ])('%s', (_, files, types, expected) => {
    const { read, files: list } = project(files);
    expect(importCycles(importGraph(list, read, { types })).map((c) => c.map((f) => f.replace('/p/', '')))).toEqual(
      expected,
    );
  });
});

/** The services every kind passes through, which must reach the kinds only through the list. */
const SERVICES = [
  'features/payments/',
  'features/privacy/',
  'features/audit/',
  'features/messages/',
  'server/outbox.ts',
  'server/mailer.ts',
];
const KIND_FOLDERS = ['features/admission/', 'features/enquiry/', 'features/tc-request/'];

describe("src/'s modules", () => {
  it("of the shared services import no kind's folder but through the list of kinds", () => {
    const graph = importGraph(modules, readSource, { types: true });
    const within = (file: string, places: string[]) => places.some((p) => file.startsWith(join(SRC, p)));
    const direct = [...graph].flatMap(([file, targets]) =>
      within(file, SERVICES)
        ? targets
            .filter((t) => within(t, KIND_FOLDERS))
            .map((t) => `${file.replace(SRC + '/', '')} -> ${t.replace(SRC + '/', '')}`)
        : [],
    );
    expect(direct).toEqual([]);
    expect(graph.get(join(SRC, 'features/payments/payments.server.ts'))).toContain(join(SRC, 'features/kinds.ts'));
  });

  it('import nothing that imports them back (imports that run)', () => {
    const graph = importGraph(modules, readSource, { types: false });
    expect(graph.get(join(SRC, 'features/privacy/privacy.server.ts'))).toContain(join(SRC, 'features/kinds.server.ts'));
    expect(shown(importCycles(graph))).toEqual([]);
  });

  it('of the feature folders import nothing that imports them back, types included', () => {
    const features = modules.filter((f) => f.startsWith(FEATURES) || f === join(SRC, 'features/kinds.ts'));
    const graph = importGraph(features, readSource, { types: true });
    expect(graph.get(join(SRC, 'features/admission/admission.ts'))!.length).toBeGreaterThan(0);
    expect(shown(importCycles(graph))).toEqual([]);
  });
});
