/**
 * How a form's zod schema is read by both sides. Types are checked first (an API client that
 * sends a number or a list where text belongs gets FORM_TEXTS.wrongType); then the form's rules run in
 * the form's order and the FIRST failing rule is the answer's message (`error`, `code`: the toast).
 * A public form's rules all run (checkFields), so `fields` names every field found wanting, each
 * with the message of the first rule that found it (usually the rule's own; an Aadhaar number
 * whose check digit does not match says so). Each message goes with its code (`code`, and `codes`
 * by field), so a page in another language shows its own words for it.
 */
import { z } from '../zod.ts';
import type { Field } from '../record.ts';
import { FORM_TEXTS, formCode, type FormKey } from './texts.ts';
import { isAadhaarShaped, isValidAadhaar } from './verhoeff.ts';
import { dateInIndia, isCalendarDate } from '../dates.ts';
import { isConsent } from './consent.ts';
import { phoneDigits } from './phone.ts';

/** A text field: absent and null both mean empty (the forms leave empty fields out), or `fallback` when given. */
export const text = (fallback = '') =>
  z.pipe(
    z.nullish(z.string()),
    z.transform((v: string | null | undefined) => (v ?? '').trim() || fallback),
  );

export type Failure = {
  ok: false;
  /** The English message and its code. */
  error: string;
  code?: string;
  /** Each field found wanting: its English message, and its code. */
  fields: Record<string, string>;
  codes: Record<string, string>;
  kind: 'type' | 'rule';
};
export type Success<T> = { ok: true; data: T };
export type Result<T> = Success<T> | Failure;

/** A failing field whose own message differs from its rule's (by its key in FORM_TEXTS). */
export interface FieldProblem {
  field: string;
  message: FormKey;
}

/**
 * The form's rules in order. By default the first failing rule stops the rest (an office form
 * shows one message); with `every`, every rule runs and each field keeps the first rule's message
 * that found it, while the first failing rule stays the answer's message.
 */
export class Rules {
  failed = false;
  private readonly ctx: z.core.$RefinementCtx;
  private readonly every: boolean;
  private readonly flagged = new Set<string>();
  // No parameter property: scripts load this file with Node's type stripping, which has none.
  constructor(ctx: z.core.$RefinementCtx, every = false) {
    this.ctx = ctx;
    this.every = every;
  }

  /**
   * Runs `rule` unless an earlier one failed (and not every rule runs). `rule` returns the failing
   * fields (empty: passed); they get `message`, or a problem's own message.
   */
  check(message: string, rule: () => (string | FieldProblem)[], code?: string): void {
    if (this.failed && !this.every) return;
    const bad = rule().filter((b) => !this.flagged.has(typeof b === 'string' ? b : b.field));
    if (bad.length === 0) return;
    const first = !this.failed;
    this.failed = true;
    for (const b of bad) {
      const field = typeof b === 'string' ? b : b.field;
      this.flagged.add(field);
      // The answer's message is the first failing rule's, whatever a field's own says.
      const answer = first ? { message, code } : undefined;
      if (typeof b === 'string') addCodedIssue(this.ctx, field, code, message, answer);
      else addCodedIssue(this.ctx, field, formCode(b.message), FORM_TEXTS[b.message], answer);
    }
  }

  /** `check` with a public form's message, by its key in FORM_TEXTS (its code is `form.<key>`). */
  form(key: FormKey, rule: () => (string | FieldProblem)[]): void {
    this.check(FORM_TEXTS[key], rule, formCode(key));
  }
}

/** A failing field with its message and the message's code; `rule`: the message of the rule that failed, when it differs. */
export const addCodedIssue = (
  ctx: z.core.$RefinementCtx,
  field: string,
  code: string | undefined,
  message: string,
  rule?: { message: string; code?: string },
) =>
  ctx.addIssue({
    code: 'custom',
    message,
    path: [field],
    ...(code || rule
      ? { params: { ...(code ? { code } : {}), ...(rule ? { ruleMessage: rule.message, ruleCode: rule.code } : {}) } }
      : {}),
  });

const codeOf = (issue: z.core.$ZodIssue): string | undefined =>
  issue.code !== 'custom'
    ? formCode('wrongType')
    : typeof issue.params?.code === 'string'
      ? issue.params.code
      : undefined;
