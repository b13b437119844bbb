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

/** A module's imports of other modules of the project, each marked when it brings in types only (erased when compiled). */
export interface ImportEdge {
  specifier: string;
  typeOnly: boolean;
}

/** The relative imports and re-exports of a TypeScript module, static or lazy, each marked type-only or not. */
export function relativeImports(code: string, file: string): ImportEdge[] {
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const edges: ImportEdge[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      edges.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      edges.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges.filter((e) => e.specifier.startsWith('.'));
}

/** file -> the project files it imports (absolute paths), types-only imports included when `types`. */
export function importGraph(files: string[], read: Read, { types }: { types: boolean }): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const code = read(file) ?? '';
    const targets = relativeImports(code, file)
      .filter((e) => types || !e.typeOnly)
      .map((e) => {
        const base = resolve(dirname(file), e.specifier.replace(/\?.*$/, ''));
        return EXTENSIONS.map((ext) => base + ext).find((candidate) => known.has(candidate));
      })
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import cycles of `graph`: each strongly connected group of two or more modules (or one importing itself), its members sorted. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  // Tarjan's algorithm, iterative so that a long chain of imports cannot overflow the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next);
    next++;
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work.at(-1)!;
      const targets = graph.get(top.node) ?? [];
      if (top.edge < targets.length) {
        const target = targets[top.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next++;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length) low.set(work.at(-1)!.node, Math.min(low.get(work.at(-1)!.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        if (group.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) groups.push(group.sort());
      }
    }
  }
  return groups;
}
