/**
 * Writes the lists that must be plain literals where they stand and so cannot be derived when the
 * code runs: the API paths netlify/functions/api-not-found.mts leaves to the other functions (Netlify
 * reads a function's `config` without running it). Each is read from the functions' own configs, so
 * a new kind's function (or any new function) is excluded by running this; `--check` (run by
 * `npm run check`) writes nothing and fails when a list is stale.
 *
 *   node scripts/kinds-registry.ts [--check]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

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

function main() {
  const check = process.argv.includes('--check');
  const target = join(FUNCTIONS, NOT_FOUND);
  const now = readFileSync(target, 'utf8');
  const wanted = withExcluded(now, servedApiPaths());
  if (now === wanted) return;
  if (check) {
    console.error(`netlify/functions/${NOT_FOUND} is stale: run node scripts/kinds-registry.ts`);
    process.exit(1);
  }
  writeFileSync(target, wanted);
  console.log(`wrote netlify/functions/${NOT_FOUND}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
