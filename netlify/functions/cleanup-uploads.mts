/** Hourly: staged admission documents nobody claimed within 24 hours are deleted (issue 5 point 4). */
import type { Config } from '@netlify/functions';
import { cleanupUploads } from '../../src/server/uploads.ts';

export const config: Config = {
  schedule: '@hourly',
};

export default async (): Promise<Response> => {
  const result = await cleanupUploads();
  console.log(`[cleanup-uploads] deleted ${result.staged} staged uploads and ${result.orphans} orphaned blobs`);
  return new Response(null, { status: 204 });
};
