/**
 * What the public form endpoints share: the honeypot, the idempotency key, validation answers and
 * storing a submission once however often it arrives.
 */
import { createHash } from 'node:crypto';
import { isUuid } from './db.ts';
import { HttpError, formRefusal, requestRefusal } from './errors.ts';
import type { Failure } from '../lib/forms/validate.ts';
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from '../lib/forms/honeypot.ts';

/**
 * A hidden field people never see or fill; bots that fill every input do. Filled -> 400 and
 * nothing stored (not a pretended success: a real parent whose browser filled it must see that
 * the form did not go through).
 */
export function checkHoneypot(body: Record<string, unknown>): void {
  const value = body[HONEYPOT_FIELD];
  if (value !== undefined && value !== null && value !== '') throw formRefusal(400, 'honeypot');
}

/** The form's idempotency key (a UUID it makes per submission); anything else is ignored. */
export function submissionKey(body: Record<string, unknown>): string | null {
  const value = body[SUBMISSION_KEY_FIELD];
  return typeof value === 'string' && isUuid(value.trim()) ? value.trim().toLowerCase() : null;
}

/** 400 with the failing check's message and fields, and their codes. */
export const refuse = (failure: Failure): HttpError =>
  new HttpError(400, failure.error, failure.fields).withCode(
    failure.code ?? '',
    Object.keys(failure.codes).length ? failure.codes : undefined,
  );

/** Postgres unique_violation on a constraint whose name contains `constraintPart`. */
export const isUniqueViolation = (error: unknown, constraintPart: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  String((error as { constraint?: string }).constraint ?? '').includes(constraintPart);

/** The page's fields rather than the family's: the language the form was shown in and the consent box. */
const PAGE_FIELDS = new Set(['language', 'consent']);

/** A value as JSON with every object's keys in order (the page's fields left out), so equal data always reads the same. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .filter((k) => !PAGE_FIELDS.has(k))
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value ?? null);

/**
 * What makes two sends under one key the same submission: a hash of the form's checked data (so
 * spaces around a value or an Aadhaar number typed with spaces do not matter), without the page's
 * language and the consent box, which are the page's rather than the family's. A document counts
 * by its field being there, not by its upload id: a resend after a reload uploads it again.
 */
export const submissionHash = (data: object): string => createHash('sha256').update(canonical(data)).digest('hex');

/** A stored record's hash of its submission (null for records stored before it was kept). */
interface Stored {
  submission_hash?: unknown;
}

/**
 * The earlier record under a key, when the same submission came again; a different one under a
 * reused key is refused 409 with nothing of the first record in the answer.
 */
export function sameSubmission<T extends Stored>(earlier: T, hash: string): T {
  if (typeof earlier.submission_hash === 'string' && earlier.submission_hash !== hash)
    throw requestRefusal(409, 'keyReused');
  return earlier;
}

export interface CreateOnce<T extends Stored> {
  /** The submission's key, or null when the client sent none. */
  key: string | null;
  /** The submission's hash (submissionHash), stored with the record by `create`. */
  hash: string;
  /** The record stored earlier under `key`, if any. */
  find: (key: string) => Promise<T | undefined>;
  /** Stores the record; a second submission with the same key fails on the key's unique index. */
  create: () => Promise<T>;
  /** Look for an earlier submission before creating (when creating is costly, e.g. stores files). */
  lookFirst?: boolean;
  /** Runs when the answer is an earlier submission's because creating hit the key's unique index. */
  onRepeat?: () => Promise<void>;
}

/**
 * Stores a public form's submission once: the same submission again (a parent on flaky mobile
 * data whose answer was lost, or a double tap racing the first) gets the first one's record; a
 * different one under the same key gets 409 (sameSubmission).
 */
export async function createOnce<T extends Stored>({
  key,
  hash,
  find,
  create,
  lookFirst = false,
  onRepeat,
}: CreateOnce<T>): Promise<T> {
  if (key && lookFirst) {
    const earlier = await find(key);
    if (earlier) return sameSubmission(earlier, hash);
  }
  try {
    return await create();
  } catch (error) {
    if (!key || !isUniqueViolation(error, 'submission_key')) throw error;
    await onRepeat?.();
    const earlier = await find(key);
    if (!earlier) throw error;
    return sameSubmission(earlier, hash);
  }
}
