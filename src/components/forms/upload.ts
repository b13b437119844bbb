/** One document to POST /v1/api/uploads, with its upload progress. */
import { postWithProgress } from '../../lib/post-with-progress.ts';
import { MSG, formCode } from '../../lib/forms/texts.ts';

export interface Uploaded {
  id: string;
  name: string;
  size: number;
  type: string;
}

export class UploadError extends Error {
  /** `retryable`: a network failure (worth retrying), not a refusal of the file. `code`: the message's code, `values` what it fills in (a limit's minutes). */
  constructor(message: string, readonly retryable: boolean, readonly code?: string, readonly values?: Record<string, string>) {
    super(message);
  }
}

export function uploadFile(file: File, onProgress: (fraction: number) => void): { done: Promise<Uploaded>; abort: () => void } {
  const body = new FormData();
  body.append('file', file, file.name);
  const request = postWithProgress<Uploaded>('/uploads', body, onProgress);
  const done = request.done.then(
    ({ status, body: answer }) => {
      if (status === 201 && answer.id) return answer as Uploaded;
      // 413 and 415 are about the file itself; 429 and 5xx may pass on a later try.
      const retryable = status === 429 || status >= 500;
      const minutes = (answer as { retryAfterMinutes?: unknown }).retryAfterMinutes;
      if (answer.error && status < 500) throw new UploadError(answer.error, retryable, answer.code, typeof minutes === 'number' ? { minutes: String(minutes) } : undefined);
      throw new UploadError(MSG.uploadFailed, retryable, formCode('uploadFailed'));
    },
    (error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') throw new UploadError('aborted', false);
      throw new UploadError(MSG.uploadFailed, true, formCode('uploadFailed'));
    },
  );
  return { done, abort: request.abort };
}