/** The message and code of the rule an issue's field failed (its own when the rule gave none). */
const ruleOf = (issue: z.core.$ZodIssue): { error: string; code?: string } =>
  issue.code === 'custom' && typeof issue.params?.ruleMessage === 'string'
    ? {
        error: issue.params.ruleMessage,
        code: typeof issue.params.ruleCode === 'string' ? issue.params.ruleCode : undefined,
      }
    : { error: issue.message, code: codeOf(issue) };

export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues;
  const typeIssues = issues.filter((i) => i.code !== 'custom');
  const fields: Record<string, string> = {};
  const codes: Record<string, string> = {};
  if (typeIssues.length) {
    for (const issue of typeIssues) {
      fields[String(issue.path[0] ?? '_')] = FORM_TEXTS.wrongType;
      codes[String(issue.path[0] ?? '_')] = formCode('wrongType');
    }
    return { ok: false, error: FORM_TEXTS.wrongType, code: formCode('wrongType'), fields, codes, kind: 'type' };
  }
  for (const issue of issues) {
    fields[String(issue.path[0] ?? '_')] = issue.message;
    const code = codeOf(issue);
    if (code) codes[String(issue.path[0] ?? '_')] = code;
  }
  return { ok: false, ...ruleOf(issues[0]!), fields, codes, kind: 'rule' };
}

/** The fields of `keys` whose value is empty. */
export const emptyOf = (values: Record<string, unknown>, keys: readonly string[]) =>
  keys.filter((k) => !values[k] || String(values[k]).trim() === '');

export const isTenDigits = (value: string) => /^\d{10}$/.test(value);
/**
 * An ordinary mailbox's address, by zod's own e-mail pattern (letters, digits and _ ' + - . before
 * the @; a domain of dotted names ending in letters): no IP literal (a@[127.0.0.1]), no quoted
 * local part ("a b"@x.in), no domain without a dot. What zod leaves open, the lengths of RFC 5321.
 */
export const isEmail = (value: string) =>
  z.regexes.email.test(value) && value.length <= 254 && value.indexOf('@') <= 64;

// A scheme, www., a slash beside a dot, or a common top-level domain after a word (not initials like R.K.).
const LINK =
  /:\/\/|www\.|\/.*\.|\..*\/|[a-z]{2,}\.(?:com|net|org|in|co|ly|io|me|info|biz|xyz|app|link|site|online|top|shop|live|click)(?:[./\s]|$)/iu;
/**
 * Why a person's name is refused, as its message's key in FORM_TEXTS; undefined when it is a name:
 * letters of any script with their marks (a Devanagari matra is a mark), spaces, `.`, `'` and `-`,
 * with at least one letter. A link, an e-mail address or digits get their own words.
 */
