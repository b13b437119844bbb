/**
 * multipart/form-data through busboy with hard limits: a file part is read into memory only up to
 * the byte limit (one byte more and the request is refused with 413, the rest is never buffered),
 * and the number of parts and the size of text fields are capped.
 */
import busboy from 'busboy';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { HttpError, requestRefusal } from './errors.ts';
import { checkText } from './http.ts';

export interface FilePart {
  field: string;
  name: string;
  data: Buffer;
}

export interface MultipartOptions {
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  maxFieldBytes: number;
  /** Message (and field) of the 413 when one file is over the limit, and its code. */
  fileTooLarge: string;
  fileTooLargeCode?: string;
  /** Fields whose file parts are read; other file parts are skipped (unknown fields are ignored). */
  acceptFile?: (field: string) => boolean;
  /**
   * 'refuse' (default): a file over the limit ends the request with 413. 'mark': it is drained and
   * its field listed in `oversized`, so the caller can check the form in its own order first.
   */
  oversize?: 'refuse' | 'mark';
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: FilePart[];
  /** Fields whose file was over the limit (only with `oversize: 'mark'`). */
  oversized: string[];
}

export async function readMultipart(req: Request, options: MultipartOptions): Promise<MultipartForm> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw requestRefusal(415, 'multipartType');
  if (!req.body) throw requestRefusal(400, 'emptyBody');
  const headers = Object.fromEntries(req.headers);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers,
      // A phone names its files in the parent's language (पिता.png); busboy would read such a name as latin1.
      defParamCharset: 'utf8',
      limits: {
        // One byte over the limit is read, so a file of exactly the limit is kept and one byte more is refused.
        fileSize: options.maxFileBytes + 1,
        files: options.maxFiles,
        fields: options.maxFields,
        fieldSize: options.maxFieldBytes,
        parts: options.maxFiles + options.maxFields,
      },
    });
  } catch {
    throw requestRefusal(400, 'malformedMultipart');
  }
  const fields: Record<string, string> = {};
  const files: FilePart[] = [];
  const oversized: string[] = [];
  const source = Readable.fromWeb(req.body as unknown as NodeReadableStream<Uint8Array>);

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    let pending = 0;
    let parsed = false;
    const done = () => {
      if (!failed && parsed && pending === 0) resolve();
    };
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      source.unpipe(bb);
      source.destroy();
      reject(error);
    };
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(requestRefusal(413, 'textTooLong'));
      // The first value of a repeated field wins.
      if (name !== '__proto__' && !Object.hasOwn(fields, name)) fields[name] = value;
    });
    bb.on('file', (field, stream, info) => {
      if (options.acceptFile && !options.acceptFile(field)) {
        // Drained unread; a body cut off inside it is reported by busboy's own error below.
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const code = options.fileTooLargeCode;
      const refuse = () =>
        fail(
          new HttpError(413, options.fileTooLarge, { [field]: options.fileTooLarge }).withCode(
            code ?? '',
            code ? { [field]: code } : undefined,
          ),
        );
      const marking = options.oversize === 'mark';
      pending++;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        if (!marking) return refuse();
        // Keep nothing of it; busboy drains the rest of the part.
        chunks.length = 0;
      });
      // A part cut short (the connection dropped, a truncated body) is the client's, not ours.
      stream.on('error', () => fail(requestRefusal(400, 'interrupted')));
      stream.on('end', () => {
        if (failed) return;
        const size = chunks.reduce((n, c) => n + c.length, 0);
        if (stream.truncated || size > options.maxFileBytes) {
          if (!marking) return refuse();
          oversized.push(field);
          pending--;
          return done();
        }
        files.push({ field, name: info.filename ?? '', data: Buffer.concat(chunks) });
        pending--;
        done();
      });
    });
    bb.on('filesLimit', () => fail(requestRefusal(413, 'tooManyFiles')));
    bb.on('fieldsLimit', () => fail(requestRefusal(413, 'tooManyFields')));
    bb.on('partsLimit', () => fail(requestRefusal(413, 'tooManyParts')));
    bb.on('error', () => fail(requestRefusal(400, 'malformedMultipart')));
    bb.on('close', () => {
      parsed = true;
      done();
    });
    source.on('error', () => fail(requestRefusal(400, 'interrupted')));
    source.pipe(bb);
  });
  checkText(fields);
  return { fields, files, oversized };
}
