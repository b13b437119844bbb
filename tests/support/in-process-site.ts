/**
 * The site's API in the test file's own process, for the database-layer and API tests (tests/db, tests/api): the
 * functions of netlify/functions/ called as Netlify calls them (a Request and a context, routed by
 * their config.path), on a database of the file's own (tests/support/database.ts) and a local
 * Blobs server over a folder of the file's own. No emulator, no function builds, no other file's
 * rows: what these tests count is theirs alone. Paths no function takes are the built files, bare.
 * What only the running site shows (the built pages' headers and redirects, the emulator's own
 * behaviour) stays in the runtime suite (tests/http, tests/e2e).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { refuseMethod, refuseOnConnection, writeRaw } from '../../scripts/local-runtime/front.ts';
import { withDefaultUser } from '../../src/server/db.ts';
import { ApiClient, staffClient } from './api.ts';
import { freshDatabase, type FreshDatabase } from './database.ts';
import { useSite } from './site.ts';
import { RAISED_LIMITS, TEST_GATEWAY } from './runtime.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WEBHOOK_SECRETS } from './global-setup.ts';
import { GATEWAY_SECRETS } from './gateway.ts';

const repo = resolve(import.meta.dirname, '../..');

/** The built site, as the runtime takes it (tests/support/runtime.ts): TEST_DIST_DIR, else dist/. */
const dist = resolve(repo, process.env.TEST_DIST_DIR ?? 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

/**
 * A built file for a path no function takes (`/x/` is `/x/index.html`), as the CDN serves it: the public
 * pages' functions fetch their shells (src/server/public-page.ts) from the site's own address.
 */
async function builtFile(pathname: string): Promise<{ body: Buffer; type: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = resolve(dist, `.${decoded}`);
  if (path !== dist && !path.startsWith(dist + sep)) return undefined;
  for (const candidate of [path, join(path, 'index.html'), `${path}.html`]) {
    const found = await stat(candidate).catch(() => undefined);
    if (found?.isFile())
      return { body: await readFile(candidate), type: TYPES[extname(candidate)] ?? 'application/octet-stream' };
  }
  return undefined;
}

type Handler = (req: Request, context: Context) => Promise<Response> | Response;
interface Route {
  /** Whether the route takes `pathname`: the functions' own matcher, a trailing `/*` taking any rest, less the function's excludedPath. */
  takes: (pathname: string) => boolean;
  wildcard: boolean;
  handler: Handler;
}

/**
 * Whether `path` (a config path: `/x/:id`, or `/x/*` taking any rest) takes `pathname`, segment by segment
 * as sent (a segment that does not decode still reaches its function, which answers it).
 */
function pathTakes(path: string, pathname: string): boolean {
  if (path.endsWith('/*')) return pathname.startsWith(path.slice(0, -1));
  const want = path.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}

async function loadRoutes(): Promise<Route[]> {
  const dir = join(repo, 'netlify/functions');
  const routes: Route[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.mts')).sort()) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: Handler; config?: Config };
    const paths = mod.config?.path;
    if (!paths) continue; // scheduled functions: the tests run their jobs themselves
    const excluded = [mod.config?.excludedPath ?? []].flat();
    for (const path of Array.isArray(paths) ? paths : [paths]) {
      const takes = (pathname: string) =>
        pathTakes(path, pathname) && !excluded.some((other) => pathTakes(other, pathname));
      routes.push({ takes, wildcard: path.endsWith('/*'), handler: mod.default });
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
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('base64'),
    AADHAAR_KEY: randomBytes(32).toString('base64'),
  };
  // Where the local runtime keeps the secrets it generates (scripts/local-secrets.ts), for the helpers that sign as the site does.
  await writeFile(join(root, '.netlify', 'local-secrets.json'), JSON.stringify(secrets));
  const token = randomBytes(16).toString('hex');
  const blobs = new BlobsServer({ directory: blobsDir, token, logger: () => undefined });
  const { port: blobsPort } = await blobs.start();

  const settings: Record<string, string> = {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...RAISED_LIMITS,
    NETLIFY_LOCAL: 'true',
    ...secrets,
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
    // A method the site does not serve is refused before any function, as the local runtime's front does.
    const refused = await refuseMethod(req.method ?? '', url.pathname, () => routeMethods(url.pathname));
    if (refused) return refuseOnConnection(req, refused);
    const route = routes.find((r) => r.takes(url.pathname));
    if (!route) {
      const file = ['GET', 'HEAD'].includes(req.method ?? 'GET') ? await builtFile(url.pathname) : undefined;
      res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
      res.end(file?.body ?? 'Not found');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = !['GET', 'HEAD'].includes(req.method ?? 'GET');
    // The whole body read first, as Netlify hands a function its request: a handler that answers before
    // reading a body (a refusal) must not cut off a client still sending it.
    const chunks: Buffer[] = [];
    if (hasBody) for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
    });
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
  /** The methods an API route takes, as its function's 405 to OPTIONS names them (a refusal's Allow). */
  async function routeMethods(pathname: string): Promise<string> {
    const route = routes.find((r) => r.takes(pathname));
    if (!route) return '';
    const request = new Request(new URL(pathname, 'http://127.0.0.1'), { method: 'OPTIONS' });
    const answer = await Promise.resolve(route.handler(request, { waitUntil: () => undefined } as unknown as Context));
    return answer.status === 405 ? (answer.headers.get('allow') ?? '') : '';
  }
  // A method Node's parser does not know (BREW) is refused as the local runtime refuses it; other unreadable requests are dropped.
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (error.code !== 'HPE_INVALID_METHOD' || !socket.writable) return void socket.destroy();
    const [method = '', target = ''] = (error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '').split(' ');
    const path = target.startsWith('/') ? target.split('?')[0]! : '';
    void refuseMethod(method || 'UNKNOWN', path, () => routeMethods(path)).then((refusal) =>
      writeRaw(socket, refusal!),
    );
  });
  // A client's keep-alive socket reused at the instant the server closes it as idle hangs up a POST
  // no client may retry: the tests' clients pause longer than Node's 5 s on busy cores, so idle sockets
  // are kept for as long as a test file runs.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  setEnv('URL', url);
  useSite({
    baseURL: url,
    databaseURL: database.url,
    runtimeRoot: root,
    adminEmail: settings.ADMIN_EMAIL,
    adminPassword: settings.ADMIN_PASSWORD,
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

/**
 * The file's own site with the settings of the runtime suite's shared runtime (tests/support/global-setup.ts):
 * the providers' webhook secrets and the built-in test gateway with the secrets the runtime generates for it
 * (scripts/local-secrets.ts), `env` on top. For the API files (tests/api).
 */
export function useApiSite(env: Record<string, string> = {}): () => InProcessSite {
  return useInProcessSite({ ...WEBHOOK_SECRETS, ...TEST_GATEWAY, ...GATEWAY_SECRETS, ...env });
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
