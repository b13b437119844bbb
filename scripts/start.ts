/**
 * `npm start`: the built site, API, database and blobs at http://localhost:8888.
 * `node scripts/start.ts --check` (run by `npm start` before its build): only whether this folder's
 * runtime is already running and the port is free, so a second `npm start` is refused at once
 * instead of after a build that would replace the running one's dist/.
 */
import { createServer } from 'node:net';
import { loadDotEnv } from './local-secrets.ts';
import { FolderInUseError, holdRuntimeFolderOrExit } from './local-runtime/folder-lock.ts';
import { ListenError, listenOn } from './local-runtime/listen.ts';

// One failed request must not take the local runtime down: log what escaped and keep serving.
process.on('unhandledRejection', (reason) => console.error('[runtime] unhandled rejection:', reason));
process.on('uncaughtException', (error) => console.error('[runtime] uncaught exception:', error));

const root = process.cwd();
// PORT and HOST may be set in .env (.env.example says so).
loadDotEnv(root);
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

// Both checked before the emulator's modules load (seconds on a busy PC): a second runtime of this
// folder, or a port in use, is refused in a moment. The runtime listens for good later.
const releaseFolder = holdRuntimeFolderOrExit(root, 'npm start');
if (port !== 0) {
  const probe = createServer();
  await listenOn(probe, port, host).catch((error: unknown) => {
    console.error(error instanceof ListenError ? error.message : error);
    process.exit(1);
  });
  await new Promise((ok) => probe.close(ok));
}
if (process.argv.includes('--check')) {
  releaseFolder();
  process.exit(0);
}

const { startRuntime } = await import('./runtime.ts');
const { PatchCheckError } = await import('./local-runtime/patch-check.ts');
const { ConfigError } = await import('../src/server/env.ts');
const { databaseDriver } = await import('../src/server/db.ts');
const runtime = await startRuntime({ root, port, host }).catch((error: unknown) => {
  // The handlers above would swallow a failed start and leave a process that serves nothing.
  const known = [PatchCheckError, ConfigError, ListenError, FolderInUseError].some((type) => error instanceof type);
  console.error(known && error instanceof Error ? error.message : error);
  process.exit(1);
});
console.log(`Database: ${runtime.databaseUrl.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')}`);
// Which driver the functions reach the database with (the PostgreSQL test pass checks it is Neon's).
const driver = databaseDriver();
console.log(
  `Database driver: ${driver}${driver === 'neon' && process.env.DATABASE_WS_PROXY ? ` over WebSocket through ${process.env.DATABASE_WS_PROXY}` : ''}`,
);
console.log(`Ready on ${runtime.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void runtime.stop().finally(() => process.exit(0));
  });
}
