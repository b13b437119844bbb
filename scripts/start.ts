/** `npm start`: the built site, API, database and blobs at http://localhost:8888. */
import { startRuntime } from './runtime.ts';
import { PatchCheckError } from './local-runtime/patch-check.ts';
import { ConfigError } from '../src/server/env.ts';
import { databaseDriver } from '../src/server/db.ts';

// One failed request must not take the local runtime down: log what escaped and keep serving.
process.on('unhandledRejection', (reason) => console.error('[runtime] unhandled rejection:', reason));
process.on('uncaughtException', (error) => console.error('[runtime] uncaught exception:', error));

const port = Number(process.env.PORT ?? 8888);
const runtime = await startRuntime({ port, host: process.env.HOST ?? '127.0.0.1' }).catch((error: unknown) => {
  // The handlers above would swallow a failed start and leave a process that serves nothing.
  console.error(error instanceof PatchCheckError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
console.log(`Database: ${runtime.databaseUrl.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')}`);
// Which driver the functions reach the database with (the PostgreSQL test pass checks it is Neon's).
const driver = databaseDriver();
console.log(`Database driver: ${driver}${driver === 'neon' && process.env.DATABASE_WS_PROXY ? ` over WebSocket through ${process.env.DATABASE_WS_PROXY}` : ''}`);
console.log(`Ready on ${runtime.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void runtime.stop().finally(() => process.exit(0));
  });
}
