import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly, principalOnly } from '../../src/server/auth.ts';
import { privacyRoutes } from '../../src/features/privacy/privacy.server.ts';
import {
  createPupil,
  getPupil,
  getSeries,
  listPupils,
  patchPupil,
  promote,
  putSeries,
} from '../../src/features/register/register-routes.server.ts';
import { classList } from '../../src/features/register/class-list.server.ts';
import { pupilById } from '../../src/features/register/register.server.ts';
import { getPool } from '../../src/server/db.ts';
import { importRegister } from '../../src/features/register/import.server.ts';
import { exportRegisterCsv, exportRegisterXlsx } from '../../src/features/register/export.server.ts';

export const config: Config = {
  path: [
    '/v1/api/register',
    '/v1/api/register/series',
    '/v1/api/register/promote',
    '/v1/api/register/class-list',
    '/v1/api/register/import',
    '/v1/api/register/export.csv',
    '/v1/api/register/export.xlsx',
    '/v1/api/register/:id',
    '/v1/api/register/:id/export.zip',
    '/v1/api/register/:id/erase',
    '/v1/api/register/:id/fields',
  ],
  // No method list here: the router's table below is the list of what each path takes.
};

const privacy = privacyRoutes('register', (id) => pupilById(getPool(), id));

export default router({
  '/v1/api/register': { GET: adminOnly(listPupils), POST: adminOnly(createPupil) },
  '/v1/api/register/series': { GET: adminOnly(getSeries), PUT: principalOnly(putSeries) },
  '/v1/api/register/promote': { POST: adminOnly(promote) },
  '/v1/api/register/class-list': { GET: adminOnly(classList) },
  // The paper register brought in (?dryRun=1: the preview), and the register taken out.
  '/v1/api/register/import': { POST: adminOnly(importRegister) },
  '/v1/api/register/export.csv': { GET: adminOnly(exportRegisterCsv) },
  '/v1/api/register/export.xlsx': { GET: adminOnly(exportRegisterXlsx) },
  '/v1/api/register/:id': { GET: adminOnly(getPupil), PATCH: adminOnly(patchPupil) },
  // A parent's requests about their child's data, carried out by the principal (a pupil is never erased: 409).
  '/v1/api/register/:id/export.zip': { GET: principalOnly(privacy.exportZip) },
  '/v1/api/register/:id/erase': { POST: principalOnly(privacy.eraseNow) },
  '/v1/api/register/:id/fields': { PATCH: principalOnly(privacy.correctField) },
});
