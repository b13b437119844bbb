/**
 * Uploads with progress, apart from ./api-client.ts so that only the pages with an upload load it
 * (every page loads the API client).
 */
import { API_BASE, readXsrfCookie, type Answer } from './api-client.ts';

/**
 * POSTs a form (or PUTs a file's piece) with XMLHttpRequest, the one browser API that reports upload progress (a parent on
 * slow data sees each document go up). Rejects only when the request could not be made.
 */
export function postWithProgress<T>(
  path: string,
  body: FormData | Blob,
  onProgress: (fraction: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): { done: Promise<Answer<T>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Answer<T>>((resolve, reject) => {
    xhr.open(method, `${API_BASE}${path}`);
    // A piece of a file goes as its bytes; the browser would name a Blob's type from its slice (none).
    if (body instanceof Blob) xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.withCredentials = true;
    const token = readXsrfCookie();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown = {};
      try {
        parsed = JSON.parse(xhr.responseText || '{}');
      } catch {
        /* not JSON: an empty body */
      }
      resolve({ status: xhr.status, body: parsed && typeof parsed === 'object' ? (parsed as Answer<T>['body']) : {} });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
