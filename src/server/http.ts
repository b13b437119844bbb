/**
 * The one place where a function's request becomes a response: routing by path and method,
 * JSON bodies with a size limit, error-to-JSON mapping and the security headers.
 */
import type { Context } from '@netlify/functions';
import { HttpError, requestRefusal, tooLarge } from './errors.ts';
import { securityHeaders } from './security-headers.ts';
import { matchPath } from './route-path.ts';
import { REQUEST_TEXTS } from '../lib/forms/texts.ts';

/** A JSON body (every form but those with files, and any other request): the forms' text needs a few KB. */
export const JSON_BODY_BYTES = 32 * 1024;

/** The refusal of a request whose declared Content-Length is over its route's limit, else undefined. */
export type BodyCheck = (method: string, pathname: string, contentLength: string | null) => HttpError | undefined;

export interface RouteContext {
  params: Record<string, string>;
  ip: string;
  netlify: Context;
}
export type Handler = (req: Request, ctx: RouteContext) => Promise<Response> | Response;
export type Routes = Record<string, Partial<Record<string, Handler>>>;

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorResponse(
  status: number,
  error: string,
  fields?: Record<string, string>,
  headers: Record<string, string> = {},
  code?: string,
  codes?: Record<string, string>,
  extra: Record<string, unknown> = {},
): Response {
  return json(
    { error, ...(fields ? { fields } : {}), ...(codes ? { codes } : {}), ...(code ? { code } : {}), ...extra },
    status,
    headers,
  );
}

function withHeaders(response: Response, req: Request): Response {
  const headers = new Headers(response.headers);
  const https = new URL(req.url).protocol === 'https:';
  for (const [name, value] of Object.entries(securityHeaders())) {
    if (name === 'Strict-Transport-Security' && !https) continue;
    if (!headers.has(name)) headers.set(name, value);
  }
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  // HEAD is GET without the body: the same status and headers.
  const body = req.method === 'HEAD' ? null : response.body;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Refuses a path or query string carrying text a query could not store as sent (see checkText). */
function checkUrl(url: URL): void {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // Not decodable: no route parameter will match it, and the route answers 404.
    path = '';
  }
  if (withUnstorableText([path, ...[...url.searchParams].flat()]).length)
    throw requestRefusal(400, 'invalidCharacters');
}

/**
 * Text Postgres cannot store as sent: NUL it refuses, and a lone surrogate (half a UTF-16 pair, which
 * a JSON \u escape can make) the driver would write as U+FFFD. With the u flag the range matches
 * only unpaired surrogates.
 */
// eslint-disable-next-line no-control-regex -- NUL is what this finds
const UNSTORABLE = /\u0000|[\ud800-\udfff]/u;

/**
 * The names of the values in `value` (an object, list or text) whose text cannot be stored as sent.
 * Walked with a queue, not recursion: a client can nest a JSON body thousands of levels deep.
 */
function withUnstorableText(value: unknown): string[] {
  const bad: string[] = [];
  const queue: [unknown, string][] = [[value, '']];
  for (let i = 0; i < queue.length; i++) {
    const [item, path] = queue[i]!;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) bad.push(path || '_');
    } else if (Array.isArray(item)) {
      item.forEach((v, index) => queue.push([v, path || String(index)]));
    } else if (item && typeof item === 'object') {
      for (const [k, v] of Object.entries(item)) {
        if (UNSTORABLE.test(k)) bad.push(path || '_');
        else queue.push([v, path || k]);
      }
    }
  }
  return bad;
}

/** 400 naming the fields whose text cannot be stored as sent. */
export function checkText(value: unknown): void {
  const bad = withUnstorableText(value);
  if (bad.length) throw requestRefusal(400, 'invalidCharacters', bad);
}

/**
 * A function's default export: `routes` maps each path pattern of its `config.path` to the
 * handlers of the methods it serves. Every method reaches it (the functions' configs list them
 * all), so another method on a known path is a JSON 405 with `Allow`, and HEAD is GET without a body.
 * `refuseBody` is the body limits' check (the functions get it bound by src/features/router.ts).
 */
export function router(routes: Routes, refuseBody: BodyCheck) {
  const handle = async (req: Request, netlify: Context): Promise<Response> => {
    const { pathname } = new URL(req.url);
    let response: Response;
    try {
      response = await dispatch(routes, refuseBody, req, netlify, pathname);
    } catch (error) {
      response = toErrorResponse(error, req);
    }
    return withHeaders(response, req);
  };
  // The table stays readable on the export, so docs/api.md can be checked against it (tests/unit/api-doc.test.ts).
  return Object.assign(handle, { routes });
}

async function dispatch(
  routes: Routes,
  refuseBody: BodyCheck,
  req: Request,
  netlify: Context,
  pathname: string,
): Promise<Response> {
  checkUrl(new URL(req.url));
  for (const [pattern, methods] of Object.entries(routes)) {
    const params = matchPath(pattern, pathname.replace(/\/+$/, '') || '/');
    if (!params) continue;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handler = methods[method];
    if (!handler) {
      const allow = Object.keys(methods)
        .flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))
        .join(', ');
      return errorResponse(
        405,
        REQUEST_TEXTS.methodNotAllowed,
        undefined,
        { Allow: allow },
        'request.methodNotAllowed',
      );
    }
    // A declared body over the route's limit is refused unread, as the local runtime's front server refuses it.
    const tooLargeBody = refuseBody(req.method, pathname, req.headers.get('content-length'));
    if (tooLargeBody) throw tooLargeBody;
    return handler(req, { params, ip: clientIp(req, netlify), netlify });
  }
  return errorResponse(404, REQUEST_TEXTS.notFound, undefined, {}, 'request.notFound');
}

export function clientIp(req: Request, netlify: Context | undefined): string {
  return netlify?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}

export function toErrorResponse(error: unknown, req: Request): Response {
  if (error instanceof HttpError)
    return errorResponse(
      error.status,
      error.message,
      error.fields,
      error.headers,
      error.code,
      error.codes,
      error.extra,
    );
  console.error(`[${req.method} ${new URL(req.url).pathname}]`, error);
  return errorResponse(500, 'Something went wrong');
}

/** The raw body, at most `limit` bytes (413 past it): for a webhook whose signature covers the bytes as sent. */
export async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A request body as text (at most `limit` bytes, else 413): what a signature is computed over, byte for byte. */
export async function readText(req: Request, limit = JSON_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readLimited(req, limit));
}

/**
 * The JSON object of a request body (at most JSON_BODY_BYTES), else 400 or 413; 415 unless it is declared
 * application/json, which a page of another site cannot send without the browser asking first (so a
 * cross-site form cannot sign someone in or submit in their name).
 */
export async function readJson(req: Request, limit = JSON_BODY_BYTES): Promise<Record<string, unknown>> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers.get('content-type') ?? '')) throw requestRefusal(415, 'jsonType');
  const bytes = await readLimited(req, limit);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw requestRefusal(400, 'invalidJson');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw requestRefusal(400, 'jsonObject');
  checkText(value);
  return value as Record<string, unknown>;
}
