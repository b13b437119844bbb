/**
 * What the server signs and checks with a secret: the hex HMAC-SHA256 that Razorpay and Meta sign
 * their requests with, the tokens only this site can make (its SESSION_SECRET), and a comparison of a given token or signature with the expected one that
 * takes the same time wherever they differ (a wrong length is simply false).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { requireEnv } from './env.ts';

/** Hex HMAC-SHA256 of `payload` with `secret`. */
export const hmacHex = (payload: string | Buffer, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('hex');

/** A token only this site can make for `text` (`purpose:value`, so one purpose's token is no other's): base64url HMAC-SHA256 with SESSION_SECRET. */
export const siteToken = (text: string) =>
  createHmac('sha256', requireEnv('SESSION_SECRET')).update(text).digest('base64url');

/** Whether `given` is `expected`, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
