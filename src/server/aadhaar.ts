/**
 * Aadhaar numbers at rest: AES-256-GCM ciphertext (random 96-bit IV, auth tag), an HMAC-SHA256
 * for exact look-ups without decrypting, and only the last four digits for display.
 * The key is AADHAAR_KEY (32 bytes, base64); the HMAC key is derived from it with HKDF. A key is
 * rotated by `npm run admin -- rotate-aadhaar-key` (rotateAadhaar below).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { requireEnv } from './env.ts';

interface Keys {
  enc: Buffer;
  mac: Buffer;
}

/** The encryption and look-up keys of a base64 master key (AADHAAR_KEY's by default). */
export function aadhaarKeys(base64 = requireEnv('AADHAAR_KEY')): Keys {
  const master = Buffer.from(base64, 'base64');
  if (master.length !== 32) throw new Error('AADHAAR_KEY must be 32 bytes, base64-encoded.');
  return { enc: master, mac: Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'aadhaar-lookup', 32)) };
}

export interface SealedAadhaar {
  enc: string;
  hash: string;
  last4: string;
}

const VERSION = 'v1:';

export function sealAadhaar(digits: string, keys = aadhaarKeys()): SealedAadhaar {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.enc, iv);
  const ciphertext = Buffer.concat([cipher.update(digits, 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  return { enc: `${VERSION}${sealed}`, hash: aadhaarLookupHash(digits, keys.mac), last4: digits.slice(-4) };
}

/** The digits of a sealed number, or undefined when `keys` did not seal it (the auth tag fails). */
export function openAadhaar(enc: string, keys = aadhaarKeys()): string | undefined {
  if (!enc.startsWith(VERSION)) return undefined;
  const raw = Buffer.from(enc.slice(VERSION.length), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.enc, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export function aadhaarLookupHash(digits: string, mac = aadhaarKeys().mac): string {
  return createHmac('sha256', mac).update(digits).digest('hex');
}

/**
 * One sealed number under the new key: undefined when it is under the new key already (a rotation
 * run again after a stop, or a row written by a function that already had the new key); an
 * error when neither key opens it.
 */
export function rotateAadhaar(enc: string, from: Keys, to: Keys): SealedAadhaar | undefined {
  if (openAadhaar(enc, to) !== undefined) return undefined;
  const digits = openAadhaar(enc, from);
  if (digits === undefined) throw new Error('A sealed Aadhaar number opens with neither the old nor the new key.');
  return sealAadhaar(digits, to);
}

/** What every API answer shows: 'XXXX XXXX 1234'. */
export const maskAadhaar = (last4: string) => `XXXX XXXX ${last4}`;
