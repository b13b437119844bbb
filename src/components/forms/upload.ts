/** One document to POST /v1/api/uploads with XMLHttpRequest, for its upload progress. */
import { MSG } from '../../lib/forms/messages.ts';

export interface Uploaded {
  id: string;
  name: string;
  size: number;
  type: string;
}

export class UploadError extends Error {
  /** A network failure (worth retrying), not a refusal of the file. */
  constructor(message: string, readonly retryable: boolean) {
    super(message);
  }
}

export function uploadFile(file: File, onProgress: (fraction: number) => void): { done: Promise<Uploaded>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Uploaded>((resolve, reject) => {
    xhr.open('POST', '/v1/api/uploads');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { error?: string } & Partial<Uploaded> = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        /* not JSON */
      }
      if (xhr.status === 201 && body.id) return resolve(body as Uploaded);
      // 413 and 415 are about the file itself; 429 and 5xx may pass on a later try.
      const retryable = xhr.status === 429 || xhr.status >= 500;
      reject(new UploadError(body.error && xhr.status < 500 ? body.error : MSG.uploadFailed, retryable));
    };
    xhr.onerror = () => reject(new UploadError(MSG.uploadFailed, true));
    xhr.ontimeout = () => reject(new UploadError(MSG.uploadFailed, true));
    xhr.onabort = () => reject(new UploadError('aborted', false));
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
