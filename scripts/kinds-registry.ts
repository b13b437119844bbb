/**
 * Writes the lists that must be plain literals where they stand and so cannot be derived when the
 * code runs: the API paths netlify/functions/api-not-found.mts leaves to the other functions (Netlify
 * reads a function's `config` without running it), read from the functions' own configs; and the
 * rewrites in public/_redirects that serve each kind's details page at every /details/{id} address,
 * read from the kinds (src/features/kinds.ts). A new kind (or any new function) is listed by running
 * this; `--check` (run by `npm run check`) writes nothing and fails when a list is stale.
 *
 *   node scripts/kinds-registry.ts [--check]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { KINDS } from '../src/features/kinds.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FUNCTIONS = join(ROOT, 'netlify/functions');
const NOT_FOUND = 'api-not-found.mts';

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
  const lines = details.map((d) => `${`${d}*`.padEnd(30)}${`${d}index.html`.padEnd(39)}200`);
  return `${source.slice(0, at)}${[KIND_REWRITES.start, ...lines].join('\n')}\n${source.slice(end)}`;
}

function main() {
  const check = process.argv.includes('--check');
  const files = [
    { path: join(FUNCTIONS, NOT_FOUND), write: (now: string) => withExcluded(now, servedApiPaths()) },
    {
      path: join(ROOT, 'public/_redirects'),
      write: (now: string) =>
        withKindRewrites(
          now,
          KINDS.map((k) => k.admin.details),
        ),
    },
  ];
  let stale = false;
  for (const { path, write } of files) {
    const now = readFileSync(path, 'utf8');
    const wanted = write(now);
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
