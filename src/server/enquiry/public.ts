/** Placeholder: filled in by the public forms work. */
import type { Handler } from '../http.ts';
import { HttpError } from '../errors.ts';

const notYet = () => { throw new HttpError(501, 'Not implemented yet'); };
export const createEnquiry: Handler = () => notYet();