export function nameProblem(value: string): 'nameLink' | 'nameEmail' | 'nameDigits' | 'nameCharacters' | undefined {
  if (/[^\s@]@[^\s@]/u.test(value) && !value.includes('://')) return 'nameEmail';
  if (LINK.test(value)) return 'nameLink';
  if (/^[\p{L}\p{M} .'-]*$/u.test(value) && (!value || /\p{L}/u.test(value))) return undefined;
  if (/\p{N}/u.test(value)) return 'nameDigits';
  return 'nameCharacters';
}

/**
 * A real calendar date, YYYY-MM-DD (the date input's value), after 1980 and not after today in
 * India (from midnight there, five and a half hours before UTC's: today's date is never the future).
 */
export function isBirthDate(value: string, now = new Date()): boolean {
  return isCalendarDate(value) && value >= '1980-01-01' && value <= dateInIndia(now);
}

/**
 * The zod object of a form's text fields: each a trimmed string, absent meaning empty, or the
 * `fallback` of its definition in `fields` (a hidden field's). A phone number comes out as its 10
 * digits however it was typed or pasted (phoneDigits), so the island sends and the server stores
 * the same; one that is not a number stays as typed, for the form's phone rule to refuse.
 */
export function textShape<const N extends string>(names: readonly N[], fields: readonly Field[] = []) {
  const field = (name: string) => fields.find((f) => f.name === name);
  const schema = (name: string) => {
    const kind = field(name)?.kind;
    return kind === 'consent' ? consent : kind === 'phone' ? phone : text(field(name)?.fallback);
  };
  return z.object(Object.fromEntries(names.map((name) => [name, schema(name)])) as Record<N, ReturnType<typeof text>>);
}

const phone = z.pipe(
  text(),
  z.transform((v: string) => phoneDigits(v) ?? v),
);

/** A consent box: ticked is 'true' (JSON true or the text 'true'), anything else empty, refused by its own rule. */
const consent = z.pipe(
  z.optional(z.unknown()),
  z.transform((v: unknown) => (isConsent(v) ? 'true' : '')),
);

/** The names of the fields a parent fills in: all but the hidden ones and the consent box (its own rule, last). */
export const typedFields = <F extends Field>(fields: readonly F[]): F['name'][] =>
  fields.filter((f) => !f.hidden && f.kind !== 'consent').map((f) => f.name);

export interface FieldChecks {
  /** The fields rule 1 asks for ('Please fill in all required fields.'). */
  required: readonly string[];
  /** The message of an invalid phone number: each form words it its own way. */
  phone: FormKey;
  /** Rules of the form's own, run after the format checks and before options, dates and lengths. */
  custom?: (rules: Rules) => void;
}

/**
 * The checks every form runs on its fields, in the order the forms show their messages: required
 * fields; Aadhaar, phone and e-mail formats; people's names; the form's own rules; a select's value among its
 * options; real dates; lengths; last, the parent's consent. Every check runs, so a parent sees
 * every mistake at once; the first failing check is the answer's message (see Rules). An Aadhaar
 * number, an e-mail address and a date are checked when given (whether one is required is `required`'s).
 */
export function checkFields(
  ctx: z.core.$RefinementCtx,
  values: Record<string, unknown>,
  fields: readonly Field[],
  checks: FieldChecks,
): void {
  const rules = new Rules(ctx, true);
  const valueOf = (name: string) => (typeof values[name] === 'string' ? values[name] : '');
  const failing = (kind: Field['kind'], ok: (value: string, field: Field) => boolean) =>
    fields.filter((f) => f.kind === kind && !ok(valueOf(f.name), f)).map((f) => f.name);
  rules.form('required', () => emptyOf(values, checks.required));
  // Twelve digits that fail the check digit are a typing mistake, and the field says so.
  rules.form('aadhaar', () =>
    failing('aadhaar', (value) => !value || isValidAadhaar(value)).map((f) =>
      isAadhaarShaped(valueOf(f)) ? { field: f, message: 'aadhaarCheckDigit' as const } : f,
    ),
  );
  rules.form(checks.phone, () => failing('phone', isTenDigits));
  rules.form('email', () => failing('email', (value) => !value || isEmail(value)));
  // A name refused says why: each kind of problem is its own rule, so the answer's message is the first field's.
  for (const problem of ['nameLink', 'nameEmail', 'nameDigits', 'nameCharacters'] as const) {
    rules.form(problem, () =>
      fields.filter((f) => f.person && nameProblem(valueOf(f.name)) === problem).map((f) => f.name),
    );
  }
  checks.custom?.(rules);
  rules.form('option', () => failing('select', (value, f) => !value || !f.options || f.options.includes(value)));
  rules.form('date', () => failing('date', (value) => !value || isBirthDate(value)));
  rules.form('tooLong', () =>
    fields.filter((f) => f.max !== undefined && valueOf(f.name).length > f.max).map((f) => f.name),
  );
  rules.form('consent', () =>
    fields.filter((f) => f.kind === 'consent' && values[f.name] !== 'true').map((f) => f.name),
  );
}

/**
 * One field checked alone by the form's own checks (a correction of a stored record): required if
 * the form requires it, then its format, options, date and length. The message, or undefined.
 */
export function checkOneField(
  field: Field,
  value: string,
  checks: Pick<FieldChecks, 'required' | 'phone'>,
): string | undefined {
  const shape = textShape([field.name], [field]);
  const schema = shape.check(
    z.superRefine((values: z.output<typeof shape>, ctx) =>
      checkFields(ctx, values, [field], {
        required: checks.required.includes(field.name) ? [field.name] : [],
        phone: checks.phone,
      }),
    ),
  );
  const result = validate(schema, { [field.name]: value });
  return result.ok ? undefined : result.error;
}
