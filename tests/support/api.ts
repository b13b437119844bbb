/** HTTP helpers for tests: a client with a cookie jar that signs in and sends the XSRF header like the site does. */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { site } from './site.ts';

export const baseURL = () => site('baseURL');

/**
 * A JSON answer as the tests read it: its fields looked up by name, each checked by the assertions that
 * follow (the answers' types are what the tests prove, so they are not assumed here).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loosely typed shape of the tests' JSON
export type Json = Record<string, any>;

export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly #base: string | undefined;
  /** `base` when given; otherwise the file's site, looked up at each request (a client made before the site starts works). */
  constructor(base?: string) {
    this.#base = base;
  }

  get base(): string {
    return this.#base ?? baseURL();
  }

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
export async function formFrom(
  base: string,
  from: string,
  path: string,
  form: FormData,
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return sendFrom(base, from, 'POST', path, body, { 'content-type': encoded.headers.get('content-type')! });
}

function sendFrom(
  base: string,
  from: string,
  method: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
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
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
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
 * A new signed-in staff account of `role`, with a password of its own. On the run's own site the
 * account is written straight into its database, as `npm run admin -- create` writes one, with a
 * password hashed once per test file: scrypt costs about 0.3 s of a core per hash, and making it as
 * the office does (the principal adds it, it signs in with the temporary password and sets its own)
 * hashes five times. That way itself is tested in tests/http/admin-accounts.test.ts, and taken here
 * for a runtime of a file's own (`base`), whose database this helper does not know.
 */
export async function staffClient(
  role: 'principal' | 'office',
  name = `Test ${role} ${++staffCount}`,
  base?: string,
  email = `${role}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@school.test`,
): Promise<Staff> {
  if (base !== undefined && base !== baseURL()) return staffAsTheOfficeAddsIt(role, name, email, base);
  const { password, hash } = await staffPassword();
  const { default: pg } = await import('pg');
  const { withDefaultUser } = await import('../../src/server/db.ts');
  const db = new pg.Client({ connectionString: withDefaultUser(site('databaseURL')) });
  await db.connect();
  let id: string;
  try {
    id = (
      await db.query(`INSERT INTO admins (name, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id`, [
        name,
        email,
        hash,
        role,
      ])
    ).rows[0].id;
  } finally {
    await db.end();
  }
  const client = new ApiClient(base);
  await client.login(email, password);
  return { client, account: { _id: id, name, email, role }, email, password };
}

let staffPasswordOnce: Promise<{ password: string; hash: string }> | undefined;
function staffPassword(): Promise<{ password: string; hash: string }> {
  staffPasswordOnce ??= (async () => {
    const { hashPassword } = await import('../../src/server/passwords.ts');
    const password = `staff password ${Math.random().toString(36).slice(2)}`;
    return { password, hash: await hashPassword(password) };
  })();
  return staffPasswordOnce;
}

async function staffAsTheOfficeAddsIt(
  role: 'principal' | 'office',
  name: string,
  email: string,
  base: string,
): Promise<Staff> {
  const principal = await adminClient(base);
  const added = await principal.request('/v1/api/admins', { method: 'POST', json: { name, email, role } });
  if (added.status !== 201) throw new Error(`adding a ${role} failed: ${added.status} ${await added.text()}`);
  const { admin, temporaryPassword } = (await added.json()) as { admin: Staff['account']; temporaryPassword: string };
  const client = new ApiClient(base);
  await client.login(email, temporaryPassword);
  const password = `${role} password ${Math.random().toString(36).slice(2)}`;
  const changed = await client.request('/v1/api/auth/password', {
    method: 'POST',
    json: { currentPassword: temporaryPassword, newPassword: password },
  });
  if (changed.status !== 200) throw new Error(`setting the password failed: ${changed.status} ${await changed.text()}`);
  return { client, account: admin, email, password };
}
