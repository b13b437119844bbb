/**
 * One document to the server, with its upload progress: a file of one piece (1 MB) or less in one
 * request (POST /v1/api/uploads), a larger one in pieces (POST /v1/api/uploads/pieces, then a PUT
 * for each piece). A piece that fails to arrive (slow data, a dropped connection) is sent again after
 * asking the server which pieces it already holds, so a long upload never starts over for one
 * dropped piece; a later try of the same file (the field's own retries, its Retry button) resumes it.
 */
import { apiJson, answerOf, api, type Answer } from '../../lib/api-client.ts';
import { postWithProgress } from '../../lib/post-with-progress.ts';
import { PIECE_BYTES } from '../../lib/forms/files.ts';
import { FORM_TEXTS, formCode } from '../../lib/forms/texts.ts';

export interface Uploaded {
  id: string;
  name: string;
  size: number;
  type: string;
}

export class UploadError extends Error {
  /** `retryable`: a network failure (worth retrying), not a refusal of the file. `code`: the message's code, `values` what it fills in (a limit's minutes). */
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code?: string,
    readonly values?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A piece that does not arrive is sent again this many times in a row (after these waits) before the upload is reported failed. */
const PIECE_RETRY_DELAYS_MS = [1000, 3000, 6000, 10_000];

/** The piece upload of each file being sent, so that a later try resumes it. */
const sessions = new WeakMap<File, string>();

/** The error of an answer that is not the one hoped for. */
function refusal(status: number, answer: Answer['body']): UploadError {
  // 413 and 415 are about the file itself; 429 and 5xx may pass on a later try.
  const retryable = status === 429 || status >= 500;
  const minutes = (answer as { retryAfterMinutes?: unknown }).retryAfterMinutes;
  if (answer.error && status < 500)
    return new UploadError(
      answer.error,
      retryable,
      answer.code,
      typeof minutes === 'number' ? { minutes: String(minutes) } : undefined,
    );
  return new UploadError(FORM_TEXTS.uploadFailed, retryable, formCode('uploadFailed'));
}

const failed = () => new UploadError(FORM_TEXTS.uploadFailed, true, formCode('uploadFailed'));
const aborted = () => new UploadError('aborted', false);
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
): { done: Promise<Uploaded>; abort: () => void } {
  return file.size <= PIECE_BYTES ? uploadWhole(file, onProgress) : uploadInPieces(file, onProgress);
}

function uploadWhole(
  file: File,
  onProgress: (fraction: number) => void,
): { done: Promise<Uploaded>; abort: () => void } {
  const body = new FormData();
  body.append('file', file, file.name);
  const request = postWithProgress<Uploaded>('/uploads', body, onProgress);
  const done = request.done.then(
    ({ status, body: answer }) => {
      if (status === 201 && answer.id) return answer as Uploaded;
      throw refusal(status, answer);
    },
    (error: unknown) => {
      throw isAbort(error) ? aborted() : failed();
    },
  );
  return { done, abort: request.abort };
}

function uploadInPieces(
  file: File,
  onProgress: (fraction: number) => void,
): { done: Promise<Uploaded>; abort: () => void } {
  let stopped = false;
  let abortPiece: (() => void) | undefined;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The pieces the server holds; undefined when the upload is gone (expired), so it starts again. */
  async function held(id: string): Promise<Set<number> | undefined> {
    const { status, body } = await answerOf<{ received: number[] }>(await api(`/uploads/pieces/${id}`));
    if (status === 404) return undefined;
    if (status !== 200 || !Array.isArray(body.received)) throw refusal(status, body);
    return new Set(body.received);
  }

  async function begin(): Promise<string> {
    const { status, body } = await answerOf<{ id: string }>(
      await apiJson('/uploads/pieces', 'POST', { name: file.name, size: file.size }),
    );
    if (status !== 201 || !body.id) throw refusal(status, body);
    sessions.set(file, body.id);
    return body.id;
  }

  async function run(): Promise<Uploaded> {
    const pieces = Math.ceil(file.size / PIECE_BYTES);
    const sizeOf = (n: number) => Math.min(PIECE_BYTES, file.size - n * PIECE_BYTES);
    let id = sessions.get(file);
    let misses = 0;
    for (;;) {
      if (stopped) throw aborted();
      try {
        const found = id ? await held(id) : undefined;
        if (!found) id = await begin();
        const received = found ?? new Set<number>();
        for (let n = 0; n < pieces; n++) {
          if (received.has(n)) continue;
          const before = [...received].reduce((sum, k) => sum + sizeOf(k), 0);
          const piece = file.slice(n * PIECE_BYTES, n * PIECE_BYTES + sizeOf(n));
          const request = postWithProgress<Uploaded>(
            `/uploads/pieces/${id}/${n}`,
            piece,
            (f) => onProgress((before + f * sizeOf(n)) / file.size),
            'PUT',
          );
          abortPiece = request.abort;
          const { status, body } = await request.done;
          if (status === 201 && body.id) {
            sessions.delete(file);
            return body as Uploaded;
          }
          if (status === 404 && body.code === 'request.uploadGone') {
            // Expired, or taken by an assembly whose answer was lost: send the file again.
            sessions.delete(file);
            id = undefined;
            throw failed();
          }
          if (status !== 200) throw refusal(status, body);
          received.add(n);
          misses = 0;
        }
        // Every piece sent, yet none answered with the upload: ask again which are held.
      } catch (error) {
        if (isAbort(error) || stopped) throw aborted();
        if (error instanceof UploadError && !error.retryable) {
          sessions.delete(file);
          throw error;
        }
        if (misses >= PIECE_RETRY_DELAYS_MS.length) throw error instanceof UploadError ? error : failed();
        await wait(PIECE_RETRY_DELAYS_MS[misses++]!);
      }
    }
  }

  return {
    done: run(),
    abort: () => {
      stopped = true;
      abortPiece?.();
    },
  };
}
