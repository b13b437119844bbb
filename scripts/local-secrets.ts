/**
 * Local runs only: secrets missing from the environment are generated once and kept in
 * .netlify/local-secrets.json (gitignored), so sessions and encrypted data survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The last two serve the built-in test gateway (src/server/razorpay.ts): its key secret, and the
// webhook secret it signs with when none is set.
const GENERATED = ['SESSION_SECRET', 'AADHAAR_KEY', 'TEST_GATEWAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

export function loadLocalSecrets(root: string): void {
  const file = join(root, '.netlify', 'local-secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const name of GENERATED) {
    if (process.env[name]) continue;
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString('base64');
      changed = true;
    }
    process.env[name] = stored[name];
  }
  if (changed) {
    mkdirSync(join(root, '.netlify'), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
}

/** Reads .env (if any) into process.env; variables already set win. */
export function loadDotEnv(root: string): void {
  const file = join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
