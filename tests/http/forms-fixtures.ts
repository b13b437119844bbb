/** Small real documents for the form tests (PNG, JPEG, PDF) and helpers to send them. */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { site } from '../support/site.ts';
import pg from 'pg';
import { withDefaultUser } from '../../src/server/db.ts';

/** 200 x 200 px: the smallest image a document may be (a 1 x 1 px image is refused). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAMgAAADIAQMAAACXljzdAAAAA1BMVEUqb5cero9jAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHElEQVRYw+3BgQAAAADDoPlTX+EAVQEAAAAAfAYUUAABAJ8jFQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhlbXd7gYKBTmCNl4x9lnN+gXz/2wBDARUXFx4aHjshITt8U0ZTfHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHz/wAARCADIAMgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAT/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCIBYhAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAf/9k=',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const ZIP = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');

/** A valid file's bytes followed by padding up to `size` bytes (still detected by its header). */
export function padded(head: Buffer, size: number, seed = 0): Buffer {
  const out = Buffer.alloc(size);
  head.copy(out);
  for (let i = head.length; i < size; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export function fileForm(
  field: string,
  data: Buffer,
  name: string,
  type = 'application/octet-stream',
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

export async function upload(data: Buffer, name: string, type?: string): Promise<Response> {
  return fetch(new URL('/v1/api/uploads', site('baseURL')), {
    method: 'POST',
    body: fileForm('file', data, name, type),
  });
}

/** Uploads and returns the staged id (fails the test otherwise). */
export async function stage(data: Buffer, name: string): Promise<string> {
  const res = await upload(data, name);
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

let pool: pg.Pool | undefined;
/** The runtime's own database, to check what was (not) stored. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: withDefaultUser(site('databaseURL')), max: 4 });
  return pool;
}
export async function closeDb(): Promise<void> {
  await pool?.end();
  pool = undefined;
}
export async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const { rows } = await db().query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
  return rows[0].n as number;
}

/** The same kind of file with a few random bytes at the end: content no other test sends. */
export const unique = (data: Buffer) => Buffer.concat([data, randomBytes(16)]);

async function documentBlobFiles(): Promise<string[]> {
  const dir = join(site('runtimeRoot'), '.netlify', 'blobs-serve');
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.map((e) => join(e.parentPath, e.name)).filter((p) => /uploads/.test(p) && !/metadata/i.test(p));
  } catch {
    return [];
  }
}

/** The local blob store's files of one piece upload (its pieces are keyed under its id). */
export async function pieceBlobs(id: string): Promise<string[]> {
  const dir = join(site('runtimeRoot'), '.netlify', 'blobs-serve');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((p) => p.includes(id) && !/metadata/i.test(p));
}

/** Starts a document to be sent in pieces (POST /v1/api/uploads/pieces). */
export const startPieces = (name: string, size: number) =>
  fetch(new URL('/v1/api/uploads/pieces', site('baseURL')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, size }),
  });

/** Sends piece `n` of the piece upload `id`. */
export const putPiece = (id: string, n: number, bytes: Uint8Array) =>
  fetch(new URL(`/v1/api/uploads/pieces/${id}/${n}`, site('baseURL')), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });

/**
 * How many stored documents have one of these SHA-256s (read from the local blob store's files).
 * Other test files run at the same time, so "nothing stored" is checked by content, not by totals.
 */
export async function blobsWithSha(shas: string[]): Promise<number> {
  const wanted = new Set(shas);
  let n = 0;
  for (const file of await documentBlobFiles()) {
    const data = await readFile(file).catch(() => undefined);
    if (data && wanted.has(sha256(data))) n++;
  }
  return n;
}

/** Nothing stored for these contents: no upload row and no blob. */
export async function storedCopies(datas: Buffer[]): Promise<number> {
  const shas = datas.map(sha256);
  return (await count('uploads', 'sha256 = ANY($1::text[])', [shas])) + (await blobsWithSha(shas));
}
