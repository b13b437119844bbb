/** HTTP helpers for tests: a client with a cookie jar that signs in and sends the XSRF header like the site does. */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { site } from './site.ts';

export const baseURL = () => site('baseURL');

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

  async login(email = site('adminEmail'), password = site('adminPassword')): Promise<Response> {
    const res = await this.request('/v1/api/auth/login', { method: 'POST', json: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return res;
  }
}

/** A signed-in client of the seeded principal (of the runtime at `base`, default the test runtime). */
export async function adminClient(base?: string): Promise<ApiClient> {
  const client = new ApiClient(base);
  await client.login();
  return client;
}

/**
 * A JSON request from a given loopback source address (Linux routes all of 127.0.0.0/8 to the
 * loopback interface), for tests of what the runtime counts per client address.
 */
export function requestFrom(
  base: string,
  from: string,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  const body = json === undefined ? '' : JSON.stringify(json);
  return sendFrom(base, from, method, path, body, { 'content-type': 'application/json', ...headers });
}

/** A multipart form (e.g. an application) POSTed from a given loopback source address, as `requestFrom`. */
export async function formFrom(base: string, from: string, path: string, form: FormData): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return sendFrom(base, from, 'POST', path, body, { 'content-type': encoded.headers.get('content-type')! });
}

function sendFrom(
  base: string, from: string, method: string, path: string, body: string | Buffer, headers: Record<string, string>,
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        // The runtime listens on 127.0.0.1; `localhost` might resolve to ::1, which no 127.x source can reach.
        host: '127.0.0.1',
        port: new URL(base).port,
        localAddress: from,
        agent: false,
        method,
        path,
        headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let staffCount = 0;

export interface Staff {
  client: ApiClient;
  /** The account as GET /v1/api/admins answers it. */
  account: { _id: string; name: string; email: string; role: 'principal' | 'office' };
  email: string;
  password: string;
}

/**
 * A new signed-in staff account of `role`, made as the office would make it: the seeded principal
 * adds it (POST /v1/api/admins), it signs in with the temporary password and sets its own.
 */
export async function staffClient(role: 'principal' | 'office', name = `Test ${role} ${++staffCount}`, base?: string): Promise<Staff> {
  const principal = await adminClient(base);
  const email = `${role}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@school.test`;
  const added = await principal.request('/v1/api/admins', { method: 'POST', json: { name, email, role } });
  if (added.status !== 201) throw new Error(`adding a ${role} failed: ${added.status} ${await added.text()}`);
  const { admin, temporaryPassword } = (await added.json()) as { admin: Staff['account']; temporaryPassword: string };
  const client = new ApiClient(base);
  await client.login(email, temporaryPassword);
  const password = `${role} password ${Math.random().toString(36).slice(2)}`;
  const changed = await client.request('/v1/api/auth/password', { method: 'POST', json: { currentPassword: temporaryPassword, newPassword: password } });
  if (changed.status !== 200) throw new Error(`setting the password failed: ${changed.status} ${await changed.text()}`);
  return { client, account: admin, email, password };
}
