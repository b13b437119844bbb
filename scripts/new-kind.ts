/**
 * Writes a new kind of record from the templates in scripts/new-kind/: its folder
 * src/features/<name>/ (definition, schema, workflow new → under review → granted | refused, its
 * kind.ts and server part, letters, texts in English and Hindi, the office's list and details
 * screens, its API), its function netlify/functions/<name>.mts, its migration (the next number) and
 * its tests (tests/api/<name>.test.ts, where the API project runs them), then lists it with
 * scripts/kinds-registry.ts. Nothing else is edited.
 *
 *   npm run new-kind -- <name> [--office-only] [--hindi "<name in Hindi>"]
 *
 * <name> is kebab-case ('fee-concession'). --office-only: only the signed-in office creates
 * records (no public POST). --hindi: the kind's name in the Hindi letters (the English name until
 * given: write it in the folder's texts.ts then).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const TEMPLATES = join(import.meta.dirname, 'new-kind');
const MIGRATIONS = join(ROOT, 'netlify/database/migrations');

/** The names a kind's files use, from its kebab-case name. */
export function namesOf(kebab: string, hindi?: string, officeOnly = false): Record<string, string> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(kebab)) throw new Error(`a kind's name is kebab-case: ${kebab}`);
  const words = kebab.split('-');
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  const title = words.join(' ');
  const plural = (word: string) =>
    /(s|x|z|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
  const many = [...words.slice(0, -1), plural(words.at(-1)!)];
  return {
    kebab,
    camel: pascal[0]!.toLowerCase() + pascal.slice(1),
    Pascal: pascal,
    CONST: words.join('_').toUpperCase(),
    Pascals: many.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(''),
    table: many.join('_'),
    title,
    Title: title[0]!.toUpperCase() + title.slice(1),
    hindi: hindi ?? title,
    post: officeOnly ? `adminOnly(create${pascal})` : `create${pascal}`,
    creator: officeOnly ? 'await adminClient()' : 'new ApiClient()',
  };
}

/** `template` with each {{name}} replaced; a placeholder without a value is an error. */
export function filled(template: string, names: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = names[key];
    if (value === undefined) throw new Error(`no value for {{${key}}}`);
    return value;
  });
}

/** The next migration's number, four digits. */
export function nextMigration(files: string[]): string {
  const last = Math.max(0, ...files.map((f) => Number(/^(\d{4})_/.exec(f)?.[1] ?? 0)));
  return String(last + 1).padStart(4, '0');
}

/** Every file the kind gets: its path in the repository and its text. */
export function kindFiles(names: Record<string, string>, migrations: string[]): { path: string; text: string }[] {
  const read = (file: string) => filled(readFileSync(join(TEMPLATES, file), 'utf8'), names);
  const feature = readdirSync(join(TEMPLATES, 'feature')).map((file) => ({
    path: `src/features/${names.kebab}/${filled(file.replace(/__(\w+)__/g, '{{$1}}'), names).replace(/\.tpl$/, '')}`,
    text: read(join('feature', file)),
  }));
  return [
    ...feature,
    { path: `netlify/functions/${names.kebab}.mts`, text: read('other/function.mts.tpl') },
    {
      path: `netlify/database/migrations/${nextMigration(migrations)}_${names.table}.sql`,
      text: read('other/migration.sql.tpl'),
    },
    { path: `tests/api/${names.kebab}.test.ts`, text: read('other/test.ts.tpl') },
  ];
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'office-only': { type: 'boolean' }, hindi: { type: 'string' } },
  });
  const [kebab] = positionals;
  if (!kebab || positionals.length > 1) {
    console.error('usage: npm run new-kind -- <name> [--office-only] [--hindi "<name in Hindi>"]');
    process.exit(2);
  }
  const names = namesOf(kebab, values.hindi, values['office-only']);
  const files = kindFiles(names, readdirSync(MIGRATIONS));
  const taken = [`src/features/${kebab}`, ...files.map((f) => f.path)].find((p) => existsSync(join(ROOT, p)));
  if (taken) {
    console.error(`${kebab} exists already: ${taken}`);
    process.exit(1);
  }
  for (const { path, text } of files) {
    mkdirSync(join(ROOT, path, '..'), { recursive: true });
    writeFileSync(join(ROOT, path), text);
    console.log(`wrote ${path}`);
  }
  execFileSync('npx', ['prettier', '--log-level', 'warn', '--ignore-unknown', '--write', ...files.map((f) => f.path)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  execFileSync(process.execPath, [join(ROOT, 'scripts/kinds-registry.ts')], { cwd: ROOT, stdio: 'inherit' });
  if (!values.hindi)
    console.log(
      `The Hindi letters name the kind "${names.title}": write its Hindi name in src/features/${kebab}/texts.ts.`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
