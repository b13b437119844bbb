import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MSG } from '../../src/lib/forms/texts.ts';
import { GIF, HTML, JPEG, PDF, PNG, ZIP, closeDb, db, padded, sha256, storedCopies, unique, upload } from './forms-fixtures.ts';

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
    const { rows } = await db().query('SELECT sha256, content_type, admission_id, size FROM uploads WHERE id = $1', [body.id]);
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

  it('refuses 2 MB + 1 byte with 413 and stores nothing', async () => {
    const data = unique(padded(PNG, MB2 + 1 - 16));
    expect(data.length).toBe(MB2 + 1);
    const res = await upload(data, 'big.png');
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe(MSG.fileTooLarge);
    expect(await storedCopies([data])).toBe(0);
  });

  it('refuses 2 MB + 1 byte sent without a Content-Length (chunked) at the byte limit', async () => {
    const data = unique(padded(PNG, MB2 + 1 - 16));
    const boundary = '----formsboundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const parts = [head, data, tail];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const res = await fetch(new URL('/v1/api/uploads', inject('baseURL')), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe(MSG.fileTooLarge);
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
    expect(await res.json()).toEqual({ error: MSG.fileType, fields: { file: MSG.fileType }, codes: { file: 'form.fileType' }, code: 'form.fileType' });
    expect(await storedCopies([data])).toBe(0);
  });

  it('refuses no file (400), an empty file (400), JSON (415) and GET (405)', async () => {
    const none = await fetch(new URL('/v1/api/uploads', inject('baseURL')), { method: 'POST', body: new FormData() });
    expect(none.status).toBe(400);
    const empty = await upload(Buffer.alloc(0), 'empty.pdf');
    expect(empty.status).toBe(400);
    const asJson = await fetch(new URL('/v1/api/uploads', inject('baseURL')), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"file":"x"}',
    });
    expect(asJson.status).toBe(415);
    const get = await fetch(new URL('/v1/api/uploads', inject('baseURL')));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a second file in the same request', async () => {
    const form = new FormData();
    form.append('a', new Blob([new Uint8Array(PNG)]), 'a.png');
    form.append('b', new Blob([new Uint8Array(PNG)]), 'b.png');
    const res = await fetch(new URL('/v1/api/uploads', inject('baseURL')), { method: 'POST', body: form });
    expect(res.status).toBe(413);
  });

  it('answers with the security headers and no-store', async () => {
    const res = await upload(PNG, 'p.png');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
