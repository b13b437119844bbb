/** The admin screens' calls: the shared client, and a lapsed session sends the user to /login. */
import { api } from '../api-client.ts';
import { StatusError } from './use-load.ts';

export async function adminApi(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await api(path, init);
  if (res.status === 401) location.assign('/login');
  return res;
}

/** An admin endpoint's JSON; any answer but 200 is a failure. */
export async function getJson<T>(path: string): Promise<T> {
  const res = await adminApi(path);
  if (res.status !== 200) throw new StatusError(res.status);
  return (await res.json()) as T;
}
