/**
 * One runtime per project folder, and the runtime's files readable by their owner only.
 *
 * PGlite (.netlify/db) is one process's database: a second process opening the same files while
 * the first runs corrupts them, and the next start then fails ("could not locate a valid checkpoint
 * record"). So whatever opens those files first takes an exclusive lock on .netlify/runtime.lock:
 * `npm start`, `npm run dev` and a script that opens the database itself (`npm run admin` with no
 * runtime running). The lock is the operating system's (open-file-description locks on Linux,
 * flock on macOS, LockFileEx on Windows, through fs-native-extensions), not a file whose presence
 * means "taken": a second taker is refused at once, and the kernel lets go of it when its holder
 * ends in any way (Ctrl+C, a crash, SIGKILL, a power cut), so there is no stale lock to detect or
 * wait out, and no reused process id can keep it.
 */
import {
  chmodSync,
  closeSync,
  constants,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  realpathSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

export class FolderInUseError extends Error {}

/** Group and other bits: the runtime's files have none (folders 0700, files 0600). */
const NOT_OWNER = 0o077;

interface Held {
  fd: number;
  count: number;
}

// Kept on globalThis: `astro dev` evaluates its config (and this module) again after a change, in
// the same process, and must find the lock it already holds rather than be refused by it.
const HELD = Symbol.for('rmcp.runtimeFolderLocks');
const registry = globalThis as typeof globalThis & { [HELD]?: Map<string, Held> };
const held = (registry[HELD] ??= new Map<string, Held>());

/**
 * Takes the folder's lock for `holder` (e.g. "npm start"), or throws FolderInUseError saying who has
 * it. From then on everything this process creates is its owner's only (umask 077), and what is
 * already under .netlify/ is made so (an install from before this rule had 0644 documents). The
 * same process may take it again (each take released once); the returned function releases it.
 */
export function holdRuntimeFolder(root: string, holder: string): () => void {
  process.umask(NOT_OWNER);
  const dir = join(resolve(root), '.netlify');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = realpathSync(dir);
  const mine = held.get(key);
  if (mine) {
    mine.count++;
    return releaser(key);
  }
  const file = join(dir, 'runtime.lock');
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  if (!tryLock(fd)) {
    closeSync(fd);
    throw new FolderInUseError(inUseMessage(resolve(root), holderOf(file)));
  }
  // Who holds it, for the message another taker prints.
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify({ pid: process.pid, holder }), 0);
  held.set(key, { fd, count: 1 });
  restrictToOwner(dir);
  return releaser(key);
}

/** Like holdRuntimeFolder, but a folder in use ends the process with the message (for the commands' entry points). */
export function holdRuntimeFolderOrExit(root: string, holder: string): () => void {
  try {
    return holdRuntimeFolder(root, holder);
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function releaser(key: string): () => void {
  let released = false;
  return () => {
    const entry = held.get(key);
    if (released || !entry) return;
    released = true;
    if (--entry.count > 0) return;
    held.delete(key);
    unlock(entry.fd);
    closeSync(entry.fd);
  };
}

/** The holder's note, when it can be read (Windows refuses reads of a locked file: then none). */
function holderOf(file: string): { pid: number; holder: string } | undefined {
  try {
    const note = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; holder?: unknown };
    return typeof note.pid === 'number' && typeof note.holder === 'string'
      ? { pid: note.pid, holder: note.holder }
      : undefined;
  } catch {
    return undefined;
  }
}

function inUseMessage(root: string, by: { pid: number; holder: string } | undefined): string {
  const who = by ? `${by.holder}, process ${by.pid}` : 'another process';
  return (
    `The local runtime of ${root} is already running (${who}). ` +
    'Only one may use a folder at a time: both would write the same database (.netlify/db) and damage it. ' +
    'Use the one that is running, or stop it first (Ctrl+C in its window).'
  );
}

/**
 * Takes group and other permissions off what is under .netlify/ now. The umask covers what this
 * process creates from here on, but not what is copied with its source's mode or given a mode
 * after creation: PGlite's first start makes its data folder 0750 and its .conf files 0640, and the
 * emulator copies each function's node_modules as they are in node_modules. The runtime calls this
 * again once the emulator and the database have started.
 */
export function restrictRuntimeFiles(root: string): void {
  restrictToOwner(join(resolve(root), '.netlify'));
}

/** Takes group and other permissions off `path` and everything under it (links are left alone: chmod would follow them). */
export function restrictToOwner(path: string): void {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & NOT_OWNER) chmodSync(path, stat.mode & 0o700);
    if (stat.isDirectory()) for (const name of readdirSync(path)) restrictToOwner(join(path, name));
  } catch (error) {
    // Removed meanwhile (the emulator replaces a function's build folder): nothing left to restrict.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
