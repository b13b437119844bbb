/**
 * What the server signs and checks with a secret: the hex HMAC-SHA256 that Razorpay and Meta sign
 * their requests with, and a comparison of a given token or signature with the expected one that
 * takes the same time wherever they differ (a wrong length is simply false).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `payload` with `secret`. */
export const hmacHex = (payload: string | Buffer, secret: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** Whether `given` is `expected`, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
