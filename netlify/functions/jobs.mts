import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { principalOnly } from '../../src/server/auth.ts';
import { createJob, deleteJob, getJob, listJobs, updateJob } from '../../src/features/vacancies/vacancies.server.ts';

export const config: Config = {
  path: ['/v1/api/jobs', '/v1/api/jobs/:id'],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

export default router({
  '/v1/api/jobs': { GET: listJobs, POST: principalOnly(createJob) },
  '/v1/api/jobs/:id': { GET: getJob, PUT: principalOnly(updateJob), DELETE: principalOnly(deleteJob) },
});
