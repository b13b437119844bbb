/**
 * Every route of every function, read from the functions' own
 * `config` exports, is either on the explicit public list below or guarded: 401 without a
 * session, and for a state-changing method 403 with a session but without the XSRF header.
 * A new function or route that is neither fails this test. Every public route is bounded: with its
 * limits at 0 a well-formed request answers 429, or the route says why it needs none.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, formFrom, requestFrom } from '../support/api.ts';
import {
  HOLDING_LIMITS,
  PUBLIC,
  PUBLIC_LIMITS,
  PUBLIC_MAY_401_TEST_GATEWAY,
  SAFE,
  concrete,
  eachLimited,
  enumerateRoutes,
  kindFunctions,
  routeKey,
  type Route,
} from '../support/routes.ts';
import { TEST_GATEWAY } from '../support/runtime.ts';
import { GATEWAY_SECRETS } from '../support/gateway.ts';
import { admissionForm, png } from '../http/admin-fixtures.ts';
import { validEnquiry, validTc } from '../unit/forms-cases.ts';
import { DEFAULT_LIMITS, useApiSite, useInProcessSite } from '../support/in-process-site.ts';

/** Public routes whose own answer without a session is 401 by design (so not checked for "not 401"). */
const PUBLIC_MAY_401 = new Set([
  'GET /v1/api/auth',
  'POST /v1/api/auth/login',
  'POST /v1/api/auth/login/code',
  ...PUBLIC_MAY_401_TEST_GATEWAY,
]);

const SLOW = 300_000;

let routes: Route[] = [];
let notFoundExcludes: string[] = [];
beforeAll(async () => {
  ({ routes, notFoundExcludes } = await enumerateRoutes());
});

