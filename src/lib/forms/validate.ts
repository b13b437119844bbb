/**
 * How a form's zod schema is read by both sides. Types are checked first (an API client that
 * sends a number or a list where text belongs gets MSG.wrongType); then the form's rules run in
 * the spec's order and the FIRST failing rule is the answer: its message is the form's message,
 * and `fields` names every field that rule found wanting.
 */
import { z } from '../zod.ts';
import { MSG } from './messages.ts';

/** A text field: absent and null both mean empty (spec: "empty or unset fields are left out"). */
export const text = () => z.pipe(z.nullish(z.string()), z.transform((v: string | null | undefined) => (v ?? '').trim()));

export type Failure = { ok: false; error: string; fields: Record<string, string>; kind: 'type' | 'rule' };
export type Success<T> = { ok: true; data: T };
export type Result<T> = Success<T> | Failure;

/** Stop at the first failing rule: the spec checks in order and shows one message. */
export class Rules {
  failed = false;
  constructor(private readonly ctx: z.core.$RefinementCtx) {}

  /** Runs `rule` unless an earlier one failed. `rule` returns the failing fields (empty: passed). */
  check(message: string, rule: () => string[]): void {
    if (this.failed) return;
    const bad = rule();
    if (bad.length === 0) return;
    this.failed = true;
    for (const field of bad) this.ctx.addIssue({ code: 'custom', message, path: [field] });
  }
}

export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues;
  const typeIssues = issues.filter((i) => i.code !== 'custom');
  const fields: Record<string, string> = {};
  if (typeIssues.length) {
    for (const issue of typeIssues) fields[String(issue.path[0] ?? '_')] = MSG.wrongType;
    return { ok: false, error: MSG.wrongType, fields, kind: 'type' };
  }
  const error = issues[0]!.message;
  for (const issue of issues) fields[String(issue.path[0] ?? '_')] = issue.message;
  return { ok: false, error, fields, kind: 'rule' };
}

/** The fields of `keys` whose value is empty. */
export const emptyOf = (values: Record<string, unknown>, keys: readonly string[]) =>
  keys.filter((k) => !values[k] || String(values[k]).trim() === '');

export const isTenDigits = (value: string) => /^\d{10}$/.test(value);
// A pragmatic check like the browser's type=email one: something@something.tld, no spaces.
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
