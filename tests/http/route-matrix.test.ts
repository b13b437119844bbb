/**
 * Every route of every function, read from the functions' own
 * `config` exports, is either on the explicit public list below or guarded: 401 without a
 * session, and for a state-changing method 403 with a session but without the XSRF header.
 * A new function or route that is neither fails this test.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';

const FUNCTIONS_DIR = resolve(import.meta.dirname, '../../netlify/functions');
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes anyone may call. Each entry says why; everything else must be admin-only. */
const PUBLIC: Record<string, string> = {
  'GET /v1/api/auth': 'the session check itself (401 when signed out)',
  'POST /v1/api/auth/login': 'sign in',
  'POST /v1/api/auth/logout': 'sign out (checks XSRF when a session exists)',
  'POST /v1/api/enquiry': 'public enquiry form',
  'POST /v1/api/admission': 'public admission forms',
  'POST /v1/api/uploads': 'staged admission documents',
  'POST /v1/api/tc-request': 'public TC request form',
  'GET /v1/api/tc-request/admission-number/:admissionNumber': 'count of earlier TC requests (the TC form)',
  'GET /v1/api/jobs': 'public vacancies page',
  'GET /v1/api/jobs/:id': 'public vacancy modal',
  'GET /v1/api/gallery': 'public gallery page',
  'GET /v1/api/gallery/:id': 'public gallery modal',
  'GET /v1/uploads/gallery/:key': 'published gallery images',
};

/** Public routes whose own answer without a session is 401 by design (so not checked for "not 401"). */
const PUBLIC_MAY_401 = new Set(['GET /v1/api/auth', 'POST /v1/api/auth/login']);

const SAMPLE_PARAMS: Record<string, () => string> = {
  id: () => crypto.randomUUID(),
  key: () => '0123456789abcdef0123456789abcdef.png',
  field: () => 'studentPhoto',
  admissionNumber: () => 'ADM-1',
  paymentId: () => crypto.randomUUID(),
  receiptNumber: () => 'RMCP-R-2026-000001',
};

interface Route {
  file: string;
  method: string;
  path: string;
}

/** The function that answers a JSON 404 for every API path no other function serves. */
const NOT_FOUND_FUNCTION = 'api-not-found.mts';
let notFoundExcludes: string[] = [];

async function enumerateRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  const files = readdirSync(FUNCTIONS_DIR).filter((f) => /\.(mts|ts|mjs|js)$/.test(f)).sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(FUNCTIONS_DIR, file)).href)) as {
      config?: { path?: string | string[]; method?: string | string[]; schedule?: string; excludedPath?: string | string[] };
    };
    const config = mod.config;
    if (file === NOT_FOUND_FUNCTION) {
      notFoundExcludes = [config?.excludedPath ?? []].flat();
      continue;
    }
    if (!config) throw new Error(`${file} has no config export: its routes cannot be checked`);
    if (!config.path) {
      // Only scheduled functions may go without a path (they are not reachable over HTTP).
      expect(config.schedule, `${file} has neither a path nor a schedule`).toBeTruthy();
      continue;
    }
    const paths = Array.isArray(config.path) ? config.path : [config.path];
    const methods = config.method ? (Array.isArray(config.method) ? config.method : [config.method]) : ALL_METHODS;
    for (const path of paths) for (const method of methods) routes.push({ file, method: method.toUpperCase(), path });
  }
  return routes;
}

function concrete(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const sample = SAMPLE_PARAMS[name];
    if (!sample) throw new Error(`no sample value for the route parameter :${name} (add one to SAMPLE_PARAMS)`);
    return encodeURIComponent(sample());
  });
}

