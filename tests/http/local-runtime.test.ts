/**
 * The local runtime (`npm start`), which a school may run on an office PC, on a runtime of its own
 * (its process's sockets and output are looked at): odd methods answer 405 and close, a declared
 * body over the route's limit is refused 413 unread, a ZIP download dropped midway leaves nothing
 * uncaught and no function instance held, every socket listens on the loopback address, and the
 * local database gateway asks for its password.
 */
import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { startIsolatedRuntime, RAISED_LIMITS, type TestRuntime } from '../support/runtime.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/global-setup.ts';
import { ApiClient } from '../support/api.ts';
import { admissionForm, fileOf } from './admin-fixtures.ts';
import { PDF, padded } from './forms-fixtures.ts';
import { bodyLimit, JSON_BODY_BYTES } from '../../src/features/body-limits.ts';
import { REQUEST_TEXTS } from '../../src/lib/forms/texts.ts';
import { GALLERY_TEXTS } from '../../src/features/gallery/gallery.ts';

/** Against a PostgreSQL server (the PostgreSQL pass) the runtime uses it, and opens no database gateway of its own. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let runtime: TestRuntime;
let port: number;
beforeAll(async () => {
  runtime = await startIsolatedRuntime({ ADMIN_EMAIL, ADMIN_PASSWORD, ...RAISED_LIMITS });
  port = Number(new URL(runtime.url).port);
  // The functions the refusals ask for their methods are built first, outside the exchanges' wait:
  // a first build under a loaded machine's other test files once outlasted it.
  for (const path of ['/v1/api/enquiry', '/v1/api/uploads', '/v1/api/admission', '/v1/api/gallery'])
    await (await fetch(new URL(path, runtime.url), { method: 'OPTIONS' })).arrayBuffer();
}, 240_000);
afterAll(async () => {
  await runtime?.stop();
});

interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The runtime closed the connection (after answering). */
  closed: boolean;
}

/**
 * Writes `head` (a request line and headers, by hand: fetch would refuse these methods) on a raw
 * connection, then `more` once the answer's first bytes arrive (or never), and reads until the
 * runtime closes the connection or `waitMs` passes. The first refusal on a route asks its function for
 * its methods, which builds the function first: on two cores busy with other test files that took
 * over 15 s, so the wait is long (an answer that never comes still fails).
 */
function exchange(head: string, { waitMs = 45_000, body }: { waitMs?: number; body?: Buffer } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
        closed,
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer still leaves the answer read; the test looks at `closed` and the status.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.write(head);
    if (body) socket.write(body);
  });
}

const requestHead = (method: string, target: string, headers: Record<string, string> = {}) =>
  `${method} ${target} HTTP/1.1\r\nHost: localhost:${port}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

async function stillServing(): Promise<void> {
  const res = await fetch(new URL('/v1/api/gallery', runtime.url));
  expect(res.status).toBe(200);
  expect(Array.isArray(await res.json())).toBe(true);
}

describe('methods the runtime does not serve', () => {
  it.each([
    ['TRACE', '/v1/api/enquiry', 'GET, HEAD, POST'],
    ['TRACE', '/v1/api/no-such-route', ''],
    ['PROPFIND', '/v1/api/uploads', 'POST'],
    ['BREW', '/v1/api/enquiry', 'GET, HEAD, POST'],
  ])("%s %s: 405 JSON with the route's Allow, and the connection closed", async (method, path, allow) => {
    const answer = await exchange(requestHead(method, path));
    expect(answer.status).toBe(405);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      error: REQUEST_TEXTS.methodNotAllowed,
      code: 'request.methodNotAllowed',
    });
    expect(answer.headers.allow).toBe(allow);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.closed).toBe(true);
  });

  it.each([
    ['TRACE', '/'],
    ['TRACE', '/admissions'],
    ['PROPFIND', '/'],
    ['BREW', '/'],
    ['CONNECT', `localhost:${443}`],
  ])('%s %s (not the API): 405 with Allow: GET, HEAD, and the connection closed', async (method, target) => {
    const answer = await exchange(requestHead(method, target));
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.closed).toBe(true);
  });

  it('a Host header that is no address: 400 (the emulator could not read the request), not 500', async () => {
    const answer = await exchange(`GET /v1/api/gallery HTTP/1.1\r\nHost: a b\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.closed).toBe(true);
  });

  it('the runtime still answers after each of them', stillServing);

  it('a route refused many odd methods in a row still answers its own (each refusal asks the route for its methods)', async () => {
    for (let i = 0; i < 8; i++) {
      const method = i % 2 ? 'BREW' : 'TRACE';
      expect((await exchange(`${method} /v1/api/jobs HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`)).status).toBe(405);
    }
    const answer = await exchange(`GET /v1/api/jobs HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`, {
      waitMs: 10_000,
    });
    expect(answer.status).toBe(200);
  });
});

