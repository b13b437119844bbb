/** HTTP helpers for tests: a client with a cookie jar that signs in and sends the XSRF header like the site does. */
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base = baseURL()) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(path: string, init: RequestInit & { json?: unknown; xsrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const method = (init.method ?? 'GET').toUpperCase();
    if (init.xsrf !== false && !['GET', 'HEAD'].includes(method) && this.xsrf) headers.set('X-XSRF-TOKEN', this.xsrf);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(new URL(path, this.base), { ...init, method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async login(email = inject('adminEmail'), password = inject('adminPassword')): Promise<Response> {
    const res = await this.request('/v1/api/auth/login', { method: 'POST', json: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return res;
  }
}

/** A signed-in client. */
export async function adminClient(): Promise<ApiClient> {
  const client = new ApiClient();
  await client.login();
  return client;
}
