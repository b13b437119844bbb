/**
 * The layer rule (.dependency-cruiser.cjs; `npm run layers`, part of `npm run check`) can fail: on a
 * small made-up tree each crossing is named by its rule, and what the layers allow is not. The real
 * tree is checked by `npm run check` itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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

describe('the layer rule for .astro files (scripts/layers-astro.ts)', () => {
  it("names a feature's page that imports the site's layout and a script's import, and passes a page handed the layout", () => {
    const tree = mkdtempSync(join(tmpdir(), 'layers-astro-tree-'));
    try {
      const files: Record<string, string> = {
        'src/layouts/BaseLayout.astro': "---\nimport Nav from '../features/site/Nav.astro';\n---\n<Nav /><slot />\n",
        'src/features/site/Nav.astro': "---\nimport { links } from './links.ts';\n---\n<nav>{links}</nav>\n",
        'src/features/site/links.ts': 'export const links = [];\n',
        'src/features/vacancies/Handed.astro': '---\nconst Layout = Astro.props.layout;\n---\n<Layout />\n',
        'src/features/vacancies/Reaching.astro':
          "---\nimport BaseLayout from '../../layouts/BaseLayout.astro';\n---\n<BaseLayout />\n",
        'src/components/Widget.astro': "<div />\n<script>\n  import '../features/site/links.ts';\n</script>\n",
        'src/pages/index.astro':
          "---\nimport BaseLayout from '../layouts/BaseLayout.astro';\nimport Handed from '../features/vacancies/Handed.astro';\n---\n<Handed layout={BaseLayout} />\n",
      };
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(dirname(join(tree, file)), { recursive: true });
        writeFileSync(join(tree, file), text);
      }
      const script = resolve(import.meta.dirname, '../../scripts/layers-astro.ts');
      const run = spawnSync(process.execPath, [script, tree], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      const named = run.stderr
        .split('\n')
        .filter((line) => line.startsWith('  '))
        .map((line) => line.trim())
        .sort();
      expect(named).toEqual([
        'layer-components: src/components/Widget.astro → src/features/site/links.ts',
        'layer-features: src/features/vacancies/Reaching.astro → src/layouts/BaseLayout.astro',
        'shell-on-top: src/features/vacancies/Reaching.astro → src/layouts/BaseLayout.astro',
      ]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
