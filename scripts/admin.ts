/**
 * Administrator accounts and the Aadhaar key from the command line:
 *   npm run admin -- create --email E [--name N] [--role office|principal]   (a principal unless told)
 *   npm run admin -- password --email E
 *   npm run admin -- reset-second-factor --email E   (a lost phone and lost recovery codes, when no other principal can reset it)
 *   npm run admin -- rotate-aadhaar-key      (AADHAAR_KEY_OLD: the key in use until now; AADHAAR_KEY: the new one; staff's second-factor secrets too)
 * The password comes from ADMIN_PASSWORD or a hidden prompt. The database is DATABASE_URL
 * (production: a Neon URL), else the running `npm start` runtime's, else the local one on disk.
 * Locally both keys may be left out: the old one is then .netlify/local-secrets.json's, and a new
 * one is made; that file is given the new key (restart `npm start` afterwards).
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loadDotEnv } from './local-secrets.ts';
import { openLocalDatabase } from './local-database.ts';
import { passwordWeakness } from '../src/features/auth/password-strength.server.ts';
import { ROLES, isRole } from '../src/lib/roles.ts';

const USAGE = `Usage: npm run admin -- create --email E [--name N] [--role ${ROLES.join('|')}] | password --email E | reset-second-factor --email E | rotate-aadhaar-key`;

/**
 * Re-seals every Aadhaar number, and every staff second-factor secret (sealed with a key derived
 * from the same AADHAAR_KEY), under the new key. The local secrets file follows when it held the
 * old key, so `npm start` (restarted) reads with the new one.
 */
async function rotateKey(root: string): Promise<number> {
  const file = join(root, '.netlify', 'local-secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const oldKey = process.env.AADHAAR_KEY_OLD || stored.AADHAAR_KEY;
  const newKey =
    process.env.AADHAAR_KEY || (process.env.AADHAAR_KEY_OLD ? undefined : randomBytes(32).toString('base64'));
  if (!oldKey || !newKey) {
    console.error('Set AADHAAR_KEY_OLD to the key in use until now and AADHAAR_KEY to the new one (32 bytes, base64).');
    return 2;
  }
  if (oldKey === newKey) {
    console.error('AADHAAR_KEY is the same as AADHAAR_KEY_OLD: choose a new key.');
    return 2;
  }
  const close = await openLocalDatabase(root);
  const { closePool } = await import('../src/server/db.ts');
  const { rotateAadhaarKey } = await import('../src/features/privacy/aadhaar-rotation.server.ts');
  const { resealSecondFactors } = await import('../src/features/auth/second-factor.server.ts');
  try {
    const { rotated, current } = await rotateAadhaarKey(oldKey, newKey);
    const resealed = await resealSecondFactors(oldKey, newKey);
    if (stored.AADHAAR_KEY === oldKey) {
      writeFileSync(file, JSON.stringify({ ...stored, AADHAAR_KEY: newKey }, null, 2), { mode: 0o600 });
      console.log('.netlify/local-secrets.json has the new key: restart npm start.');
    }
    console.log(`Re-encrypted ${rotated} Aadhaar number(s) with the new key; ${current} had it already.`);
    console.log(`Re-encrypted ${resealed} staff second-factor secret(s).`);
    return 0;
  } finally {
    await closePool();
    await close();
  }
}

/** Takes an account's second factor away and signs it out everywhere, audited as the command's. */
async function resetSecondFactor(root: string, email: string): Promise<number> {
  const close = await openLocalDatabase(root);
  const { closePool } = await import('../src/server/db.ts');
  const { resetSecondFactorFromCommandLine } = await import('../src/features/auth/second-factor.server.ts');
  try {
    if (!(await resetSecondFactorFromCommandLine(email))) {
      console.error(`No administrator with e-mail ${email} has a second factor.`);
      return 1;
    }
    console.log(
      `Second factor reset for ${email.trim().toLowerCase()}; their sessions are signed out. They sign in with their password alone now.`,
    );
    return 0;
  } finally {
    await closePool();
    await close();
  }
}

async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('Set ADMIN_PASSWORD or run this in a terminal to be asked.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let muted = false;
  output._writeToOutput = (s: string) => {
    if (!muted || s.includes('\n')) process.stdout.write(muted ? '\n' : s);
  };
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  const value = await answer;
  rl.close();
  return value;
}

/** The password for `email`, refused when the strength check refuses it (at create and at reset alike). */
async function readPassword(email: string): Promise<string> {
  const password = process.env.ADMIN_PASSWORD || (await askHidden('New password: '));
  const weak = await passwordWeakness(password, email);
  if (weak) throw new Error(weak.message);
  return password;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'principal' } },
  });
  const [command] = positionals;
  const { role } = values;
  if (command === 'rotate-aadhaar-key') {
    loadDotEnv(process.cwd());
    return rotateKey(process.cwd());
  }
  if (command === 'reset-second-factor') {
    if (!values.email) {
      console.error(USAGE);
      return 2;
    }
    loadDotEnv(process.cwd());
    return resetSecondFactor(process.cwd(), values.email);
  }
  if (!values.email || (command !== 'create' && command !== 'password') || !isRole(role)) {
    console.error(USAGE);
    return 2;
  }
  const root = process.cwd();
  loadDotEnv(root);
  const password = await readPassword(values.email);
  const close = await openLocalDatabase(root);
  const { closePool } = await import('../src/server/db.ts');
  const admins = await import('../src/features/auth/admins.server.ts');
  try {
    if (command === 'create') {
      if (await admins.findAdminByEmail(values.email)) {
        console.error(`An administrator with e-mail ${values.email} exists already.`);
        return 1;
      }
      await admins.createAdmin(values.email, password, values.name, role);
      console.log(`Created administrator ${admins.normaliseEmail(values.email)} (${role}).`);
    } else {
      if (!(await admins.setAdminPassword(values.email, password))) {
        console.error(`No administrator with e-mail ${values.email}.`);
        return 1;
      }
      console.log(`Password changed for ${admins.normaliseEmail(values.email)}; their sessions are signed out.`);
    }
    return 0;
  } finally {
    await closePool();
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
