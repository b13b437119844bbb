/**
 * Aadhaar numbers at rest: AES-256-GCM ciphertext (random 96-bit IV, auth tag), an HMAC-SHA256
 * for exact look-ups without decrypting, and only the last four digits for display.
 * The key is AADHAAR_KEY (32 bytes, base64); the HMAC key is derived from it with HKDF.
 */
import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { requireEnv } from './env.ts';

function keys(): { enc: Buffer; mac: Buffer } {
  const master = Buffer.from(requireEnv('AADHAAR_KEY'), 'base64');
  if (master.length !== 32) throw new Error('AADHAAR_KEY must be 32 bytes, base64-encoded.');
  return { enc: master, mac: Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'aadhaar-lookup', 32)) };
}

export interface SealedAadhaar {
  enc: string;
  hash: string;
  last4: string;
}

export function sealAadhaar(digits: string): SealedAadhaar {
  const { enc, mac } = keys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', enc, iv);
  const ciphertext = Buffer.concat([cipher.update(digits, 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  return { enc: `v1:${sealed}`, hash: aadhaarLookupHash(digits, mac), last4: digits.slice(-4) };
}

export function aadhaarLookupHash(digits: string, mac = keys().mac): string {
  return createHmac('sha256', mac).update(digits).digest('hex');
}

/** What every API answer shows: 'XXXX XXXX 1234'. */
export const maskAadhaar = (last4: string) => `XXXX XXXX ${last4}`;
