/**
 * The functions refuse a declared body over their route's limit before reading it, from the same
 * table the local runtime's front server refuses it by (tests/http/local-runtime.test.ts checks the
 * front server; a function behind it never sees such a request there, so its own check is run here).
 */
import { describe, expect, it } from 'vitest';
import type { Context } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import {
  bodyLimit,
  ADMISSION_BODY_BYTES,
  GALLERY_BODY_BYTES,
  JSON_BODY_BYTES,
  PIECE_BODY_BYTES,
  UPLOAD_BODY_BYTES,
} from '../../src/features/body-limits.ts';
import { REQUEST_TEXTS } from '../../src/lib/forms/texts.ts';

const netlify = { ip: '203.0.113.9' } as Context;

function post(path: string, declared: number, method = 'POST'): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { 'content-length': String(declared), 'content-type': 'application/json' },
    body: '{}',
  });
}

describe("the functions' body limits", () => {
  let reached = 0;
  const handle = router({
    '/v1/api/enquiry': { POST: () => (reached++, new Response('{}')) },
    '/v1/api/uploads': { POST: () => (reached++, new Response('{}')) },
    '/v1/api/gallery/:id': { PUT: () => (reached++, new Response('{}')) },
    '/v1/api/uploads/pieces/:id/:n': { PUT: () => (reached++, new Response('{}')) },
  });

  it('each route has its figure, an application with every document the largest', () => {
    expect(bodyLimit('POST', '/v1/api/enquiry/').bytes).toBe(JSON_BODY_BYTES);
    expect(bodyLimit('POST', '/v1/api/uploads').bytes).toBe(UPLOAD_BODY_BYTES);
    expect(bodyLimit('POST', '/v1/api/admission').bytes).toBe(ADMISSION_BODY_BYTES);
    expect(bodyLimit('PUT', '/v1/api/gallery/9').bytes).toBe(GALLERY_BODY_BYTES);
    expect(bodyLimit('GET', '/v1/api/gallery/9').bytes).toBe(JSON_BODY_BYTES);
    expect(ADMISSION_BODY_BYTES).toBeGreaterThan(Math.max(UPLOAD_BODY_BYTES, GALLERY_BODY_BYTES));
    // A piece of a 10 MB document: 1 MB, well under the ~4.5 MB of binary body Netlify lets a function take.
    expect(bodyLimit('PUT', '/v1/api/uploads/pieces/0b7c/3').bytes).toBe(PIECE_BODY_BYTES);
    expect(PIECE_BODY_BYTES).toBe(1024 * 1024);
    expect(UPLOAD_BODY_BYTES).toBeLessThan(4.5 * 1024 * 1024);
  });

  it('a declared length one byte over is refused 413 before the handler runs; at the limit it runs', async () => {
    const over = await handle(post('/v1/api/enquiry', JSON_BODY_BYTES + 1), netlify);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: REQUEST_TEXTS.bodyTooLarge, code: 'request.bodyTooLarge' });
    const upload = await handle(post('/v1/api/uploads', UPLOAD_BODY_BYTES + 1), netlify);
    const inPieces = REQUEST_TEXTS.uploadInPieces;
    expect(await upload.json()).toEqual({
      error: inPieces,
      fields: { file: inPieces },
      codes: { file: 'request.uploadInPieces' },
      code: 'request.uploadInPieces',
    });
    const piece = await handle(post('/v1/api/uploads/pieces/0b7c/3', PIECE_BODY_BYTES + 1, 'PUT'), netlify);
    expect(piece.status).toBe(413);
    expect(await piece.json()).toEqual({ error: REQUEST_TEXTS.pieceTooLarge, code: 'request.pieceTooLarge' });
    expect((await handle(post('/v1/api/gallery/9', GALLERY_BODY_BYTES + 1, 'PUT'), netlify)).status).toBe(413);
    expect(reached).toBe(0);
    expect((await handle(post('/v1/api/uploads', UPLOAD_BODY_BYTES), netlify)).status).toBe(200);
    expect((await handle(post('/v1/api/uploads/pieces/0b7c/3', PIECE_BODY_BYTES, 'PUT'), netlify)).status).toBe(200);
    expect(reached).toBe(2);
  });
});
