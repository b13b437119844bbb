/**
 * Local runtime only (scripts/runtime.ts): never part of a function.
 *
 * @netlify/functions-dev (5.x) turns a request into a Lambda event with `body: await request.text()`
 * but marks it `isBase64Encoded` whenever the content type is binary (multipart/form-data,
 * image/*, none at all...), so the function decodes UTF-8 text as base64 and receives garbage:
 * every file upload arrived as a few dozen random bytes. Netlify's servers send real base64. This
 * gives the emulator what it expects: binary bodies base64-encoded, so the function gets the
 * exact bytes the browser sent.
 */
import type { IncomingMessage } from 'node:http';
import { shouldBase64Encode } from '@netlify/dev-utils';

/** A web Request with the body base64-encoded when the emulator will decode it; undefined when nothing needs doing. */
export async function requestForEmulator(req: IncomingMessage): Promise<Request | undefined> {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (!shouldBase64Encode(req.headers['content-type'] ?? '')) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // The function sees the decoded size, as on Netlify.
  headers.set('content-length', String(body.length));
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method,
    headers,
    body: body.length ? body.toString('base64') : null,
  });
}
