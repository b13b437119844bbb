/**
 * Every call the browser makes to the API: same-origin with credentials, and for state-changing
 * calls the XSRF-TOKEN cookie echoed as the X-XSRF-TOKEN header. No timeout by default.
 */
export const API_BASE = '/v1/api';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export function readXsrfCookie(): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${XSRF_COOKIE}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

const changesState = (method: string) => method !== 'GET' && method !== 'HEAD';

export async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (changesState(method)) {
    const token = readXsrfCookie();
    if (token) headers.set('X-XSRF-TOKEN', token);
  }
  return fetch(`${API_BASE}${path}`, { ...init, headers, credentials: 'same-origin' });
}

export function apiJson(path: string, method: string, body: unknown): Promise<Response> {
  return api(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** An answer's status and its JSON body (an empty object when there is none or it is not JSON). */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: Partial<T> & { error?: string; fields?: Record<string, string>; code?: string; codes?: Record<string, string> };
}

export async function answerOf<T>(res: Response): Promise<Answer<T>> {
  const body = (await res.json().catch(() => ({}))) as Answer<T>['body'];
  return { status: res.status, body: body && typeof body === 'object' ? body : {} };
}

/**
 * POSTs a form with XMLHttpRequest, the one browser API that reports upload progress (a parent on
 * slow data sees each document go up). Rejects only when the request could not be made.
 */
export function postWithProgress<T>(path: string, body: FormData, onProgress: (fraction: number) => void): { done: Promise<Answer<T>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Answer<T>>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}${path}`);
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

/** Signs out (the answer does not matter: the session cookie is cleared either way). */
export async function logout(): Promise<void> {
  await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
}