const label = (r: Route) => `${r.method} ${r.path}`;
/** HEAD is GET without a body: a path public for GET is public for HEAD. */
const publicKey = (r: Route) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.path}`;

/** Runs `fn` over `items`, a few at a time (each request starts a function worker in the emulator). */
async function eachLimited<T>(items: T[], fn: (item: T) => Promise<void>, limit = 4): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

const SLOW = 300_000;

let routes: Route[] = [];
beforeAll(async () => {
  routes = await enumerateRoutes();
});

describe('route matrix: every function route is public-listed or admin-guarded', () => {
  it('finds the functions and their routes', () => {
    const files = new Set(routes.map((r) => r.file));
    for (const f of ['auth.mts', 'enquiry.mts', 'admission.mts', 'tc-request.mts', 'jobs.mts', 'gallery.mts', 'audit.mts']) expect(files).toContain(f);
    expect(routes.length).toBeGreaterThan(20);
  });

  it('leaves every other function\'s path, and only those, to that function: the not-found function excludes exactly them', () => {
    const served = [...new Set(routes.filter((r) => r.path.startsWith('/v1/api/')).map((r) => r.path))].sort();
    expect([...notFoundExcludes].sort()).toEqual(served);
  });

  it('lists no public route that does not exist (the list stays exact)', () => {
    const known = new Set(routes.map(label));
    const stale = Object.keys(PUBLIC).filter((key) => !known.has(key));
    expect(stale).toEqual([]);
  });

  it('answers 401 without a session on every non-public route, and public routes are not behind the guard', async () => {
    const visitor = new ApiClient();
    const problems: string[] = [];
    let guarded = 0;
    await eachLimited(routes, async (route) => {
      const res = await visitor.request(concrete(route.path), { method: route.method, headers: { 'content-type': 'application/json' }, body: SAFE.has(route.method) ? undefined : '{}' });
      await res.arrayBuffer();
      const key = publicKey(route);
      if (key in PUBLIC) {
        if (res.status === 405) problems.push(`${key} is listed public but answers 405`);
        if (!PUBLIC_MAY_401.has(key) && (res.status === 401 || res.status === 403)) problems.push(`${key} is listed public but answers ${res.status}`);
        return;
      }
      // A method the config lists for the function but this path does not serve: 405 with Allow, no handler.
      if (res.status === 405) {
        if ((res.headers.get('allow') ?? '').split(/,\s*/).includes(route.method)) problems.push(`${key} answers 405 but allows it`);
        return;
      }
      if (res.status !== 401) problems.push(`${key} (${route.file}) answers ${res.status} without a session: add the guard, or list it in PUBLIC`);
      else guarded++;
    });
    expect(problems).toEqual([]);
    expect(guarded).toBeGreaterThanOrEqual(15);
  }, SLOW);

  it('answers 403 with a session but without X-XSRF-TOKEN on every state-changing non-public route', async () => {
    const admin = await adminClient();
    const problems: string[] = [];
    let checked = 0;
    const unsafe = routes.filter((route) => !SAFE.has(route.method) && !(publicKey(route) in PUBLIC));
    await eachLimited(unsafe, async (route) => {
      const res = await admin.request(concrete(route.path), { method: route.method, xsrf: false, headers: { 'content-type': 'application/json' }, body: '{}' });
      await res.arrayBuffer();
      if (res.status === 405) return;
      if (res.status !== 403) problems.push(`${label(route)} (${route.file}) answers ${res.status} without the XSRF header`);
      else checked++;
    });
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(7);
    // The same session still works: the refusals were about the header, not the session.
    expect((await admin.request('/v1/api/auth')).status).toBe(200);
  }, SLOW);

  it('a wrong or foreign-origin XSRF token is refused the same way', async () => {
    const admin = await adminClient();
    const id = crypto.randomUUID();
    const wrong = await admin.request(`/v1/api/jobs/${id}`, { method: 'DELETE', xsrf: false, headers: { 'X-XSRF-TOKEN': 'forged' } });
    expect(wrong.status).toBe(403);
    const foreign = await admin.request(`/v1/api/jobs/${id}`, { method: 'DELETE', headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });
});
