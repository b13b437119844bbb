/**
 * Every file or folder of the repository that README.md and docs/*.md name in backticks
 * (`src/...`, `tests/...`, `scripts/...`, `netlify/...`, `starting-content/...`) exists, so a move or a rename that
 * forgets the documents fails here. A `<placeholder>` stands for any one name; `*` is a wildcard.
 * A source file named by its last part only (`ReceiptScreen.tsx`, `components/forms/early-input.ts`)
 * must be the end of some file's path in those folders.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The repository paths inside backticks: a code span may hold a command with several. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return spans.flatMap((span) =>
    [...span.matchAll(/(?<![\w.@/-])((?:src|tests|scripts|netlify|starting-content)\/[\w.<>*{},/-]*)/g)].map((m) =>
      m[1]!.replace(/[.,]+$/, ''),
    ),
  );
}

/** Whether `path` names something in the repository: each `<name>` or `*` segment matches any entry. */
function exists(path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/');
  let candidates = [ROOT];
  for (const segment of segments) {
    const wild = /[<*]/.test(segment);
    const pattern = new RegExp(
      `^${segment
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/<[^>]+>/g, '[^/]+')
        .replace(/\*/g, '[^/]*')}$`,
    );
    candidates = candidates.flatMap((dir) => {
      if (!wild) return existsSync(join(dir, segment)) ? [join(dir, segment)] : [];
      try {
        return readdirSync(dir)
          .filter((entry) => pattern.test(entry))
          .map((entry) => join(dir, entry));
      } catch {
        return [];
      }
    });
    if (!candidates.length) return false;
  }
  return true;
}

const SOURCE_FOLDERS = ['src', 'tests', 'scripts', 'netlify', 'bench', 'starting-content'];
const SOURCE_FILES = SOURCE_FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).map((path) => `/${folder}/${path}`),
);

/** Source files named in backticks by their last part (a name, or a path not from the repository's root). */
function namedFiles(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return spans.filter(
    (span) =>
      /^[\w./-]+\.(ts|tsx|mts|mjs|astro)$/.test(span) && !/^(src|tests|scripts|netlify|starting-content)\//.test(span),
  );
}

describe('the documents name files that exist', () => {
  for (const document of DOCUMENTS) {
    it(`${document}: every src/, tests/, scripts/, netlify/ and starting-content/ path in backticks exists`, () => {
      const paths = [...new Set(namedPaths(readFileSync(join(ROOT, document), 'utf8')))];
      expect(paths.filter((path) => !exists(path))).toEqual([]);
    });
  }

  for (const document of DOCUMENTS) {
    it(`${document}: every source file named by its last part in backticks exists`, () => {
      const files = [...new Set(namedFiles(readFileSync(join(ROOT, document), 'utf8')))];
      expect(files.filter((file) => !SOURCE_FILES.some((path) => path.endsWith(`/${file}`)))).toEqual([]);
    });
  }

  it('docs/architecture.md maps every feature folder and every layer', () => {
    const map = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const folders = readdirSync(join(ROOT, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/features/${entry.name}/`);
    const layers = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'features')
      .map((entry) => `src/${entry.name}`);
    expect(folders.filter((folder) => !map.includes(`\`${folder}\``))).toEqual([]);
    expect(layers.filter((layer) => !map.includes(layer))).toEqual([]);
  });

  it('reads the paths out of a code span as the documents write them', () => {
    expect(
      namedPaths(
        'see `node scripts/test-postgres.ts tests/http/foo.test.ts`, `.netlify/db`, `@netlify/dev` and `src/features/<record>/`.',
      ),
    ).toEqual(['scripts/test-postgres.ts', 'tests/http/foo.test.ts', 'src/features/<record>/']);
    expect(exists('src/features/<record>/')).toBe(true);
    expect(exists('netlify/functions/*.mts')).toBe(true);
    expect(exists('src/server/no-such-file.ts')).toBe(false);
    expect(
      namedFiles('`ReceiptScreen.tsx`, `components/forms/early-input.ts`, `src/server/db.ts`, `npm start`'),
    ).toEqual(['ReceiptScreen.tsx', 'components/forms/early-input.ts']);
  });
});
