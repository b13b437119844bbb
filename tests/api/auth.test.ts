import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

describe('auth API', () => {
  it('signs in with the seeded admin, answers the admin and sets the cookies', async () => {
    const client = new ApiClient();
    const res = await client.login();
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual([
      '_id',
      'email',
      'mustChangePassword',
      'mustSetUpSecondFactor',
      'name',
      'role',
      'secondFactor',
    ]);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/);
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).not.toMatch(/HttpOnly/);
    expect(JSON.stringify(body)).not.toMatch(/hash|token/i);

    const me = await client.request('/v1/api/auth');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(body);
  });

  it('answers 401 without a session', async () => {
    const res = await new ApiClient().request('/v1/api/auth');
    expect(res.status).toBe(401);
    expect(await res.json()).toHaveProperty('error');
  });

  it.each([
    ['wrong password', { email: 'office@school.test', password: 'nope' }],
    ['unknown email', { email: 'nobody@school.test', password: 'nope' }],
    ['missing fields', {}],
  ])('refuses a %s with the same 401', async (_, json) => {
    const res = await new ApiClient().request('/v1/api/auth/login', { method: 'POST', json });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid Credentials!' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers bad JSON with 400 and a wrong method with 405 and Allow', async () => {
    const bad = await new ApiClient().request('/v1/api/auth/login', {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid JSON body', code: 'request.invalidJson' });
    const wrong = await new ApiClient().request('/v1/api/auth/login');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('logout clears the cookies and revokes the session: a copied cookie no longer works', async () => {
    const client = await adminClient();
    const copy = new ApiClient();
    for (const [k, v] of client.cookies) copy.cookies.set(k, v);
    expect((await copy.request('/v1/api/auth')).status).toBe(200);
    const out = await client.request('/v1/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^session=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await copy.request('/v1/api/auth')).status).toBe(401);
  });

  it('logout with a session but without the XSRF header is refused', async () => {
    const client = await adminClient();
    const res = await client.request('/v1/api/auth/logout', { method: 'POST', xsrf: false });
    expect(res.status).toBe(403);
    expect((await client.request('/v1/api/auth')).status).toBe(200);
  });

  it('throttles an e-mail after 5 failures in 15 minutes', async () => {
    const email = `throttle-${Date.now()}@school.test`;
    const client = new ApiClient();
    for (let i = 0; i < 5; i++) {
      const res = await client.request('/v1/api/auth/login', { method: 'POST', json: { email, password: 'x' } });
      expect(res.status).toBe(401);
    }
    const sixth = await client.request('/v1/api/auth/login', { method: 'POST', json: { email, password: 'x' } });
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ error: 'Too many attempts. Try again later.' });
  });

  it('sends the security headers on function responses', async () => {
    const res = await new ApiClient().request('/v1/api/auth');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toBeTruthy();
  });
});
