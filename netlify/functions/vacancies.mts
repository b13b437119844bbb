import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { principalOnly } from '../../src/server/auth.ts';
import {
  createVacancy,
  deleteVacancy,
  getVacancy,
  listVacancies,
  updateVacancy,
} from '../../src/features/vacancies/vacancies.server.ts';

export const config: Config = {
  path: ['/v1/api/jobs', '/v1/api/jobs/:id'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/jobs': { GET: listVacancies, POST: principalOnly(createVacancy) },
  '/v1/api/jobs/:id': { GET: getVacancy, PUT: principalOnly(updateVacancy), DELETE: principalOnly(deleteVacancy) },
});
