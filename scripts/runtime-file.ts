/** .netlify/runtime.json: where a running `npm start` can be reached, so the admin CLI uses its database instead of opening the files twice. */
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface RuntimeInfo {
  pid: number;
  url: string;
  databaseUrl: string;
}

const file = (root: string) => join(root, '.netlify', 'runtime.json');

/** Readable by its owner only: the database URL holds the local gateway's password. */
export function writeRuntimeFile(root: string, info: Omit<RuntimeInfo, 'pid'>): void {
  writeFileSync(file(root), JSON.stringify({ pid: process.pid, ...info }), { mode: 0o600 });
  chmodSync(file(root), 0o600);
}

export function removeRuntimeFile(root: string): void {
  rmSync(file(root), { force: true });
}

export function runningRuntime(root: string): RuntimeInfo | undefined {
  if (!existsSync(file(root))) return undefined;
  const info = JSON.parse(readFileSync(file(root), 'utf8')) as RuntimeInfo;
  try {
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}
