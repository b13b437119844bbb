/** Hourly: records past their retention period, staged documents nobody claimed, ended sessions, old rate-limit and sign-in throttle windows. */
import type { Config } from '@netlify/functions';
import { STAGED_MAX_AGE_HOURS } from '../../src/features/admission/documents.server.ts';
import { cleanup, describeCleanup } from '../../src/features/housekeeping/cleanup.server.ts';

export const config: Config = {
  schedule: '@hourly',
};

export default async (): Promise<Response> => {
  console.log(`[cleanup] ${describeCleanup(await cleanup(), STAGED_MAX_AGE_HOURS)}`);
  return new Response(null, { status: 204 });
};
