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

/** Signs out (the answer does not matter: the session cookie is cleared either way). */
export async function logout(): Promise<void> {
  await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
}
