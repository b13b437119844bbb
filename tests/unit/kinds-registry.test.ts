/**
 * Every place that lists the kinds of record has every kind of src/features/kinds.ts: its admin
 * screens (its folder's kind-screens.ts, as the admin shell finds it), their pages and its menu
 * entry's list; its letters and their texts in English and Hindi; its status page; its function and
 * the routes every kind has, which the not-found function leaves to it; and in the migrated schema
 * (PGlite, the project's own runner) its row in record_kinds, the CHECKs of the tables that name a
 * record by kind, its search columns and its count triggers. A kind missing from one of them is
 * named with what is missing, as the fake kind below shows.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQLExecutor } from '@netlify/dev';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { migrate } from '../../scripts/migrate.ts';
import { configStrings } from '../../scripts/kinds-registry.ts';
import { KINDS, PAID_KINDS, type KindName } from '../../src/features/kinds.ts';
import { SERVER_KINDS } from '../../src/features/kinds.server.ts';
import type { RecordKind } from '../../src/features/record-kind.ts';
import type { Entity } from '../../src/lib/record.ts';
import { EN } from '../../src/lib/i18n/en.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { KIND_SCREENS } from '../../src/components/admin/AdminApp.tsx';
import { kindFunctions, kindRoutes } from '../support/routes.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FUNCTIONS = join(ROOT, 'netlify/functions');
const EVENTS = ['submitted', 'status'] as const;

/** What the places that list kinds hold, read once. */
interface Registry {
  screens: Readonly<Record<string, unknown>>;
  /** The `screen` of every admin page, and the addresses of the admin pages. */
  pageScreens: Set<string>;
  pages: Set<string>;
  /** The addresses public/_redirects serves a built page at. */
  rewrites: Set<string>;
  functions: Set<string>;
  notFoundExcludes: Set<string>;
  serverKinds: Readonly<Record<string, unknown>>;
  texts: { en: Readonly<Record<string, string>>; hi: Readonly<Record<string, string>> };
  sql: {
    kinds: Map<string, { table_name: string; paid: boolean }>;
    checks: Map<string, string>;
    columns: Set<string>;
    triggers: Set<string>;
  };
}

/** The `screen` attributes of the pages under `dir`. */
function screensOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? screensOf(join(dir, e.name))
      : [...readFileSync(join(dir, e.name), 'utf8').matchAll(/screen="([^"]+)"/g)].map((m) => m[1]!),
  );
}

/** The addresses of the .astro pages under `dir` (`path` is its address). */
function pagesOf(dir: string, path: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? pagesOf(join(dir, e.name), `${path}/${e.name}`)
      : e.name.endsWith('.astro') && !e.name.startsWith('[')
        ? [e.name === 'index.astro' ? path : `${path}/${e.name.replace(/\.astro$/, '')}`]
        : [],
  );
}

/** The kinds' own admin pages (src/pages/admin/[...kind].astro draws each kind's list and details from its kind.ts). */
const KIND_PAGES = existsSync(join(ROOT, 'src/pages/admin/[...kind].astro'))
  ? KINDS.flatMap((k) => [
      [k.admin.panel, k.admin.screens.panel],
      [k.admin.details.replace(/\/$/, ''), k.admin.screens.details],
    ])
  : [];

