/** Opening "the local database" from a script: DATABASE_URL, else the running runtime's, else the files in .netlify/db. */
import { basename, join } from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { migrate } from './migrate.ts';
import { runningRuntime } from './runtime-file.ts';
import { installLocalDatabasePatches } from './local-runtime/patches.ts';
import { FolderInUseError, holdRuntimeFolder, restrictRuntimeFiles } from './local-runtime/folder-lock.ts';

/**
 * Points src/server/db.ts at the database (through DATABASE_URL) with migrations applied; returns how to let go of it.
 * The files are opened only under the folder's lock (scripts/local-runtime/folder-lock.ts); while
 * `npm start` holds it the script uses that runtime's database, and while anything else holds it
 * (`npm run dev`, another script) the script stops with the lock's message.
 */
export async function openLocalDatabase(
  root: string,
  holder = `scripts/${basename(process.argv[1] ?? 'a script')}`,
): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) return async () => undefined;
  // The local PGlite gateway is reached with node-postgres, whatever DATABASE_DRIVER says for a server.
  const driver = process.env.DATABASE_DRIVER;
  process.env.DATABASE_DRIVER = 'pg';
  let releaseFolder: () => void;
  try {
    releaseFolder = holdRuntimeFolder(root, holder);
  } catch (error) {
    const running = error instanceof FolderInUseError ? runningRuntime(root) : undefined;
    if (!running) throw error;
    process.env.DATABASE_URL = running.databaseUrl;
    return async () => undefined;
  }
  try {
    // Its gateway asks for a password, as the runtime's does, for as long as the script has it open.
    installLocalDatabasePatches();
    const db = new NetlifyDB({ directory: join(root, '.netlify', 'db'), logger: () => undefined });
    process.env.DATABASE_URL = await db.start();
    restrictRuntimeFiles(root);
    await migrate(db, root);
    return async () => {
      const { closePool } = await import('../src/server/db.ts');
      await closePool();
      await db.stop();
      releaseFolder();
      delete process.env.DATABASE_URL;
      if (driver === undefined) delete process.env.DATABASE_DRIVER;
      else process.env.DATABASE_DRIVER = driver;
    };
  } catch (error) {
    releaseFolder();
    throw error;
  }
}
