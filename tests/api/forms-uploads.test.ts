import { afterAll, describe, expect, it } from 'vitest';

import { FORM_TEXTS, REQUEST_TEXTS } from '../../src/lib/forms/texts.ts';
import { MAX_FILE_BYTES, PIECE_BYTES } from '../../src/lib/forms/files.ts';
import {
  GIF,
  HTML,
  JPEG,
  PDF,
  PNG,
  ZIP,
  closeDb,
  count,
  db,
  padded,
  pieceBlobs,
  putPiece,
  sha256,
  startPieces,
  storedCopies,
  unique,
  upload,
} from '../http/forms-fixtures.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

const MB2 = 2 * 1024 * 1024;
afterAll(closeDb);

describe('POST /v1/api/uploads', () => {
  it.each([
    ['a PNG', PNG, 'photo.png', 'image/png'],
    ['a JPEG', JPEG, 'photo.jpg', 'image/jpeg'],
    ['a PDF', PDF, 'aadhaar.pdf', 'application/pdf'],
    ['a PNG renamed .pdf (type by bytes)', PNG, 'scan.pdf', 'image/png'],
    ['a PDF named .jpg', PDF, 'photo.jpg', 'application/pdf'],
  ])('stages %s: 201 {id, name, size, type}, SHA-256 stored', async (_, data, name, type) => {
    const res = await upload(data, name);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'name', 'size', 'type']);
    expect(body).toMatchObject({ name, size: data.length, type });
    const { rows } = await db().query('SELECT sha256, content_type, admission_id, size FROM uploads WHERE id = $1', [
      body.id,
    ]);
    expect(rows[0]).toEqual({ sha256: sha256(data), content_type: type, admission_id: null, size: data.length });
  });

  it('accepts exactly 2 MB and keeps the bytes (SHA-256)', async () => {
    const data = padded(JPEG, MB2, 7);
    const res = await upload(data, 'big.jpg');
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.size).toBe(MB2);
    const { rows } = await db().query('SELECT sha256 FROM uploads WHERE id = $1', [body.id]);
    expect(rows[0].sha256).toBe(sha256(data));
  });

  it('refuses 2 MB + 1 byte in one request with 413 (a larger file is sent in pieces) and stores nothing', async () => {
    const data = unique(padded(PNG, MB2 + 1 - 16));
    expect(data.length).toBe(MB2 + 1);
    const res = await upload(data, 'big.png');
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe(REQUEST_TEXTS.uploadInPieces);
    expect(await storedCopies([data])).toBe(0);
  });

  it('refuses 2 MB + 1 byte sent without a Content-Length (chunked) at the byte limit', async () => {
    const data = unique(padded(PNG, MB2 + 1 - 16));
    const boundary = '----formsboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const parts = [head, data, tail];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const res = await fetch(new URL('/v1/api/uploads', site('baseURL')), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe(REQUEST_TEXTS.uploadInPieces);
    expect(await storedCopies([data])).toBe(0);
  });

  it.each([
    ['an HTML file named .png', HTML, 'photo.png'],
    ['a GIF named .jpg', GIF, 'photo.jpg'],
    ['a ZIP named .pdf', ZIP, 'marks.pdf'],
    ['plain text named .pdf', Buffer.from('just some text, not a PDF'), 'tc.pdf'],
  ])('refuses %s with 415 (type by bytes) and stores nothing', async (_, bytes, name) => {
    const data = unique(bytes);
    const res = await upload(data, name);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: FORM_TEXTS.fileType,
      fields: { file: FORM_TEXTS.fileType },
      codes: { file: 'form.fileType' },
      code: 'form.fileType',
    });
    expect(await storedCopies([data])).toBe(0);
  });

  it('refuses no file (400), an empty file (400), JSON (415) and GET (405)', async () => {
    const none = await fetch(new URL('/v1/api/uploads', site('baseURL')), { method: 'POST', body: new FormData() });
    expect(none.status).toBe(400);
    const empty = await upload(Buffer.alloc(0), 'empty.pdf');
    expect(empty.status).toBe(400);
    const asJson = await fetch(new URL('/v1/api/uploads', site('baseURL')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"file":"x"}',
    });
    expect(asJson.status).toBe(415);
    const get = await fetch(new URL('/v1/api/uploads', site('baseURL')));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a second file in the same request', async () => {
    const form = new FormData();
    form.append('a', new Blob([new Uint8Array(PNG)]), 'a.png');
    form.append('b', new Blob([new Uint8Array(PNG)]), 'b.png');
    const res = await fetch(new URL('/v1/api/uploads', site('baseURL')), { method: 'POST', body: form });
    expect(res.status).toBe(413);
  });

  it('answers with the security headers and no-store', async () => {
    const res = await upload(PNG, 'p.png');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

const api = (path: string) => new URL(path, site('baseURL'));
const pieceOf = (data: Buffer, n: number) => data.subarray(n * PIECE_BYTES, (n + 1) * PIECE_BYTES);

describe('a document sent in pieces (POST /v1/api/uploads/pieces, PUT .../:id/:n)', () => {
  it('a 10 MB PDF goes in 10 pieces of 1 MB, is kept as one file and leaves no pieces behind', async () => {
    const data = unique(padded(PDF, MAX_FILE_BYTES - 16, 3));
    expect(data.length).toBe(MAX_FILE_BYTES);
    const started = await startPieces('scan from the café.pdf', data.length);
    expect(started.status).toBe(201);
    const { id, pieces, pieceBytes } = await started.json();
    expect([pieces, pieceBytes]).toEqual([10, PIECE_BYTES]);
    for (let n = 0; n < 9; n++) expect((await putPiece(id, n, pieceOf(data, n))).status).toBe(200);
    expect((await pieceBlobs(id)).length).toBe(9);
    const last = await putPiece(id, 9, pieceOf(data, 9));
    expect(last.status).toBe(201);
    const body = await last.json();
    expect(body).toMatchObject({ name: 'scan from the café.pdf', size: MAX_FILE_BYTES, type: 'application/pdf' });
    const { rows } = await db().query('SELECT sha256, admission_id FROM uploads WHERE id = $1', [body.id]);
    expect(rows[0]).toEqual({ sha256: sha256(data), admission_id: null });
    expect(await storedCopies([data])).toBe(2); // the row and the one assembled blob
    expect(await pieceBlobs(id)).toEqual([]);
    expect(await count('upload_sessions', 'id = $1', [id])).toBe(0);
    // The upload is done: its pieces are no longer taken.
    expect((await putPiece(id, 0, pieceOf(data, 0))).status).toBe(404);
  }, 60_000);

  it('a piece cut off by a dropped connection is not held; the browser asks what is and sends the rest', async () => {
    const data = unique(padded(PDF, 3.5 * 1024 * 1024, 5));
    const { id, pieces } = await (await startPieces('tc.pdf', data.length)).json();
    expect(pieces).toBe(4);
    expect((await putPiece(id, 0, pieceOf(data, 0))).status).toBe(200);
    expect((await putPiece(id, 1, pieceOf(data, 1))).status).toBe(200);
    // Piece 2: half of it goes, then the connection drops.
    const half = pieceOf(data, 2).subarray(0, PIECE_BYTES / 2);
    let sent = false;
    const dropping = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new Uint8Array(half));
        } else controller.error(new Error('connection dropped'));
      },
    });
    await expect(
      fetch(api(`/v1/api/uploads/pieces/${id}/2`), {
        method: 'PUT',
        body: dropping,
        duplex: 'half',
      } as RequestInit).then((r) => r.status),
    ).rejects.toThrow();
    const status = await fetch(api(`/v1/api/uploads/pieces/${id}`));
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ received: [0, 1], pieces: 4, pieceBytes: PIECE_BYTES, size: data.length });
    expect((await putPiece(id, 2, pieceOf(data, 2))).status).toBe(200);
    // A last piece of the wrong size is refused and changes nothing.
    const short = await putPiece(id, 3, pieceOf(data, 3).subarray(1));
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe('request.pieceSize');
    const done = await putPiece(id, 3, pieceOf(data, 3));
    expect(done.status).toBe(201);
    const { rows } = await db().query('SELECT sha256, size FROM uploads WHERE id = $1', [(await done.json()).id]);
    expect(rows[0]).toEqual({ sha256: sha256(data), size: data.length });
  }, 60_000);

  it('a file whose bytes are not a PDF, JPEG or PNG is refused 415 once assembled, and leaves no blobs', async () => {
    const data = unique(padded(ZIP, 2.5 * 1024 * 1024));
    const { id } = await (await startPieces('marks.pdf', data.length)).json();
    expect((await putPiece(id, 1, pieceOf(data, 1))).status).toBe(200);
    expect((await putPiece(id, 2, pieceOf(data, 2))).status).toBe(200);
    const last = await putPiece(id, 0, pieceOf(data, 0));
    expect(last.status).toBe(415);
    expect((await last.json()).code).toBe('form.fileType');
    expect(await pieceBlobs(id)).toEqual([]);
    expect(await storedCopies([data])).toBe(0);
    expect(await count('upload_sessions', 'id = $1', [id])).toBe(0);
  }, 60_000);

  it('refuses a piece over 1 MB (413), a file over 10 MB (413) and an unknown upload (404)', async () => {
    const data = padded(PDF, 2 * PIECE_BYTES);
    const { id } = await (await startPieces('a.pdf', data.length)).json();
    const over = await putPiece(id, 0, data.subarray(0, PIECE_BYTES + 1));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: REQUEST_TEXTS.pieceTooLarge, code: 'request.pieceTooLarge' });
    expect(await pieceBlobs(id)).toEqual([]);
    const tooBig = await startPieces('big.pdf', MAX_FILE_BYTES + 1);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toBe(FORM_TEXTS.fileTooLarge);
    expect(FORM_TEXTS.fileTooLarge).toBe('File size must be less than 10MB');
    expect((await putPiece(crypto.randomUUID(), 0, pieceOf(data, 0))).status).toBe(404);
    expect((await putPiece(id, 2, pieceOf(data, 0))).status).toBe(404);
  });
});
