/**
 * What the browser can load: the islands (components rendered with a `client:` directive) and the
 * pages' bundled `<script>`s, with everything they import, statically or lazily. Used by the unit
 * test that keeps server-only code out of it.
 */
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** Packages that only make sense on the server (database, multipart, tokens, file sniffing, PDFs, Netlify's server APIs). */
export const SERVER_PACKAGES = [
  'pg',
  'busboy',
  'jose',
  'ws',
  'file-type',
  'pdfkit',
  'qrcode',
  '@neondatabase/serverless',
  '@netlify/database',
  '@netlify/blobs',
  '@netlify/functions',
];

export type Read = (file: string) => string | undefined;

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts'];

/** The specifiers a module imports, including `import('...')`. */
function importsOf(code: string, file: string): string[] {
  if (file.endsWith('.astro')) return astroClientImports(code);
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * An .astro file's browser side: the components it renders with a `client:` directive (imported in
 * its frontmatter) and the imports of its bundled (not is:inline) `<script>` blocks.
 */
export function astroClientImports(code: string): string[] {
  const front = /^---\n([\s\S]*?)\n---/.exec(code)?.[1] ?? '';
  const out: string[] = [];
  for (const m of front.matchAll(/import\s+(\w+)(?:\s*,\s*\{[^}]*\})?\s+from\s+['"]([^'"]+)['"]/g)) {
    if (new RegExp(`<${m[1]}\\b[^>]*\\bclient:`).test(code)) out.push(m[2]!);
  }
  for (const m of code.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g)) {
    out.push(...ts.preProcessFile(m[1]!, true, true).importedFiles.map((f) => f.fileName));
  }
  return out;
}

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

export interface Violation {
  /** The chain of files from the entry to the offending import. */
  chain: string[];
  specifier: string;
  reason: string;
}

/** Every server-only module reachable from `entries` (absolute paths), with the chain that reaches it. */
export function serverOnlyImports(
  entries: string[],
  read: Read,
  srcServer: string,
): { violations: Violation[]; visited: Set<string> } {
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = read(file);
    if (code === undefined) return;
    for (const specifier of importsOf(code, file)) {
      const here = [...chain, file];
      if (specifier.startsWith('.')) {
        const base = resolve(dirname(file), specifier.replace(/\?.*$/, ''));
        const target = EXTENSIONS.map((ext) => base + ext).find((candidate) => read(candidate) !== undefined) ?? base;
        if (/\.server\.[cm]?[jt]sx?$/.test(target))
          violations.push({ chain: here, specifier, reason: 'a *.server module' });
        else if (target.startsWith(srcServer)) violations.push({ chain: here, specifier, reason: 'src/server/' });
        else visit(target, here);
      } else if (isBuiltin(specifier)) {
        violations.push({ chain: here, specifier, reason: 'a Node built-in' });
      } else if (SERVER_PACKAGES.includes(packageOf(specifier))) {
        violations.push({ chain: here, specifier, reason: 'a server-only package' });
      }
    }
  };
  for (const entry of entries) visit(entry, []);
  return { violations, visited: seen };
}