describe('route matrix: every function route is public-listed or admin-guarded', () => {
  useApiSite();
  it('finds the functions and their routes', () => {
    const files = new Set(routes.map((r) => r.file));
    for (const f of [
      'auth.mts',
      ...kindFunctions(),
      'vacancies.mts',
      'gallery.mts',
      'audit.mts',
      'events.mts',
      'tc-verification.mts',
    ])
      expect(files).toContain(f);
    expect(routes.length).toBeGreaterThan(20);
  });

  it("leaves every other function's path, and only those, to that function: the not-found function excludes exactly them", () => {
    const served = [...new Set(routes.filter((r) => r.path.startsWith('/v1/api/')).map((r) => r.path))].sort();
    expect([...notFoundExcludes].sort()).toEqual(served);
  });

  it('lists no public route that does not exist (the list stays exact)', () => {
    const known = new Set(routes.map(routeKey));
    const stale = Object.keys(PUBLIC).filter((key) => !known.has(key));
    expect(stale).toEqual([]);
  });

  it(
    'answers 401 without a session on every non-public route, and public routes are not behind the guard',
    async () => {
      const visitor = new ApiClient();
      const problems: string[] = [];
      let guarded = 0;
      await eachLimited(routes, async (route) => {
        const res = await visitor.request(concrete(route.path), {
          method: route.method,
          headers: { 'content-type': 'application/json' },
          body: SAFE.has(route.method) ? undefined : '{}',
        });
        await res.arrayBuffer();
        const key = routeKey(route);
        if (key in PUBLIC) {
          if (res.status === 405) problems.push(`${key} is listed public but answers 405`);
          if (!PUBLIC_MAY_401.has(key) && (res.status === 401 || res.status === 403))
            problems.push(`${key} is listed public but answers ${res.status}`);
          return;
        }
        // A method the config lists for the function but this path does not serve: 405 with Allow, no handler.
        if (res.status === 405) {
          if ((res.headers.get('allow') ?? '').split(/,\s*/).includes(route.method))
            problems.push(`${key} answers 405 but allows it`);
          return;
        }
        if (res.status !== 401)
          problems.push(
            `${key} (${route.file}) answers ${res.status} without a session: add the guard, or list it in PUBLIC`,
          );
        else guarded++;
      });
      expect(problems).toEqual([]);
      expect(guarded).toBeGreaterThanOrEqual(15);
    },
    SLOW,
  );

  it(
    'answers 403 with a session but without X-XSRF-TOKEN on every state-changing non-public route',
    async () => {
      const admin = await adminClient();
      const problems: string[] = [];
      let checked = 0;
      const unsafe = routes.filter((route) => !SAFE.has(route.method) && !(routeKey(route) in PUBLIC));
      await eachLimited(unsafe, async (route) => {
        const res = await admin.request(concrete(route.path), {
          method: route.method,
          xsrf: false,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        await res.arrayBuffer();
        if (res.status === 405) return;
        if (res.status !== 403)
          problems.push(`${routeKey(route)} (${route.file}) answers ${res.status} without the XSRF header`);
        else checked++;
      });
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThanOrEqual(7);
      // The same session still works: the refusals were about the header, not the session.
      expect((await admin.request('/v1/api/auth')).status).toBe(200);
    },
    SLOW,
  );

  it('a wrong or foreign-origin XSRF token is refused the same way', async () => {
    const admin = await adminClient();
    const id = crypto.randomUUID();
    const wrong = await admin.request(`/v1/api/jobs/${id}`, {
      method: 'DELETE',
      xsrf: false,
      headers: { 'X-XSRF-TOKEN': 'forged' },
    });
    expect(wrong.status).toBe(403);
    const foreign = await admin.request(`/v1/api/jobs/${id}`, {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });
});

/** A well-formed request to each bounded public route: what its limits count (a malformed one may be refused before). */
const MOBILE = '9876543210';
const LOOKUP_PAIR = { referenceNumber: 'RMCP-2026-000001', contactNo: MOBILE };
const WELL_FORMED: Record<string, (base: string, from: string) => Promise<{ status: number; body: string }>> = {
  'POST /v1/api/auth/login': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/auth/login', {
      email: 'someone@school.test',
      password: 'not the password',
    }),
  'POST /v1/api/auth/login/code': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/auth/login/code', { code: '123456' }),
  'POST /v1/api/enquiry': (base, from) => requestFrom(base, from, 'POST', '/v1/api/enquiry', validEnquiry()),
  'POST /v1/api/admission': async (base, from) =>
    formFrom(base, from, '/v1/api/admission', (await admissionForm()).form),
  'GET /v1/api/admission/acknowledgment': (base, from) =>
    requestFrom(base, from, 'GET', `/v1/api/admission/acknowledgment?${new URLSearchParams(LOOKUP_PAIR)}`),
  'GET /v1/api/admission/letter': (base, from) =>
    requestFrom(base, from, 'GET', `/v1/api/admission/letter?${new URLSearchParams(LOOKUP_PAIR)}`),
  'POST /v1/api/uploads': (base, from) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'photo.png');
    return formFrom(base, from, '/v1/api/uploads', form);
  },
  'POST /v1/api/uploads/held': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/uploads/held', { ids: [crypto.randomUUID()] }),
  'POST /v1/api/uploads/pieces': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/uploads/pieces', { name: 'scan.pdf', size: 3_500_000 }),
  'GET /v1/api/uploads/pieces/:id': (base, from) =>
    requestFrom(base, from, 'GET', `/v1/api/uploads/pieces/${crypto.randomUUID()}`),
  'PUT /v1/api/uploads/pieces/:id/:n': (base, from) =>
    requestFrom(base, from, 'PUT', `/v1/api/uploads/pieces/${crypto.randomUUID()}/0`, {}),
  'POST /v1/api/tc-request': (base, from) => requestFrom(base, from, 'POST', '/v1/api/tc-request', validTc()),
  'GET /v1/api/tc-request/admission-number/:admissionNumber': (base, from) =>
    requestFrom(base, from, 'GET', '/v1/api/tc-request/admission-number/ADM-1'),
  'POST /v1/api/admission/status': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/admission/status', LOOKUP_PAIR),
  'POST /v1/api/admission/status/replace': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/admission/status/replace', {
      ...LOOKUP_PAIR,
      field: 'studentPhoto',
      uploadId: crypto.randomUUID(),
    }),
  'POST /v1/api/tc-request/status': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/tc-request/status', { admissionNumber: 'ADM-1', contactNo: MOBILE }),
  'GET /v1/api/admission/receipt': (base, from) =>
    requestFrom(
      base,
      from,
      'GET',
      `/v1/api/admission/receipt?${new URLSearchParams({ ...LOOKUP_PAIR, number: 'RMCP-R-2026-000001' })}`,
    ),
  'POST /v1/api/tc-verification': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/tc-verification', { tcNumber: 'TC/2026/1', issuedOn: '2026-01-05' }),
  'POST /v1/api/payments/order': (base, from) =>
    requestFrom(base, from, 'POST', '/v1/api/payments/order', {
      kind: 'tc-request',
      number: 'ADM-1',
      contactNo: MOBILE,
    }),
  'GET /v1/api/tc-request/acknowledgment': (base, from) =>
    requestFrom(
      base,
      from,
      'GET',
      `/v1/api/tc-request/acknowledgment?${new URLSearchParams({ referenceNumber: 'RMCP-T-2026-000001', contact: MOBILE })}`,
    ),
  'GET /v1/api/tc-request/receipt': (base, from) =>
    requestFrom(
      base,
      from,
      'GET',
      `/v1/api/tc-request/receipt?${new URLSearchParams({ admissionNumber: 'ADM-1', contactNo: MOBILE, number: 'RMCP-R-2026-000001' })}`,
    ),
};

