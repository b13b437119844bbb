/**
 * The browser's API client: same-origin calls with credentials, and for state-changing calls the
 * XSRF-TOKEN cookie echoed as the X-XSRF-TOKEN header (spec 01 section 7). No timeout by default.
 */
export const API_BASE = '/v1/api';

export function readXsrfCookie(): string | undefined {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

export async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    const token = readXsrfCookie();
    if (token) headers.set('X-XSRF-TOKEN', token);
  }
  return fetch(`${API_BASE}${path}`, { ...init, headers, credentials: 'same-origin' });
}

export function apiJson(path: string, method: string, body: unknown): Promise<Response> {
  return api(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}
