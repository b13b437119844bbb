/**
 * Every route of every function, read from the functions' own
 * `config` exports, is either on the explicit public list below or guarded: 401 without a
 * session, and for a state-changing method 403 with a session but without the XSRF header.
 * A new function or route that is neither fails this test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { PUBLIC, SAFE, concrete, eachLimited, enumerateRoutes, routeKey, type Route } from '../support/routes.ts';

/** Public routes whose own answer without a session is 401 by design (so not checked for "not 401"). */
const PUBLIC_MAY_401 = new Set(['GET /v1/api/auth', 'POST /v1/api/auth/login']);

const SLOW = 300_000;

let routes: Route[] = [];
let notFoundExcludes: string[] = [];
beforeAll(async () => {
  ({ routes, notFoundExcludes } = await enumerateRoutes());
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
    const known = new Set(routes.map(routeKey));
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
      const key = routeKey(route);
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
    const unsafe = routes.filter((route) => !SAFE.has(route.method) && !(routeKey(route) in PUBLIC));
    await eachLimited(unsafe, async (route) => {
      const res = await admin.request(concrete(route.path), { method: route.method, xsrf: false, headers: { 'content-type': 'application/json' }, body: '{}' });
      await res.arrayBuffer();
      if (res.status === 405) return;
      if (res.status !== 403) problems.push(`${routeKey(route)} (${route.file}) answers ${res.status} without the XSRF header`);
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