describe('route matrix: every public route is bounded', () => {
  const bounded = Object.entries(PUBLIC_LIMITS).filter((entry): entry is [string, readonly string[]] =>
    Array.isArray(entry[1]),
  );
  const named = [...new Set(bounded.flatMap(([, names]) => names))];
  // A site of its own after the one above has stopped: the limits at their defaults, the named ones at 0, and the
  // test gateway on, so the order route reaches its lookup limits (without it, 409: no online payment).
  const limited = useInProcessSite({
    ...DEFAULT_LIMITS,
    ...Object.fromEntries(named.map((name) => [name, '0'])),
    ...TEST_GATEWAY,
    ...GATEWAY_SECRETS,
  });

  it('says for every public route what bounds it, and names every limit the config has', () => {
    expect(Object.keys(PUBLIC_LIMITS).sort()).toEqual(Object.keys(PUBLIC).sort());
    const configured = new Set(
      readFileSync(new URL('../../src/config/limits.ts', import.meta.url), 'utf8').match(/RATE_LIMIT_[A-Z_]+[A-Z]/g),
    );
    expect([...configured].filter((name) => !named.includes(name) && !(name in HOLDING_LIMITS))).toEqual([]);
    expect(named.filter((name) => name.startsWith('RATE_LIMIT_') && !configured.has(name))).toEqual([]);
    expect(Object.keys(WELL_FORMED).sort()).toEqual(bounded.map(([key]) => key).sort());
  });

  it(
    'answers 429 to a well-formed request on every bounded public route when its limits are 0',
    async () => {
      const answers: string[] = [];
      let n = 0;
      await eachLimited(bounded, async ([key]) => {
        const answer = await WELL_FORMED[key]!(limited().url, `127.0.7.${++n}`);
        if (answer.status !== 429) answers.push(`${key}: ${answer.status} ${answer.body.slice(0, 160)}`);
        else expect(JSON.parse(answer.body)).toMatchObject({ error: expect.any(String) });
      });
      expect(answers).toEqual([]);
    },
    SLOW,
  );
});