describe("a declared body over the route's limit", () => {
  const over = (method: string, path: string) => bodyLimit(method, path).bytes + 1;

  it('the limits are those the functions read by', () => {
    expect(bodyLimit('POST', '/v1/api/enquiry').bytes).toBe(JSON_BODY_BYTES);
    expect(bodyLimit('POST', '/v1/api/uploads').bytes).toBeGreaterThan(2 * 1024 * 1024);
    // An application with every document is the largest body a route takes.
    expect(bodyLimit('POST', '/v1/api/admission').bytes).toBeGreaterThan(bodyLimit('POST', '/v1/api/gallery').bytes);
    expect(bodyLimit('PUT', '/v1/api/gallery/abc').bytes).toBe(bodyLimit('POST', '/v1/api/gallery').bytes);
  });

  it.each([
    [
      'POST',
      '/v1/api/enquiry',
      'application/json',
      { error: REQUEST_TEXTS.bodyTooLarge, code: 'request.bodyTooLarge' },
    ],
    [
      'POST',
      '/v1/api/auth/login',
      'application/json',
      { error: REQUEST_TEXTS.bodyTooLarge, code: 'request.bodyTooLarge' },
    ],
    [
      'POST',
      '/v1/api/admission',
      'multipart/form-data; boundary=x',
      { error: REQUEST_TEXTS.bodyTooLarge, code: 'request.bodyTooLarge' },
    ],
    [
      'POST',
      '/v1/api/uploads',
      'multipart/form-data; boundary=x',
      {
        error: REQUEST_TEXTS.uploadInPieces,
        code: 'request.uploadInPieces',
        fields: { file: REQUEST_TEXTS.uploadInPieces },
        codes: { file: 'request.uploadInPieces' },
      },
    ],
    [
      'PUT',
      '/v1/api/uploads/pieces/abc/0',
      'application/octet-stream',
      { error: REQUEST_TEXTS.pieceTooLarge, code: 'request.pieceTooLarge' },
    ],
    [
      'PUT',
      '/v1/api/gallery/abc',
      'multipart/form-data; boundary=x',
      { error: GALLERY_TEXTS.imageTooLarge, fields: { image: GALLERY_TEXTS.imageTooLarge } },
    ],
  ])(
    '%s %s: 413 JSON (as the function answers it) on the headers alone, and the connection closed',
    async (method, path, type, refusal) => {
      // Only the headers are sent: an answer at all shows the body was not waited for.
      const answer = await exchange(
        requestHead(method, path, { 'Content-Type': type, 'Content-Length': String(over(method, path)) }),
      );
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual(refusal);
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed).toBe(true);
    },
  );

  // More applications than a function has instances (4): a refusal that held one would leave the last without.
  it('a client that sends the whole body anyway reads the 413, not a reset (each of 6 applications)', async () => {
    const size = bodyLimit('POST', '/v1/api/admission').bytes + 2 * 1024 * 1024;
    for (let i = 0; i < 6; i++) {
      const outcome = await new Promise<string>((resolve) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/v1/api/admission',
            agent: false,
            headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': size },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.statusCode)));
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end(Buffer.alloc(size, 0x61));
      });
      expect(outcome).toBe('413');
    }
  });

  it('a page of the site too (its limit is the JSON one)', async () => {
    const answer = await exchange(
      requestHead('POST', '/admissions', { 'Content-Length': String(JSON_BODY_BYTES + 1) }),
    );
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
  });

  it('with Expect: 100-continue, 413 instead of 100 Continue', async () => {
    const answer = await exchange(
      requestHead('POST', '/v1/api/uploads', {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': '50000000',
        Expect: '100-continue',
      }),
    );
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
  });

  it('a chunked body is refused once it passes the limit, not read to its end', async () => {
    // One chunk over the limit is sent and the body never ends: only a refusal at the limit answers.
    const size = JSON_BODY_BYTES + 1024;
    const chunk = Buffer.concat([
      Buffer.from(`${size.toString(16)}\r\n`),
      Buffer.alloc(size, 0x61),
      Buffer.from('\r\n'),
    ]);
    const answer = await exchange(
      requestHead('POST', '/v1/api/enquiry', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
      { body: chunk },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe('request.bodyTooLarge');
    expect(answer.closed).toBe(true);
  });

  it('a body at the limit is read and answered by the route', async () => {
    const json = Buffer.from(JSON.stringify({ padding: 'x'.repeat(JSON_BODY_BYTES - 14) }));
    expect(json.length).toBe(JSON_BODY_BYTES);
    const answer = await exchange(
      requestHead('POST', '/v1/api/enquiry', {
        'Content-Type': 'application/json',
        'Content-Length': String(json.length),
        Connection: 'close',
      }),
      { body: json },
    );
    expect(answer.status).toBe(400);
  });

  it('the runtime still answers', stillServing);
});

