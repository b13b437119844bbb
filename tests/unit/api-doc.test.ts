/**
 * docs/api.md against the code: every path and method a function's `config.path` and route table
 * serve has exactly one row, and no row names a route that does not exist; each row's role is the
 * handler's guard (adminOnly: office, principalOnly: principal, neither: public); its rate limits
 * are the ones tests/support/routes.ts says bound the route (proven 429 by the route matrix), with
 * the figures of src/config/limits.ts; its body size is src/features/body-limits.ts's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/config/limits.ts';
import { bodyLimit, JSON_BODY_BYTES } from '../../src/features/body-limits.ts';
import {
  FIRST_WAIT_SECONDS,
  FREE_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_PAIR,
  MAX_WAIT_SECONDS,
  WINDOW_MINUTES,
} from '../../src/features/auth/throttle.server.ts';
import { PUBLIC_LIMITS } from '../support/routes.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FUNCTIONS_DIR = join(ROOT, 'netlify/functions');
const DOC = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');

interface CodeRoute {
  key: string;
  file: string;
  role: string;
}
interface DocRow {
  key: string;
  line: number;
  role: string;
  limits: string;
}

type RouterExport = { routes?: Record<string, Record<string, { role?: string }>> };

/** Every path and method the functions serve, from their `config.path` and the route table their router keeps. */
async function codeRoutes(): Promise<CodeRoute[]> {
  const found: CodeRoute[] = [];
  for (const file of readdirSync(FUNCTIONS_DIR)
    .filter((f) => f.endsWith('.mts'))
    .sort()) {
    const mod = (await import(pathToFileURL(join(FUNCTIONS_DIR, file)).href)) as {
      config?: { path?: string | string[]; method?: string | string[] };
      default: RouterExport;
    };
    const paths = [mod.config?.path ?? []].flat();
    // The not-found function's patterns are catch-alls, not routes (docs/api.md says so in its text).
    if (!paths.length || file === 'api-not-found.mts') continue;
    const table = mod.default.routes;
    if (!table)
      throw new Error(`${file}: its default export carries no route table (use router() from src/features/router.ts)`);
    // The config and the table must agree, or a path would reach no handler or a handler no request.
    expect(Object.keys(table).sort(), `${file}: config.path and the route table`).toEqual([...paths].sort());
    for (const path of paths) {
      for (const [method, handler] of Object.entries(table[path]!)) {
        if (mod.config?.method && ![mod.config.method].flat().includes(method)) continue;
        found.push({ key: `${method} ${path}`, file, role: handler?.role ?? 'public' });
      }
    }
  }
  return found;
}

