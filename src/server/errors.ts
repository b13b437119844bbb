/**
 * An error a client caused: it is sent as `{ error, fields?, code? }` with its status. `code` is a
 * stable key for clients that act on the kind of refusal (or show it in another language).
 */
import { FORM_TEXTS, REQUEST_TEXTS, fillIn, formCode, type FormKey, type RequestKey } from '../lib/forms/texts.ts';
import { officePhone, schoolInUse } from '../lib/school-profile.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Further members of the answer's JSON (e.g. a 429's `retryAfterMinutes`). */
  readonly extra: Record<string, unknown> | undefined;
  code: string | undefined;
  codes: Record<string, string> | undefined;

  constructor(
    status: number,
    message: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.headers = headers;
    this.extra = extra;
  }

  /** The same error with a stable `code` in its answer, and `codes`, each field's message's code. */
  withCode(code: string, codes?: Record<string, string>): this {
    this.code = code;
    this.codes = codes;
    return this;
  }
}

function coded(status: number, code: string, message: string, fields: readonly string[]): HttpError {
  const each = <T>(value: T) => (fields.length ? Object.fromEntries(fields.map((f) => [f, value])) : undefined);
  return new HttpError(status, message, each(message)).withCode(code, each(code));
}

/** A refusal with a public form's message (FORM_TEXTS's `key`, code `form.<key>`), naming `fields`. */
export const formRefusal = (status: number, key: FormKey, fields: readonly string[] = []) =>
  coded(status, formCode(key), FORM_TEXTS[key], fields);

/** A refusal of the request itself (REQUEST_TEXTS's `key`, code `request.<key>`). */
export const requestRefusal = (status: number, key: RequestKey, fields: readonly string[] = []) =>
  coded(status, `request.${key}`, REQUEST_TEXTS[key], fields);

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
export const tooLarge = () => requestRefusal(413, 'bodyTooLarge');
export const unsupportedType = (message: string, fields?: Record<string, string>) =>
  new HttpError(415, message, fields);
/**
 * 429 of a public limit: request.<key>'s words with the minutes to wait and the school's phone
 * filled in; the answer also carries `retryAfterMinutes` and `phone` (a page in another language
 * fills its own words with them) and `Retry-After` in seconds.
 */
export function tooManyRequests(retryAfterSeconds: number, key: RequestKey = 'tooManyRequests'): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  const phone = officePhone(schoolInUse());
  return new HttpError(
    429,
    fillIn(REQUEST_TEXTS[key], { minutes: String(minutes), phone }),
    undefined,
    { 'Retry-After': String(seconds) },
    { retryAfterMinutes: minutes, phone },
  ).withCode(`request.${key}`);
}