/** Everything `kind` lacks in `registry`, each as where and what. */
function missingFor(kind: RecordKind, r: Registry): string[] {
  const missing: string[] = [];
  const lack = (where: string, ok: unknown) => {
    if (!ok) missing.push(where);
  };
  const { panel, details, menu, screens } = kind.admin;
  for (const name of [screens.panel, screens.details]) {
    lack(`admin screen ${name} (src/features/${kind.name}/kind-screens.ts)`, r.screens[name]);
    lack(`admin page with screen="${name}" (src/pages/admin/)`, r.pageScreens.has(name));
  }
  lack(`admin menu entry (admin.menu)`, menu.trim());
  lack(`admin list page ${panel}`, r.pages.has(panel));
  lack(`admin details page ${details}`, r.pages.has(details.replace(/\/$/, '')));
  lack(`rewrite of ${details}* in public/_redirects`, r.rewrites.has(`${details}*`));
  // A kind without letters (the register) has none of their templates or texts.
  for (const event of kind.letters ? EVENTS : []) {
    const template = `${kind.name}.${event}`;
    lack(`letter ${template} (messages.letters)`, kind.letters?.letter);
    lack(`template label ${template} (messages.templates)`, kind.letters?.templates[template]);
    for (const [language, table] of Object.entries(r.texts)) {
      lack(`${language} text message.${template}`, table[`message.${template}`]);
      lack(`${language} text message.${template}.subject`, table[`message.${template}.subject`]);
    }
  }
  for (const [language, table] of Object.entries(r.texts)) {
    if (kind.letters) lack(`${language} text mobile.what.${kind.name}`, table[`mobile.what.${kind.name}`]);
    for (const status of kind.workflow.statuses)
      lack(`${language} text status.${kind.name}.${status}`, table[`status.${kind.name}.${status}`]);
  }
  lack(`server part (src/features/kinds.server.ts)`, r.serverKinds[kind.name]);
  if (kind.payment) {
    lack(`payment letter (messages.paid)`, kind.letters?.paymentLetter);
    lack(`status page (statusPage)`, kind.statusPage);
    if (kind.statusPage) {
      lack(`status page ${kind.statusPage.path}`, r.pages.has(kind.statusPage.path));
      lack(`Hindi status page /hi${kind.statusPage.path}`, r.pages.has(`/hi${kind.statusPage.path}`));
    }
    lack(`receipt (its server part's receipt)`, (r.serverKinds[kind.name] as { receipt?: unknown })?.receipt);
  }
  const [file] = kindFunctions([kind]);
  lack(`function netlify/functions/${file}`, r.functions.has(file!));
  const { principalOnly, staff } = kindRoutes([kind]);
  for (const key of [...Object.keys(principalOnly), ...Object.keys(staff)]) {
    const path = key.split(' ')[1]!;
    lack(`route ${path} excluded by api-not-found.mts`, r.notFoundExcludes.has(path));
  }
  const row = r.sql.kinds.get(kind.name);
  lack(`record_kinds row (SELECT record_kind(...) in its migration)`, row);
  if (row) {
    lack(`record_kinds table ${kind.table}`, row.table_name === kind.table);
    lack(`record_kinds paid`, row.paid === Boolean(kind.payment));
  }
  const named = (table: string) => r.sql.checks.get(table)?.includes(`'${kind.name}'`);
  lack(`messages.entity CHECK`, named('messages'));
  if (kind.payment) {
    lack(`payments.entity CHECK`, named('payments'));
    lack(`payment_orders.entity CHECK`, named('payment_orders'));
  }
  for (const column of ['search_names', 'search_keys'])
    lack(`${kind.table}.${column}`, r.sql.columns.has(`${kind.table}.${column}`));
  for (const trigger of [
    'count_insert',
    'count_delete',
    'status_count_insert',
    'status_count_update',
    'search_keys_stale',
  ])
    lack(`trigger ${kind.table}_${trigger}`, r.sql.triggers.has(`${kind.table}_${trigger}`));
  return missing;
}

/** The migrations' runner over PGlite, as over node-postgres in scripts/migrate.ts. */
function executor(pglite: PGlite): SQLExecutor {
  const over = (q: Pick<PGlite, 'exec' | 'query'>) => ({
    exec: (sql: string) => q.exec(sql),
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await q.query<T>(sql, params)).rows }),
  });
  return { ...over(pglite), transaction: (fn) => pglite.transaction((tx) => fn(over(tx))) } as SQLExecutor;
}

let db: PGlite;
let registry: Registry;

