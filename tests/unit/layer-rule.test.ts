/**
 * The layer rule (.dependency-cruiser.cjs; `npm run layers`, part of `npm run check`) can fail: on a
 * small made-up tree each crossing is named by its rule, and what the layers allow is not. The real
 * tree is checked by `npm run check` itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

const { forbidden } = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

const dir = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A made-up tree: file -> its imports. */
const TREE: Record<string, string[]> = {
  'src/config/site.ts': [],
  'src/lib/words.ts': ['../config/site.ts'],
  'src/server/db.ts': ['../lib/words.ts'],
  'src/components/Field.tsx': ['../lib/words.ts'],
  'src/features/gallery/internal/secret.ts': [],
  'src/features/gallery/gallery.ts': ['./internal/secret.ts', '../../server/db.ts', '../../components/Field.tsx'],
  'src/features/pages/pages.ts': ['../gallery/gallery.ts'],
  'src/layouts/Shell.tsx': ['../features/pages/pages.ts'],
  'src/components/admin/AdminApp.tsx': ['../../features/gallery/gallery.ts'],
  'netlify/functions/gallery.mts': ['../../src/features/gallery/gallery.ts'],
  // Each of these crosses one rule.
  'src/config/reads-lib.ts': ['../lib/words.ts'],
  'src/lib/reads-server.ts': ['../server/db.ts'],
  'src/server/reads-feature.ts': ['../features/gallery/gallery.ts'],
  'src/components/reads-server.tsx': ['../server/db.ts'],
  'src/features/pages/reads-internal.ts': ['../gallery/internal/secret.ts'],
  'src/features/pages/reads-shell.ts': ['../../layouts/Shell.tsx'],
  'src/lib/a.ts': ['./b.ts'],
  'src/lib/b.ts': ['./a.ts'],
};

for (const [file, imports] of Object.entries(TREE)) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  const lines = imports.map((spec, i) => `import type * as m${i} from '${spec}';`);
  writeFileSync(join(dir, file), `${lines.join('\n')}\nexport const x = ${imports.length};\n`);
}

async function violations(): Promise<string[]> {
  const { output } = await cruise(
    ['src', 'netlify'],
    {
      baseDir: dir,
      ruleSet: { forbidden },
      validate: true,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.tsx', '.mts'] },
  );
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the layer rule', () => {
  it('names every crossing, type-only imports included, and nothing the layers allow', async () => {
    expect(await violations()).toEqual([
      'feature-face: src/features/pages/reads-internal.ts -> src/features/gallery/internal/secret.ts',
      'layer-components: src/components/reads-server.tsx -> src/server/db.ts',
      'layer-config: src/config/reads-lib.ts -> src/lib/words.ts',
      'layer-features: src/features/pages/reads-shell.ts -> src/layouts/Shell.tsx',
      'layer-lib: src/lib/reads-server.ts -> src/server/db.ts',
      'layer-server: src/server/reads-feature.ts -> src/features/gallery/gallery.ts',
      'no-circular: src/lib/a.ts -> src/lib/b.ts',
      'shell-on-top: src/features/pages/reads-shell.ts -> src/layouts/Shell.tsx',
    ]);
  });
});
