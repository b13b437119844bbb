/** Password hashing with scrypt (N=2^17, r=8, p=1), a per-user salt and a constant-time compare. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt's N: 2^17 (128 MiB, about half a second a hash). A test run (VITEST, set by the test runner
 * and inherited by the runtimes and scripts it starts) hashes at 2^14: its hashes are still scrypt,
 * checked by the same code with the N each stored hash names, only cheaper, so hundreds of sign-ins
 * do not fill the run. Nothing outside a test run can lower it.
 */
export const scryptN = (env: NodeJS.ProcessEnv = process.env): number => (env.VITEST ? 2 ** 14 : 2 ** 17);
const N = scryptN();
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below that.
const MAX_MEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Verified against when an e-mail is unknown, so both failures take the same time. */
export const DUMMY_HASH = `scrypt$${N}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
