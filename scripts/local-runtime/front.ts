/**
 * What the local runtime's front server refuses itself, before the emulator or a function sees the
 * request: a method the site does not serve (TRACE, CONNECT, WebDAV's, made-up ones), 405; and a
 * body over its route's limit (src/features/body-limits.ts, the figures the functions check too),
 * 413 before a byte of it is read. The API's refusals are its functions' JSON; each closes the
 * connection, since what follows on it (a body, a tunnel) is not going to be used.
 */
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { Transform, type Duplex, type Readable } from 'node:stream';
import { bodyLimit, declaredTooLarge } from '../../src/features/body-limits.ts';
import { HttpError, requestRefusal } from '../../src/server/errors.ts';
import { BASE_SECURITY_HEADERS, cspString } from '../../src/server/security-headers.ts';

export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The methods the site and its API answer; any other is refused here. */
const SERVED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** What the site's pages and files take (a page of the API names its route's own). */
const SITE_METHODS = 'GET, HEAD';

/** The functions' paths: their refusals are JSON, as the functions' own are. */
const isApi = (path: string) => path.startsWith('/v1/');

function refusal(path: string, error: HttpError, headers: Record<string, string> = {}): Refusal {
  const api = isApi(path);
  const body = api
    ? JSON.stringify({
        error: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.codes ? { codes: error.codes } : {}),
        ...(error.code ? { code: error.code } : {}),
      })
    : `${error.message}\n`;
  return {
    status: error.status,
    headers: {
      'Content-Security-Policy': cspString(),
      ...BASE_SECURITY_HEADERS,
      'Cache-Control': 'no-store',
      'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
      ...headers,
    },
    body,
  };
}

/**
 * 405 for a method the runtime does not serve, with Allow: the route's methods on the API
 * (`routeMethods` asks its function), GET and HEAD elsewhere; undefined for a served method.
 */
export async function refuseMethod(
  method: string,
  path: string,
  routeMethods: () => Promise<string>,
): Promise<Refusal | undefined> {
  if (SERVED.has(method.toUpperCase())) return undefined;
  const allow = isApi(path) ? await routeMethods() : SITE_METHODS;
  return refusal(path, requestRefusal(405, 'methodNotAllowed'), { Allow: allow });
}

/** 413 when the declared Content-Length is over the route's limit, before any of the body is read. */
export function refuseUnreadBody(method: string, path: string, contentLength: string | undefined): Refusal | undefined {
  const error = declaredTooLarge(method, path, contentLength);
  return error && refusal(path, error);
}

/** How long a refused connection stays open for the client to read the answer and close its side. */
const LINGER_MS = 5000;

/** Writes a refusal on a connection (one Node's HTTP parser has let go of, or a refused request's), then closes our side of it. */
export function writeRaw(socket: Duplex, answer: Refusal): void {
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    ...Object.entries(answer.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${answer.body}`);
  // A client that never closes its side does not keep the socket.
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Answers a request with a refusal and closes the connection gently. The client may still be
 * sending the body it declared, and a socket closed with data unread is reset, which can lose the
 * answer on its way (measured: 1 upload in 20 got EPIPE instead of the 413). So the answer goes
 * out, our side closes, and what still arrives is dropped by Node's parser, never buffered or
 * handed on, until the client closes or LINGER_MS pass (a web server's lingering close).
 */
export function refuseOnConnection(req: IncomingMessage, answer: Refusal): void {
  // An answer to HEAD has the headers of the answer to GET, and no body.
  writeRaw(req.socket, req.method === 'HEAD' ? { ...answer, body: '' } : answer);
  req.resume();
}

/**
 * A request's body, cut where its route's limit is passed: a body without a Content-Length (sent
 * in chunks) is otherwise read to its end, whatever its size, before a function sees it. Once cut,
 * `refusal` holds the route's 413.
 */
export class LimitedBody {
  refusal: Refusal | undefined;
  readonly #req: IncomingMessage;
  readonly #path: string;

  constructor(req: IncomingMessage, path: string) {
    this.#req = req;
    this.#path = path;
  }

  stream(): Readable {
    const req = this.#req;
    const limit = bodyLimit(req.method ?? 'GET', this.#path);
    let seen = 0;
    const counted = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        seen += chunk.length;
        if (seen <= limit.bytes) return done(null, chunk);
        this.refusal = refusal(this.#path, limit.refusal());
        // The rest is not read: the answer closes the connection.
        req.unpipe(counted);
        req.pause();
        done(limit.refusal());
      },
    });
    req.on('error', (error) => counted.destroy(error));
    return req.pipe(counted);
  }
}
