/**
 * Input signed by a provider (Razorpay's webhooks and API answers, Meta's and MSG91's delivery
 * reports), read with a zod schema before anything is stored: a signature proves who sent a body,
 * not that its values fit our columns. A value out of range is the sender's error, a 400 naming
 * each field by its path in the body (`payload.payment.entity.amount`), never a database error.
 */
import { z } from '../lib/zod.ts';
import { badRequest } from './errors.ts';

/** Each failing value's path in the body (under `prefix`), with zod's word for what is wrong with it. */
export function issueFields(error: z.core.$ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.') || '(body)';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Text of at most `max` characters (a status, a method, an id where the provider's has no fixed shape). */
export const boundedText = (max: number) => {
  const error = `Expected text of at most ${max} characters.`;
  return z.string({ error }).check(z.maxLength(max, { error }));
};

/** The 400 of a provider's body whose `fields` are out of range: nothing of it is stored. */
export const outOfRange = (message: string, code: string, fields: Record<string, string>) =>
  badRequest(message, fields).withCode(code);

/** `value` as `schema` reads it; else the 400 naming its fields out of range. */
export function providerInput<T>(schema: z.ZodMiniType<T>, value: unknown, message: string, code: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw outOfRange(message, code, issueFields(result.error));
  return result.data;
}
