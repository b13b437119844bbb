/**
 * Nothing the browser can load imports server-only code: no `*.server.ts` module, nothing under
 * src/server/, no Node built-in and no server-only package, reached from any island or page
 * script, directly or through other modules, statically or lazily.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverOnlyImports, type Read } from '../support/import-graph.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

const readSource: Read = (file) =>
  /\.(tsx?|m?js|astro)$/.test(file) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;

/** A small made-up project: file -> source. */
function project(files: Record<string, string>): { read: Read; entries: string[] } {
  const abs = Object.fromEntries(Object.entries(files).map(([f, code]) => [join('/p', f), code]));
  return { read: (f) => abs[f], entries: Object.keys(abs).filter((f) => f.endsWith('.astro')) };
}

const page = (component: string, directive = 'client:load') =>
  `---\nimport X from '${component}';\n---\n<X ${directive} />\n`;

describe('the checker finds every way in (so the real check can fail)', () => {
  it.each([
    [
      'a *.server module',
      {
        'src/pages/a.astro': page('../features/f/Island.tsx'),
        'src/features/f/Island.tsx': "import { x } from './f.server.ts';",
        'src/features/f/f.server.ts': '',
      },
    ],
    [
      'src/server through a shared module',
      {
        'src/pages/a.astro': page('../lib/helper.ts'),
        'src/lib/helper.ts': "import { q } from '../server/db.ts';",
        'src/server/db.ts': '',
      },
    ],
    [
      'a lazy import',
      {
        'src/pages/a.astro': page('../c/App.tsx', 'client:idle'),
        'src/c/App.tsx': "const S = lazy(() => import('./s.server.ts'));",
        'src/c/s.server.ts': '',
      },
    ],
    [
      'a Node built-in',
      { 'src/pages/a.astro': page('../c/A.tsx'), 'src/c/A.tsx': "import { randomBytes } from 'node:crypto';" },
    ],
    ['a server-only package', { 'src/pages/a.astro': page('../c/A.tsx'), 'src/c/A.tsx': "import pg from 'pg';" }],
    [
      'a page script',
      {
        'src/pages/a.astro': "---\n---\n<script>\n  import { sealAadhaar } from '../server/aadhaar.ts';\n</script>\n",
        'src/server/aadhaar.ts': '',
      },
    ],
  ])('%s', (_, files) => {
    const { read, entries } = project(files);
    expect(serverOnlyImports(entries, read, '/p/src/server/').violations).toHaveLength(1);
  });

  it.each([
    [
      'a component rendered on the server only',
      {
        'src/pages/a.astro': "---\nimport X from '../c/X.tsx';\nimport { q } from '../server/db.ts';\n---\n<X />\n",
        'src/c/X.tsx': "import 'node:fs';",
      },
    ],
    [
      'an is:inline script',
      { 'src/pages/a.astro': "---\n---\n<script is:inline>\n  import('../server/db.ts');\n</script>\n" },
    ],
    [
      'shared code only',
      {
        'src/pages/a.astro': page('../c/A.tsx'),
        'src/c/A.tsx': "import { z } from 'zod';\nimport { f } from '../lib/f.ts';",
        'src/lib/f.ts': 'export const f = 1;',
      },
    ],
  ])('not a way in: %s', (_, files) => {
    const { read, entries } = project(files);
    expect(serverOnlyImports(entries, read, '/p/src/server/').violations).toEqual([]);
  });
});

describe("the site's islands and page scripts", () => {
  const astroFiles = readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.astro'))
    .map((e) => join(e.parentPath, e.name));

  it('import no server-only code', () => {
    const { violations, visited } = serverOnlyImports(astroFiles, readSource, join(SRC, 'server') + '/');
    expect(
      violations.map(
        (v) => `${[...v.chain, v.specifier].map((f) => f.replace(ROOT + '/', '')).join(' -> ')} (${v.reason})`,
      ),
    ).toEqual([]);
    // The walk did reach the islands, through the pages and the admin screens' lazy imports.
    for (const island of [
      'features/admission/AdmissionForm.tsx',
      'features/enquiry/EnquiryPopup.tsx',
      'features/gallery/GalleryDetails.tsx',
      'components/admin/AdminApp.tsx',
    ]) {
      expect(visited).toContain(join(SRC, island));
    }
  });
});
