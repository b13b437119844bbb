/** Placeholder: filled in by the admin area work. */
import type { AdminContext } from '../auth.ts';
import { HttpError } from '../errors.ts';

const notYet = () => { throw new HttpError(501, 'Not implemented yet'); };
export const listEnquiries = (_req: Request, _ctx: AdminContext): Response => notYet();
export const getEnquiry = (_req: Request, _ctx: AdminContext): Response => notYet();
export const deleteEnquiry = (_req: Request, _ctx: AdminContext): Response => notYet();
