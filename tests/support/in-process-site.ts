/**
 * The site's API in the test file's own process, for the database-layer tests (tests/db): the
 * functions of netlify/functions/ called as Netlify calls them (a Request and a context, routed by
 * their config.path), on a database of the file's own (tests/support/database.ts) and a local
 * Blobs server over a folder of the file's own. No emulator, no function builds, no other file's
 * rows: what these tests count is theirs alone. What only the running site shows (headers, the
 * built pages, the emulator's own behaviour) stays in the runtime suite (tests/http, tests/e2e).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { matchPath } from '../../src/server/route-path.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { ApiClient, staffClient } from './api.ts';
import { freshDatabase, type FreshDatabase } from './database.ts';
import { useSite } from './site.ts';
import { RAISED_LIMITS } from './runtime.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './global-setup.ts';

const repo = resolve(import.meta.dirname, '../..');

type Handler = (req: Request, context: Context) => Promise<Response> | Response;
interface Route {
  /** Whether the route takes `pathname`: the functions' own matcher, and a trailing `/*` taking any rest. */
  takes: (pathname: string) => boolean;
  wildcard: boolean;
  handler: Handler;
}

async function loadRoutes(): Promise<Route[]> {
  const dir = join(repo, 'netlify/functions');
  const routes: Route[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.mts')).sort()) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: Handler; config?: Config };
    const paths = mod.config?.path;
    if (!paths) continue; // scheduled functions: the tests run their jobs themselves
    for (const path of Array.isArray(paths) ? paths : [paths]) {
      const wildcard = path.endsWith('/*');
      const prefix = path.slice(0, -1);
      const takes = wildcard
        ? (pathname: string) => pathname.startsWith(prefix)
        : (pathname: string) => matchPath(path, pathname) !== undefined;
      routes.push({ takes, wildcard, handler: mod.default });
    }
  }
  // Netlify prefers a path without a wildcard (the API's catch-all answers only what no function takes).
  return routes.sort((a, b) => Number(a.wildcard) - Number(b.wildcard));
}

export interface InProcessSite {
  url: string;
  databaseUrl: string;
  /** The site's folder: .netlify/blobs-serve holds its blobs, as in the local runtime. */
  root: string;
  stop(): Promise<void>;
}

/** The runtime suite's raised limits set back to their defaults (an empty setting is the default), for tests of the limits. */
export const DEFAULT_LIMITS: Record<string, string> = Object.fromEntries(
  Object.keys(RAISED_LIMITS).map((name) => [name, '']),
);

/** Starts the API with a fresh database and blob store; `env` on top of the runtime suite's settings. */
export async function startInProcessSite(env: Record<string, string> = {}): Promise<InProcessSite> {
  const root = await mkdtemp(join(tmpdir(), 'rmcp-db-'));
  const blobsDir = join(root, '.netlify', 'blobs-serve');
  await mkdir(blobsDir, { recursive: true });
  const database: FreshDatabase = await freshDatabase();
  const token = randomBytes(16).toString('hex');
  const blobs = new BlobsServer({ directory: blobsDir, token, logger: () => undefined });
  const { port: blobsPort } = await blobs.start();

  const settings: Record<string, string> = {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...RAISED_LIMITS,
    NETLIFY_LOCAL: 'true',
    SESSION_SECRET: randomBytes(32).toString('base64'),
    AADHAAR_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: database.url,
    ...env,
  };
  const saved = new Map<string, string | undefined>();
  const setEnv = (name: string, value: string) => {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    process.env[name] = value;
  };
  for (const [name, value] of Object.entries(settings)) setEnv(name, value);
  // Site id '0', as @netlify/dev names a site not linked to Netlify: `npm run cleanup` in this root finds the same blobs.
  setEnvironmentContext({
    siteID: '0',
    token,
    edgeURL: `http://localhost:${blobsPort}`,
    uncachedEdgeURL: `http://localhost:${blobsPort}`,
  });

  const { seedFirstAdmin } = await import('../../scripts/seed-admin.ts');
  await seedFirstAdmin(() => undefined);
  const routes = await loadRoutes();
  const pending = new Set<Promise<unknown>>();

  const server: Server = createServer((req, res) => {
    void serve(req, res).catch((error: unknown) => {
      console.error('[in-process site]', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as { port: number }).port}`);
    const route = routes.find((r) => r.takes(url.pathname));
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = !['GET', 'HEAD'].includes(req.method ?? 'GET');
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: 'half',
    } as RequestInit);
    const context = {
      ip: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '',
      waitUntil: (promise: Promise<unknown>) => {
        const tracked = promise.catch(() => undefined).finally(() => pending.delete(tracked));
        pending.add(tracked);
      },
    } as unknown as Context;
    const response = await route.handler(request, context);
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  }
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  setEnv('URL', url);
  useSite({
    baseURL: url,
    databaseURL: database.url,
    runtimeRoot: root,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  });

  return {
    url,
    databaseUrl: database.url,
    root,
    async stop() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      await Promise.all(pending);
      const { closePool } = await import('../../src/server/db.ts');
      await closePool();
      // The tests' own pool on this database (tests/http/forms-fixtures.ts), before the database goes.
      const { closeDb } = await import('../http/forms-fixtures.ts');
      await closeDb();
      await database.stop();
      await blobs.stop();
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The file's own site for all its tests, started before the first and stopped after the last. */
export function useInProcessSite(env: Record<string, string> = {}): () => InProcessSite {
  let site: InProcessSite | undefined;
  beforeAll(async () => {
    site = await startInProcessSite(env);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });
  return () => {
    if (!site) throw new Error('the in-process site is not started yet');
    return site;
  };
}

/** A site with what most database-layer files read it through: a pool on its database and a clerk's session. */
export interface OfficeSite extends InProcessSite {
  db: pg.Pool;
  office: ApiClient;
}

/** Starts a site as startInProcessSite does, with a pool on its database and the office clerk `clerk` signed in; stop() closes the pool too. */
export async function startOfficeSite(env: Record<string, string>, clerk: string): Promise<OfficeSite> {
  const site = await startInProcessSite(env);
  const db = new pg.Pool({ connectionString: withDefaultUser(site.databaseUrl), max: 2 });
  const office = (await staffClient('office', clerk, site.url)).client;
  return {
    ...site,
    db,
    office,
    async stop() {
      await db.end();
      await site.stop();
    },
  };
}
