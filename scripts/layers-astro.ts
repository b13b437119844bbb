/**
 * The layer rule for the .astro files, which dependency-cruiser cannot read (it has no parser for
 * them): `npm run layers` runs this after `depcruise src netlify`. It copies src/ to a temporary
 * folder where each .astro file becomes an .astro.tsx holding only its imports (its frontmatter's
 * and its scripts'), which the resolver finds for an import of the .astro file, and cruises that
 * copy with the rules of .dependency-cruiser.cjs. It prints each crossing from or to an .astro file
 * and exits 1 when there is one. An argument names another tree to check (tests/unit/layer-rule.test.ts).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

const ROOT = resolve(import.meta.dirname, '..');
const { forbidden } = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};

/** The modules an .astro file imports: in its frontmatter and in its <script> elements. */
function astroImports(source: string): string[] {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const code = [frontmatter, ...scripts].join('\n');
  return [...code.matchAll(/\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]/g)].map((m) => m[1]!);
}

const TREE = resolve(process.argv[2] ?? ROOT);
const dir = mkdtempSync(join(tmpdir(), 'layers-astro-'));
try {
  cpSync(join(TREE, 'src'), join(dir, 'src'), { recursive: true });
  const astro = readdirSync(join(dir, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.astro'))
    .map((e) => join(e.parentPath, e.name));
  for (const file of astro) {
    const imports = astroImports(readFileSync(file, 'utf8'));
    writeFileSync(`${file}.tsx`, `${imports.map((spec) => `import '${spec}';`).join('\n')}\nexport {};\n`);
    unlinkSync(file);
  }
  const { output } = await cruise(
    ['src'],
    {
      baseDir: dir,
      ruleSet: { forbidden },
      validate: true,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.tsx', '.mts', '.js'] },
  );
  const shown = (path: string) => path.replace(/\.astro\.tsx$/, '.astro');
  const crossings = (output as ICruiseResult).summary.violations
    .filter((v) => /\.astro\.tsx$/.test(v.from) || /\.astro\.tsx$/.test(v.to))
    .map((v) => `  ${v.rule.name}: ${shown(v.from)} → ${shown(v.to)}`);
  if (crossings.length) {
    console.error(`${crossings.join('\n')}\n\nx ${crossings.length} crossing(s) by .astro files`);
    process.exitCode = 1;
  } else {
    console.log(`✔ no crossing by the ${astro.length} .astro files`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
