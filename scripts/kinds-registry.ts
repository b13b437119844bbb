/**
 * Writes what must be written out because it cannot be found when the code runs: the kinds' list
 * (src/features/kinds.generated.ts and kinds.server.generated.ts, from the folders of src/features
 * that have a kind.ts: the first three kinds in their order, then by name), since Netlify's
 * functions are bundled without the folder scan a browser bundle may do; the interface texts a
 * kind keeps in its folder's texts.ts, copied into src/lib/i18n/kind-texts.generated.ts, which the
 * English and Hindi tables spread (the tables may not import a feature, so they take a copy); the API paths
 * netlify/functions/api-not-found.mts leaves to the other functions (Netlify reads a function's
 * `config` without running it), read from the functions' own configs; and the rewrites in
 * public/_redirects that serve each kind's details page at every /details/{id} address, read from
 * the kinds. A new kind (or any new function) is listed by running this; `--check` (run by
 * `npm run check`) writes nothing and fails when a file is stale.
 *
 *   node scripts/kinds-registry.ts [--check]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const FUNCTIONS = join(ROOT, 'netlify/functions');
const NOT_FOUND = 'api-not-found.mts';
const FEATURES = join(ROOT, 'src/features');

/** The kinds made before the list was generated, in the order the desk and the filters have always shown them. */
const FIRST_KINDS = ['enquiry', 'admission', 'tc-request'];

/** The kinds' folders: those of src/features with a kind.ts, the first kinds first, then by name. */
export function kindFolders(dir = FEATURES): string[] {
  const found = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'kind.ts')))
    .map((e) => e.name);
  const rank = (name: string) => (FIRST_KINDS.includes(name) ? FIRST_KINDS.indexOf(name) : FIRST_KINDS.length);
  return found.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The constant a kind's files export under, from its folder's name: 'tc-request' → 'TC_REQUEST'. */
export const constantOf = (kind: string) => kind.replace(/-/g, '_').toUpperCase();

const GENERATED =
  '// Written by scripts/kinds-registry.ts from the folders of src/features that have a kind.ts: run it, do not edit.';

/** src/features/kinds.generated.ts: every kind's kind.ts, in the list's order. */
export const kindsModule = (kinds: string[]) =>
  [
    GENERATED,
    ...kinds.map((k) => `import { ${constantOf(k)}_KIND } from './${k}/kind.ts';`),
    '',
    `export const GENERATED_KINDS = [${kinds.map((k) => `${constantOf(k)}_KIND`).join(', ')}] as const;`,
  ].join('\n');

/** src/features/kinds.server.generated.ts: every kind's kind.server.ts, under its name. */
export const serverKindsModule = (kinds: string[]) =>
  [
    GENERATED,
    ...kinds.map((k) => `import { ${constantOf(k)}_SERVER } from './${k}/kind.server.ts';`),
    '',
    `export const GENERATED_SERVER_KINDS = { ${kinds.map((k) => `'${k}': ${constantOf(k)}_SERVER`).join(', ')} } as const;`,
  ].join('\n');

/** src/features/kinds.texts.generated.ts: the texts.ts of the kinds that have one (the first kinds keep theirs in the tables). */
export const textsModule = (kinds: string[]) => {
  const with_ = kinds.filter((k) => existsSync(join(FEATURES, k, 'texts.ts')));
  return [
    GENERATED,
    ...with_.map((k) => `import { ${constantOf(k)}_TEXTS } from './${k}/texts.ts';`),
    '',
    `export const KIND_TEXTS = [${with_.map((k) => `${constantOf(k)}_TEXTS`).join(', ')}] as const;`,
  ].join('\n');
};

/** A kind's interface texts: the same codes in English and Hindi. */
interface KindTexts {
  readonly en: Readonly<Record<string, string>>;
  readonly hi: Readonly<Record<string, string>>;
}

/** src/lib/i18n/kind-texts.generated.ts: every kind's texts, English as a literal (its codes are text codes), Hindi by the same codes. */
export function textsTable(texts: readonly KindTexts[]): string {
  const entries = (language: keyof KindTexts) =>
    texts.flatMap((t) =>
      Object.entries(t[language]).map(([code, text]) => `  ${JSON.stringify(code)}: ${JSON.stringify(text)},`),
    );
  for (const t of texts) {
    const [en, hi] = [Object.keys(t.en).sort(), Object.keys(t.hi).sort()];
    if (en.join() !== hi.join()) throw new Error(`a kind's texts.ts has codes in one language only: ${en} / ${hi}`);
  }
  return [
    "// Written by scripts/kinds-registry.ts from the kinds' texts.ts (src/features/<kind>/texts.ts): run it, do not edit.",
    'export const KIND_TEXTS_EN = {',
    ...entries('en'),
    '} as const;',
    '',
    'export const KIND_TEXTS_HI: Record<keyof typeof KIND_TEXTS_EN, string> = {',
    ...entries('hi'),
    '};',
  ].join('\n');
}

