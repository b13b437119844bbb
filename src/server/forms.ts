/**
 * What the public form endpoints share: the honeypot, the idempotency key, validation answers and
 * storing a submission once however often it arrives.
 */
import { isUuid } from './db.ts';
import { HttpError, formRefusal } from './errors.ts';
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
  new HttpError(400, failure.error, failure.fields).withCode(failure.code ?? '', Object.keys(failure.codes).length ? failure.codes : undefined);

/** Postgres unique_violation on a constraint whose name contains `constraintPart`. */
export const isUniqueViolation = (error: unknown, constraintPart: string) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505' &&
  String((error as { constraint?: string }).constraint ?? '').includes(constraintPart);

export interface CreateOnce<T> {
  /** The submission's key, or null when the client sent none. */
  key: string | null;
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
 * data whose answer was lost, or a double tap racing the first) gets the first one's record.
 */
export async function createOnce<T>({ key, find, create, lookFirst = false, onRepeat }: CreateOnce<T>): Promise<T> {
  if (key && lookFirst) {
    const earlier = await find(key);
    if (earlier) return earlier;
  }
  try {
    return await create();
  } catch (error) {
    if (!key || !isUniqueViolation(error, 'submission_key')) throw error;
    await onRepeat?.();
    const earlier = await find(key);
    if (!earlier) throw error;
    return earlier;
  }
}
