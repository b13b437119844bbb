/** What the three public form endpoints share: the honeypot, the idempotency key, validation answers. */
import { isUuid } from '../db.ts';
import { HttpError, badRequest } from '../errors.ts';
import type { Failure } from '../../lib/forms/validate.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from '../../lib/forms/honeypot.ts';

/**
 * A hidden field people never see or fill; bots that fill every input do. Filled -> 400 and
 * nothing stored (not a pretended success: a real parent whose browser filled it must see that
 * the form did not go through).
 */
export function checkHoneypot(body: Record<string, unknown>): void {
  const value = body[HONEYPOT_FIELD];
  if (value !== undefined && value !== null && value !== '') throw badRequest(MSG.honeypot);
}

/** The form's idempotency key (a UUID it makes per submission); anything else is ignored. */
export function submissionKey(body: Record<string, unknown>): string | null {
  const value = body[SUBMISSION_KEY_FIELD];
  return typeof value === 'string' && isUuid(value.trim()) ? value.trim().toLowerCase() : null;
}

export const refuse = (failure: Failure): HttpError => new HttpError(400, failure.error, failure.fields);

/** Postgres unique_violation. */
export const isUniqueViolation = (error: unknown, constraintPart: string) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505' &&
  String((error as { constraint?: string }).constraint ?? '').includes(constraintPart);
