/**
 * The admin API's Origin check compares with the site's configured address (Netlify's URL; the
 * local runtime's http://localhost:PORT), never with the request's Host header, which the client
 * writes. A state change from another origin is refused 403 whatever Host says.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, requestFrom, type ApiClient } from '../support/api.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const NOTHING = 'Send role, disabled, resetPassword or resetSecondFactor.';
const CROSS_SITE = 'Cross-site request refused';

describe('Origin of state-changing admin calls', () => {
  let principal: ApiClient;
  let path: string;
  let base: string;
  let port: string;

  beforeAll(async () => {
    base = site('baseURL');
    port = new URL(base).port;
    principal = await adminClient();
    const me = await (await principal.request('/v1/api/auth')).json();
    // A PATCH that changes nothing: past the Origin and token checks it answers 400, so it proves which check stopped it.
    path = `/v1/api/admins/${me._id}`;
  });

  /** The principal's PATCH with its session and token, and the given Host and Origin. */
  async function patchWith(headers: Record<string, string>) {
    const cookie = [...principal.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await requestFrom(
      base,
      '127.0.0.1',
      'PATCH',
      path,
      {},
      { cookie, 'x-xsrf-token': principal.xsrf!, ...headers },
    );
    return { status: res.status, error: (JSON.parse(res.body) as { error: string }).error };
  }

  it('a forged Host with a matching Origin is refused 403', async () => {
    expect(await patchWith({ host: 'evil.example', origin: 'http://evil.example' })).toEqual({
      status: 403,
      error: CROSS_SITE,
    });
    expect(await patchWith({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).toEqual({
      status: 403,
      error: CROSS_SITE,
    });
  });

  it("the site's own address passes, whatever Host says; so does 127.0.0.1, the same loopback server", async () => {
    expect(await patchWith({ host: `localhost:${port}`, origin: base })).toEqual({ status: 400, error: NOTHING });
    expect(await patchWith({ host: 'evil.example', origin: base })).toEqual({ status: 400, error: NOTHING });
    expect(await patchWith({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).toEqual({
      status: 400,
      error: NOTHING,
    });
  });

  it('another port, another scheme, or a null origin is refused', async () => {
    const other = String(Number(port) + 1);
    expect(await patchWith({ host: `localhost:${other}`, origin: `http://localhost:${other}` })).toEqual({
      status: 403,
      error: CROSS_SITE,
    });
    expect(await patchWith({ host: `localhost:${port}`, origin: `https://localhost:${port}` })).toEqual({
      status: 403,
      error: CROSS_SITE,
    });
    expect(await patchWith({ origin: 'null' })).toEqual({ status: 403, error: CROSS_SITE });
  });

  it('without Origin (not a browser) the XSRF token decides, as before', async () => {
    expect(await patchWith({})).toEqual({ status: 400, error: NOTHING });
    const noToken = await requestFrom(
      base,
      '127.0.0.1',
      'PATCH',
      path,
      {},
      { cookie: [...principal.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    );
    expect(noToken.status).toBe(403);
  });
});
