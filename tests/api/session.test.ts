/** Session tokens and XSRF: only a live, HS256-signed, expiring token of a live session signs in. */
import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { ApiClient, adminClient } from '../support/api.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

/** The site's SESSION_SECRET, as its functions read it (the file's own site sets it in this process). */
const secret = () => new TextEncoder().encode(process.env.SESSION_SECRET);

async function withToken(token: string) {
  const client = new ApiClient();
  client.cookies.set('session', token);
  return client.request('/v1/api/auth');
}

describe('session tokens', () => {
  it('accepts the token it issued, which expires in 8 hours', async () => {
    const client = await adminClient();
    const claims = decodeJwt(client.cookies.get('session')!);
    expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    expect((await withToken(client.cookies.get('session')!)).status).toBe(200);
  });

  it('refuses a token signed with another algorithm, without exp, expired, or tampered', async () => {
    const live = decodeJwt((await adminClient()).cookies.get('session')!);
    const base = () => new SignJWT({ sid: live.sid }).setSubject(String(live.sub)).setIssuedAt();
    const hs512 = await base().setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(secret());
    const noExp = await base().setProtectedHeader({ alg: 'HS256' }).sign(secret());
    const expired = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret());
    const wrongKey = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the secret'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...live })).toString('base64url')}.`;
    for (const token of [hs512, noExp, expired, wrongKey, unsigned]) expect((await withToken(token)).status).toBe(401);
  });

  it('refuses a well-signed token for a session that does not exist', async () => {
    const token = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .setExpirationTime('1h')
      .sign(secret());
    expect((await withToken(token)).status).toBe(401);
  });
});

describe('XSRF', () => {
  it('the XSRF cookie is readable by scripts and differs per session', async () => {
    const a = await adminClient();
    const b = await adminClient();
    expect(a.xsrf).toBeTruthy();
    expect(a.xsrf).not.toBe(b.xsrf);
  });

  it('refuses a state change with a wrong token or a foreign Origin, accepts the right one', async () => {
    const client = await adminClient();
    const wrong = await client.request('/v1/api/auth/logout', {
      method: 'POST',
      xsrf: false,
      headers: { 'X-XSRF-TOKEN': 'forged' },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toHaveProperty('error');
    const foreign = await client.request('/v1/api/auth/logout', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const sameOrigin = await client.request('/v1/api/auth/logout', {
      method: 'POST',
      headers: { Origin: new URL(site('baseURL')).origin },
    });
    expect(sameOrigin.status).toBe(200);
  });
});