beforeAll(async () => {
  db = new PGlite();
  await migrate(executor(db), ROOT);
  const rows = async <T>(sql: string) => (await db.query<T>(sql)).rows;
  const functions = readdirSync(FUNCTIONS).filter((f) => f.endsWith('.mts'));
  registry = {
    screens: KIND_SCREENS,
    pageScreens: new Set([...screensOf(join(ROOT, 'src/pages/admin')), ...KIND_PAGES.map(([, s]) => s!)]),
    pages: new Set([...pagesOf(join(ROOT, 'src/pages'), ''), ...KIND_PAGES.map(([p]) => p!)]),
    rewrites: new Set(
      readFileSync(join(ROOT, 'public/_redirects'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('/'))
        .map((l) => l.split(/\s+/)[0]!),
    ),
    functions: new Set(functions),
    notFoundExcludes: new Set(
      configStrings(readFileSync(join(FUNCTIONS, 'api-not-found.mts'), 'utf8'), 'excludedPath'),
    ),
    serverKinds: SERVER_KINDS,
    texts: { en: EN, hi: HI },
    sql: {
      kinds: new Map(
        (await rows<{ name: string; table_name: string; paid: boolean }>(`SELECT * FROM record_kinds`)).map((k) => [
          k.name,
          k,
        ]),
      ),
      checks: new Map(
        (
          await rows<{ t: string; d: string }>(
            `SELECT conrelid::regclass::text AS t, pg_get_constraintdef(oid) AS d FROM pg_constraint WHERE conname = conrelid::regclass::text || '_entity_check'`,
          )
        ).map((c) => [c.t, c.d]),
      ),
      columns: new Set(
        (
          await rows<{ c: string }>(
            `SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = 'public'`,
          )
        ).map((c) => c.c),
      ),
      triggers: new Set((await rows<{ tgname: string }>(`SELECT tgname FROM pg_trigger`)).map((t) => t.tgname)),
    },
  };
}, 120_000);

afterAll(() => db?.close());

describe('every place that lists the kinds has every kind', () => {
  it.each(KINDS.map((k) => [k.name, k] as const))('%s', (_, kind) => {
    expect(missingFor(kind, registry)).toEqual([]);
  });

  it('lists no kind the list does not have (admin screens, functions of kinds, SQL)', () => {
    const screens = KINDS.flatMap((k) => Object.values(k.admin.screens));
    expect(Object.keys(registry.screens).sort()).toEqual([...screens].sort());
    expect([...registry.sql.kinds.keys()].sort()).toEqual(KINDS.map((k) => k.name).sort());
    expect(
      [...registry.sql.kinds.values()]
        .filter((k) => k.paid)
        .map((k) => k.table_name)
        .sort(),
    ).toEqual(
      KINDS.filter((k) => PAID_KINDS.includes(k.name as never))
        .map((k) => k.table)
        .sort(),
    );
  });

  it("types the kinds' names as the audit log's entities (Entity) by inference", () => {
    expectTypeOf<KindName>().toExtend<Entity>();
    expectTypeOf<'no-such-kind'>().not.toExtend<Entity>();
  });

  it('names what a kind that is declared but registered nowhere lacks', () => {
    const base = KINDS.find((k) => k.payment)!;
    const fake = {
      ...base,
      name: 'transport-request',
      table: 'fee_concessions',
      admin: {
        panel: '/admin/transport-requests/panel',
        details: '/admin/transport-requests/details/',
        menu: 'Fee concessions',
        screens: { panel: 'transport-request-panel', details: 'transport-request-details' },
      },
      statusPage: { path: '/transport-request/status', param: 'number' },
      workflow: { ...base.workflow, statuses: ['asked'] },
    } as unknown as RecordKind;
    const missing = missingFor(fake, registry);
    for (const expected of [
      'admin screen transport-request-panel (src/features/transport-request/kind-screens.ts)',
      'admin page with screen="transport-request-details" (src/pages/admin/)',
      'admin list page /admin/transport-requests/panel',
      'rewrite of /admin/transport-requests/details/* in public/_redirects',
      'template label transport-request.submitted (messages.templates)',
      'en text message.transport-request.submitted',
      'hi text mobile.what.transport-request',
      'hi text status.transport-request.asked',
      'server part (src/features/kinds.server.ts)',
      'status page /transport-request/status',
      'function netlify/functions/transport-request.mts',
      'route /v1/api/transport-request/:id/erase excluded by api-not-found.mts',
      'record_kinds row (SELECT record_kind(...) in its migration)',
      'messages.entity CHECK',
      'payments.entity CHECK',
      'fee_concessions.search_names',
      'trigger fee_concessions_status_count_insert',
    ])
      expect(missing).toContain(expected);
  });
});
