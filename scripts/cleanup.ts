/**
 * `npm run cleanup [-- --older-than-hours N] [--now ISO-TIME]`: the hourly scheduled function's job
 * (netlify/functions/cleanup.mts) on demand: records past their retention period erased (measured
 * against --now when given: a clock set forward, to see what a later run erases), staged admission documents nobody claimed within N
 * hours (default 24) and blobs under uploads/ that no row knows, ended sessions, old rate-limit and
 * sign-in throttle windows; then the parents' messages that are due, when SMTP_URL or a WhatsApp or SMS provider is set (the
 * five-minute scheduled function's job, netlify/functions/messages-send.mts).
 *
 * Database: DATABASE_URL, else the running `npm start` runtime's, else the local one on disk.
 * Blobs: on Netlify's API when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set (production), else
 * the local store in .netlify/blobs-serve (served here by the same local blob server the runtime uses).
 */
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { loadDotEnv } from './local-secrets.ts';
import { openLocalDatabase } from './local-database.ts';

const { values } = parseArgs({ options: { 'older-than-hours': { type: 'string' }, now: { type: 'string' } } });
const hours = values['older-than-hours'] === undefined ? 24 : Number(values['older-than-hours']);
const now = values.now === undefined ? new Date() : new Date(values.now);
if (!Number.isFinite(hours) || hours < 0 || Number.isNaN(now.getTime())) {
  console.error('Usage: npm run cleanup [-- --older-than-hours N] [--now 2028-06-01T00:00:00Z]');
  process.exit(2);
}

const root = process.cwd();
loadDotEnv(root);
const closeDatabase = await openLocalDatabase(root);
let blobsServer: BlobsServer | undefined;
if (process.env.NETLIFY_SITE_ID && process.env.NETLIFY_AUTH_TOKEN) {
  setEnvironmentContext({ siteID: process.env.NETLIFY_SITE_ID, token: process.env.NETLIFY_AUTH_TOKEN });
} else {
  const token = randomBytes(16).toString('hex');
  blobsServer = new BlobsServer({ directory: join(root, '.netlify', 'blobs-serve'), token, logger: () => undefined });
  const { port } = await blobsServer.start();
  // Site id '0': what @netlify/dev uses for a site not linked to Netlify, so the same files.
  setEnvironmentContext({
    siteID: '0',
    token,
    edgeURL: `http://localhost:${port}`,
    uncachedEdgeURL: `http://localhost:${port}`,
  });
}

let code = 0;
try {
  const { cleanup, describeCleanup } = await import('../src/features/housekeeping/cleanup.server.ts');
  console.log(describeCleanup(await cleanup(hours, now), hours));
  const { anySender, deliverDue, describeDelivery } = await import('../src/server/mailer.ts');
  console.log(
    anySender()
      ? describeDelivery(await deliverDue(new Date(), { max: 1000 }))
      : 'SMTP_URL is not set: e-mails stay queued.',
  );
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  const { closePool } = await import('../src/server/db.ts');
  await closePool().catch(() => undefined);
  await closeDatabase();
  await blobsServer?.stop();
}
process.exit(code);