/** The rows of docs/api.md's route tables (those whose header is method | path | role | limits | what). */
function docRows(): DocRow[] {
  const rows: DocRow[] = [];
  let inTable = false;
  DOC.split('\n').forEach((text, index) => {
    const cells = text.trim().startsWith('|')
      ? text
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim())
      : undefined;
    if (!cells) return void (inTable = false);
    if (cells.join(' ') === 'method path role limits what') return void (inTable = true);
    if (!inTable || /^-+$/.test(cells[0]!)) return;
    const [method, path, role, rowLimits] = cells;
    const bare = /^`([^`]+)`$/.exec(path ?? '')?.[1];
    if (!bare || !/^[A-Z]+$/.test(method ?? ''))
      throw new Error(`docs/api.md line ${index + 1}: one method and one path in backticks a row`);
    rows.push({ key: `${method} ${bare}`, line: index + 1, role: role ?? '', limits: rowLimits ?? '' });
  });
  return rows;
}

const LOOKUP = ['statusChecksPerAddress', 'statusWrongTriesPerAddress', 'statusWrongTriesPerMobile'];
const PERIOD: Record<number, string> = { 900: 'in 15 minutes', 3600: 'an hour', 86400: 'a day' };
const SIGN_IN =
  `the sign-in throttle: ${MAX_FAILURES_PER_PAIR} wrong tries an e-mail and address, ${MAX_FAILURES_PER_ADDRESS} an address, in ${WINDOW_MINUTES} minutes; ` +
  `after ${FREE_FAILURES_PER_ACCOUNT} at an e-mail from anywhere, a wait of ${FIRST_WAIT_SECONDS} seconds doubling to ${MAX_WAIT_SECONDS / 60} minutes`;

/** The environment name of each limit of src/config/limits.ts, as its comment names it (how PUBLIC_LIMITS names them). */
function envNames(): Record<string, string> {
  const source = readFileSync(join(ROOT, 'src/config/limits.ts'), 'utf8');
  const names: Record<string, string> = {};
  for (const [, comment, key] of source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*(\w+):/g)) {
    const env = /RATE_LIMIT_\w+/.exec(comment!)?.[0];
    if (env) names[key!] = env;
  }
  return names;
}

describe('docs/api.md lists every route as the code serves it', () => {
  it('has one row for each path and method the functions serve, and no other', async () => {
    const code = (await codeRoutes()).map((r) => r.key);
    const doc = docRows().map((r) => r.key);
    expect(code.length).toBeGreaterThan(60);
    expect(
      doc.filter((key, i) => doc.indexOf(key) !== i),
      'rows listed twice',
    ).toEqual([]);
    expect(
      code.filter((key) => !doc.includes(key)),
      'served but missing from docs/api.md',
    ).toEqual([]);
    expect(
      doc.filter((key) => !code.includes(key)),
      'in docs/api.md but served by no function',
    ).toEqual([]);
  });

  it('names the role each handler checks', async () => {
    const roles = new Map((await codeRoutes()).map((r) => [r.key, r.role]));
    const wrong = docRows()
      .filter((row) => roles.has(row.key) && roles.get(row.key) !== row.role)
      .map((row) => `line ${row.line}: ${row.key} says ${row.role}, the code checks ${roles.get(row.key)}`);
    expect(wrong).toEqual([]);
  });

  it("names each route's rate limits with their figures, and its body size", () => {
    const env = envNames();
    const problems: string[] = [];
    for (const row of docRows()) {
      const named = [...row.limits.matchAll(/`(\w+)` ([\d,]+) (in 15 minutes|an hour|a day)/g)].map(
        ([, key, max, period]) => {
          const limit = limits[key as keyof typeof limits];
          if (!limit) problems.push(`line ${row.line}: ${key} is not in src/config/limits.ts`);
          else if (Number(max!.replace(/,/g, '')) !== limit.max || PERIOD[limit.seconds] !== period) {
            problems.push(`line ${row.line}: ${key} is ${limit.max} ${PERIOD[limit.seconds]}, not ${max} ${period}`);
          }
          return env[key!] ?? key!;
        },
      );
      if (/lookup limits/.test(row.limits)) named.push(...LOOKUP.map((key) => env[key]!));
      if (row.limits.includes('sign-in throttle')) {
        if (!row.limits.includes(SIGN_IN)) problems.push(`line ${row.line}: the sign-in throttle is "${SIGN_IN}"`);
        named.push('LOGIN_MAX_FAILURES_PER_IP');
      }
      const bounded = PUBLIC_LIMITS[row.key];
      const expected = bounded && Array.isArray(bounded) ? [...bounded].sort() : [];
      if (JSON.stringify(named.sort()) !== JSON.stringify(expected)) {
        problems.push(
          `line ${row.line}: ${row.key} names limits ${named.join(', ') || 'none'}; the route counts in ${expected.join(', ') || 'none'}`,
        );
      }
      const [method, path] = row.key.split(' ') as [string, string];
      const bytes = bodyLimit(method, path.replace(/:(\w+)/g, 'x')).bytes;
      const body = /body ([\d,]+) KB/.exec(row.limits)?.[1];
      const documented = body ? Number(body.replace(/,/g, '')) * 1024 : JSON_BODY_BYTES;
      if (documented !== bytes)
        problems.push(
          `line ${row.line}: ${row.key} takes a body of ${(bytes / 1024).toLocaleString('en-IN')} KB, the row says ${body ?? 'the usual 32'} KB`,
        );
    }
    for (const key of LOOKUP) {
      const limit = limits[key as keyof typeof limits];
      if (!DOC.includes(`\`${key}\` ${limit.max} ${PERIOD[limit.seconds]}`))
        problems.push(`the lookup limits' text: ${key} is ${limit.max} ${PERIOD[limit.seconds]}`);
    }
    expect(problems).toEqual([]);
    expect(JSON_BODY_BYTES).toBe(32 * 1024);
    expect(DOC).toContain('32 KB of JSON');
  });
});
