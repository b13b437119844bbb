/**
 * An error a client caused: it is sent as `{ error, fields?, code? }` with its status. `code` is a
 * stable key for clients that act on the kind of refusal (or show it in another language).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  code: string | undefined;

  constructor(status: number, message: string, fields?: Record<string, string>, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.headers = headers;
  }

  /** The same error with a stable `code` in its answer. */
  withCode(code: string): this {
    this.code = code;
    return this;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
export const tooLarge = (message = 'Request body is too large') => new HttpError(413, message);
export const unsupportedType = (message: string, fields?: Record<string, string>) => new HttpError(415, message, fields);
export const tooManyRequests = (message = 'Too many requests. Try again later.', retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined);