describe('a ZIP download dropped midway', () => {
  it('leaves no uncaught exception nor unhandled rejection, and frees the function for the next download', async () => {
    const principal = new ApiClient(runtime.url);
    await principal.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    // Large documents (near the 2 MB limit each): the ZIP is far bigger than the sockets' buffers.
    const { form } = await admissionForm({}, { base: runtime.url });
    for (const field of [
      'studentAadharFile',
      'studentBirthCertificate',
      'fatherAadharFile',
      'motherAadharFile',
      'domicileCertificate',
      'abcCard',
    ]) {
      form.set(field, fileOf(padded(PDF, 2_000_000, field.length), 'application/pdf'), `${field}.pdf`);
    }
    const created = await principal.request('/v1/api/admission', { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const { admission } = await created.json();
    const path = `/v1/api/admission/${admission._id}/export.zip`;
    const cookie = [...principal.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    // More drops than a function has instances: a download that kept its instance would leave none.
    for (let i = 0; i < 6; i++) {
      const received = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers: { cookie }, agent: false }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        });
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
        req.end();
      });
      expect(received).toBeGreaterThan(0);
    }
    const whole = await principal.request(path);
    expect(whole.status).toBe(200);
    const files = unzipSync(new Uint8Array(await whole.arrayBuffer()));
    expect(files['documents/abcCard.pdf']?.length).toBe(2_000_000);
    await stillServing();
    expect(runtime.output()).not.toMatch(/uncaught exception|unhandled rejection/i);
  });
});

// ---- the runtime's sockets --------------------------------------------------------------------

interface Listening {
  address: string;
  port: number;
}

/** The process and its descendants. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out;
}

/** /proc/net/tcp's hex address (each 32-bit word in host order, little-endian here) as text. */
function hexAddress(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  if (bytes.length === 4) return [...bytes].join('.');
  const words = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  return words
    .join(':')
    .replace(/\b(?:0:){2,}/, '::')
    .replace(/^0::/, '::');
}

/** Every TCP socket the runtime's processes listen on (from /proc, as `ss -ltnp` finds them). */
function listeningSockets(pid: number): Listening[] {
  const inodes = new Set<string>();
  for (const p of processTree(pid)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${p}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${p}/fd/${fd}`));
        if (socket) inodes.add(socket[1]!);
      } catch {
        // closed meanwhile
      }
    }
  }
  const out: Listening[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const lines = readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      const [hex, portHex] = cols[1]!.split(':');
      if (cols[3] !== '0A' || !inodes.has(cols[9]!)) continue;
      out.push({ address: hexAddress(hex!), port: parseInt(portHex!, 16) });
    }
  }
  return out;
}

const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || /^::ffff:7f/.test(address);

describe("the runtime's sockets", () => {
  it('every one listens on the loopback address: the site, the blob store and the database gateway', () => {
    const sockets = listeningSockets(runtime.pid);
    const ports = sockets.map((s) => s.port);
    expect(ports).toContain(port);
    if (!onPostgres) expect(ports).toContain(Number(new URL(runtime.databaseUrl).port));
    // The site, the blob store, and on PGlite the database gateway.
    expect(sockets.length).toBeGreaterThanOrEqual(onPostgres ? 2 : 3);
    expect(sockets.filter((s) => !isLoopback(s.address))).toEqual([]);
  });

  it("the local database gateway refuses a wrong password and none, and takes the runtime's; against PostgreSQL the runtime opens none", async () => {
    if (onPostgres) {
      // The site and the blob store only: the functions use the PostgreSQL server's own password.
      expect(listeningSockets(runtime.pid).length).toBe(2);
      return;
    }
    const url = new URL(runtime.databaseUrl);
    expect(url.password).not.toBe('');
    const attempt = async (password: string | undefined) => {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: Number(url.port),
        user: 'postgres',
        database: 'postgres',
        password,
        connectionTimeoutMillis: 10_000,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    expect(await attempt('wrong password')).toMatch(/password authentication failed/);
    expect(await attempt('')).not.toBe(1);
    expect(await attempt(decodeURIComponent(url.password))).toBe(1);
  });

  it('HOST=0.0.0.0 puts the site on every interface (the office LAN), and nothing else', async () => {
    const lan = await startIsolatedRuntime({ ADMIN_EMAIL, ADMIN_PASSWORD, HOST: '0.0.0.0' });
    try {
      const sitePort = Number(new URL(lan.url).port);
      const sockets = listeningSockets(lan.pid);
      expect(sockets.find((s) => s.port === sitePort)?.address).toBe('0.0.0.0');
      expect(sockets.filter((s) => s.port !== sitePort && !isLoopback(s.address))).toEqual([]);
      expect(sockets.length).toBeGreaterThanOrEqual(onPostgres ? 2 : 3);
      expect((await fetch(new URL('/v1/api/gallery', lan.url))).status).toBe(200);
    } finally {
      await lan.stop();
    }
  }, 120_000);
});
