/** The admin screens' calls: the shared client, and a lapsed session sends the user to /login. */
import { api } from '../api-client.ts';

export async function adminApi(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await api(path, init);
  if (res.status === 401) location.assign('/login');
  return res;
}

export async function readJson<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
