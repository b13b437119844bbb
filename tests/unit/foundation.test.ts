import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspString, securityHeaders } from '../../src/server/security-headers.ts';
import { inlineScriptHashes } from '../../src/server/csp-hashes.ts';
import { hashPassword, scryptN, verifyPassword } from '../../src/server/passwords.ts';
import { router } from '../../src/features/router.ts';
import { paging } from '../../src/server/lists.ts';
import { readyForQueryStatus } from '../../scripts/local-runtime/db-sessions.ts';
import { withDefaultUser, isUuid } from '../../src/server/db.ts';
import type { Context } from '@netlify/functions';

describe('security headers', () => {
  it('has the required CSP directives and no unsafe script sources', () => {
    const csp = cspString();
    for (const d of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(d);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
  it('adds inline script hashes to script-src only', () => {
    const headers = securityHeaders(["'sha256-abc'"]);
    expect(headers['Content-Security-Policy']).toMatch(/script-src 'self' 'sha256-abc';/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d+/);
  });
  it('hashes inline scripts but not external or JSON ones', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script type="module">b()</script>';
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });
});

describe('passwords', () => {
  it('costs N=2^17 outside a test run, whatever else the environment holds; 2^14 only under the test runner', () => {
    expect(scryptN({})).toBe(2 ** 17);
    expect(scryptN({ NODE_ENV: 'test', CI: 'true', NETLIFY_DEV: 'true' })).toBe(2 ** 17);
    expect(scryptN({ VITEST: 'true' })).toBe(2 ** 14);
  });

  it("hashes with scrypt (the run's N), r=8, p=1 and a per-user salt; a 2^17 hash is checked at its own N", async () => {
    const production = 'scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA==$';
    const a = await hashPassword('secret password');
    const b = await hashPassword('secret password');
    expect(a).toMatch(new RegExp(`^scrypt\\$${scryptN()}\\$8\\$1\\$`));
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret password', a)).toBe(true);
    expect(await verifyPassword('Secret password', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    const key = scryptSync('secret password', Buffer.from('c2FsdHNhbHRzYWx0c2FsdA==', 'base64'), 32, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    expect(await verifyPassword('secret password', production + key.toString('base64'))).toBe(true);
    expect(await verifyPassword('secret passwort', production + key.toString('base64'))).toBe(false);
  });
});

describe('paging', () => {
  it.each([
    ['', { page: 1, limit: 50, offset: 0 }],
    ['?page=3&limit=20', { page: 3, limit: 20, offset: 40 }],
    ['?page=-4&limit=0', { page: 1, limit: 1, offset: 0 }],
    ['?page=abc&limit=5000', { page: 1, limit: 100, offset: 0 }],
    ['?page=1e9', { page: 1, limit: 50, offset: 0 }],
  ])('clamps %s', (query, expected) => {
    expect(paging(new URL(`http://x/${query}`))).toEqual(expected);
  });
});

describe('router', () => {
  const handler = router({
    '/v1/api/things': { GET: () => new Response('list') },
    '/v1/api/things/:id': { GET: (_req, ctx) => new Response(ctx.params.id), DELETE: () => new Response('gone') },
  });
  const call = (method: string, path: string) =>
    handler(new Request(`http://x${path}`, { method }), { ip: '1.2.3.4' } as Context);

  it('routes by path and method, decoding params', async () => {
    expect(await (await call('GET', '/v1/api/things')).text()).toBe('list');
    expect(await (await call('GET', '/v1/api/things/a%20b')).text()).toBe('a b');
  });
  it('answers 405 with Allow for another method on a known path', async () => {
    const res = await call('POST', '/v1/api/things/1');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, DELETE');
    expect(await res.json()).toEqual({ error: 'Method not allowed', code: 'request.methodNotAllowed' });
  });
  it('answers JSON 404 for an unknown path and 500 without detail for a crash', async () => {
    expect((await call('GET', '/v1/api/other')).status).toBe(404);
    const crashing = router({
      '/x': {
        GET: () => {
          throw new Error('secret detail');
        },
      },
    });
    const original = console.error;
    console.error = () => undefined;
    const res = await crashing(new Request('http://x/x'), {} as Context);
    console.error = original;
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Something went wrong' });
  });
  it('sends the security headers and no-store', async () => {
    const res = await call('GET', '/v1/api/things');
    expect(res.headers.get('content-security-policy')).toBe(cspString());
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('database helpers', () => {
  it('adds the default user to a URL without one (CI has no $USER)', () => {
    expect(withDefaultUser('postgres://localhost:5432/postgres')).toBe('postgres://postgres@localhost:5432/postgres');
    expect(withDefaultUser('postgres://me:pw@host/db')).toBe('postgres://me:pw@host/db');
  });
  it('recognises UUIDs only', () => {
    expect(isUuid('0b7d0c39-8f7e-4c59-9a3e-2f0f4f1c1a2b')).toBe(true);
    expect(isUuid("1' OR 1=1")).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
  it('reads the transaction status of a ReadyForQuery message', () => {
    expect(readyForQueryStatus(new Uint8Array([0x43, 0x5a, 0, 0, 0, 5, 0x49]))).toBe('I');
    expect(readyForQueryStatus(new Uint8Array([0x5a, 0, 0, 0, 5, 0x54]))).toBe('T');
    expect(readyForQueryStatus(new Uint8Array([0x31, 0, 0, 0, 4]))).toBeUndefined();
  });
});