/** `source` as the repository's Prettier settings write a file at `path`. */
async function formatted(path: string, source: string): Promise<string> {
  const options = await prettier.resolveConfig(path);
  return prettier.format(source, { ...options, filepath: path });
}

/** The string literals of `config.<property>` in a function's source (a string or an array of them). */
export function configStrings(source: string, property: string): string[] {
  const file = ts.createSourceFile('function.mts', source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'config' && node.initializer) {
      const config = node.initializer;
      if (ts.isObjectLiteralExpression(config))
        for (const p of config.properties)
          if (ts.isPropertyAssignment(p) && p.name.getText(file) === property) {
            const value = p.initializer;
            const items = ts.isArrayLiteralExpression(value) ? value.elements : [value];
            for (const item of items) {
              if (!ts.isStringLiteralLike(item))
                throw new Error(`config.${property} must list string literals: ${item.getText(file)}`);
              found.push(item.text);
            }
          }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every API path the functions but the not-found one serve, function by function (their files' order). */
export function servedApiPaths(dir = FUNCTIONS): string[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mts') && f !== NOT_FOUND)
    .sort();
  const paths = files.flatMap((f) =>
    configStrings(readFileSync(join(dir, f), 'utf8'), 'path').filter(
      (p) => p === '/v1/api' || p.startsWith('/v1/api/'),
    ),
  );
  return [...new Set(paths)];
}

/** api-not-found.mts with `paths` as its excluded paths. */
export function withExcluded(source: string, paths: string[]): string {
  const block = /( {2}excludedPath: \[\n)[\s\S]*?(\n {2}\],)/;
  if (!block.test(source)) throw new Error(`${NOT_FOUND} has no excludedPath list to write`);
  return source.replace(
    block,
    (_, open: string, close: string) => `${open}${paths.map((p) => `    '${p}',`).join('\n')}${close}`,
  );
}

const KIND_REWRITES = {
  start: "# Each kind's details page (written by scripts/kinds-registry.ts from src/features/kinds.ts).",
  end: '# (end of the kinds)',
};

/** public/_redirects with a rewrite of each kind's details page between the kinds' two marker lines. */
export function withKindRewrites(source: string, details: string[]): string {
  const at = source.indexOf(KIND_REWRITES.start);
  const end = source.indexOf(KIND_REWRITES.end);
  if (at < 0 || end < at) throw new Error("public/_redirects has no kinds' marker lines to write between");
  // Columns as the file aligns them, and at least one space where an address is longer.
  const column = (text: string, width: number) => (text.length < width ? text.padEnd(width) : `${text} `);
  const lines = details.map((d) => `${column(`${d}*`, 30)}${column(`${d}index.html`, 39)}200`);
  return `${source.slice(0, at)}${[KIND_REWRITES.start, ...lines].join('\n')}\n${source.slice(end)}`;
}

async function main() {
  const check = process.argv.includes('--check');
  const kinds = kindFolders();
  const generated = (path: string, source: string) => ({ path, write: () => formatted(path, source) });
  const files: { path: string; write: (now: string) => string | Promise<string> }[] = [
    generated(join(FEATURES, 'kinds.generated.ts'), kindsModule(kinds)),
    generated(join(FEATURES, 'kinds.server.generated.ts'), serverKindsModule(kinds)),
    generated(join(FEATURES, 'kinds.texts.generated.ts'), textsModule(kinds)),
    {
      path: join(ROOT, 'src/lib/i18n/kind-texts.generated.ts'),
      // Read after the list above is written, as are the kinds below.
      write: async () => {
        const { KIND_TEXTS } = await import('../src/features/kinds.texts.generated.ts');
        return formatted(join(ROOT, 'src/lib/i18n/kind-texts.generated.ts'), textsTable(KIND_TEXTS));
      },
    },
    { path: join(FUNCTIONS, NOT_FOUND), write: (now) => withExcluded(now, servedApiPaths()) },
    {
      path: join(ROOT, 'public/_redirects'),
      // Read after the list above is written, so that a new kind's page is among them.
      write: async (now) => {
        const { KINDS } = await import('../src/features/kinds.ts');
        return withKindRewrites(
          now,
          KINDS.map((k) => k.admin.details),
        );
      },
    },
  ];
  let stale = false;
  for (const { path, write } of files) {
    const now = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const wanted = await write(now);
    if (now === wanted) continue;
    const name = path.slice(ROOT.length + 1);
    if (check) {
      console.error(`${name} is stale: run node scripts/kinds-registry.ts`);
      stale = true;
    } else {
      writeFileSync(path, wanted);
      console.log(`wrote ${name}`);
    }
  }
  if (stale) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
