/** Placeholder: filled in by the admin area work. */
import type { AdminContext } from '../auth.ts';
import { HttpError } from '../errors.ts';

const notYet = () => { throw new HttpError(501, 'Not implemented yet'); };
export const listAdmissions = (_req: Request, _ctx: AdminContext): Response => notYet();
export const getAdmission = (_req: Request, _ctx: AdminContext): Response => notYet();
export const deleteAdmission = (_req: Request, _ctx: AdminContext): Response => notYet();
export const getAdmissionFile = (_req: Request, _ctx: AdminContext): Response => notYet();
