/** Hourly: staged admission documents nobody claimed within 24 hours are deleted. */
import type { Config } from '@netlify/functions';
import { cleanupUploads } from '../../src/features/admission/documents.server.ts';

export const config: Config = {
  schedule: '@hourly',
};

export default async (): Promise<Response> => {
  const result = await cleanupUploads();
  console.log(`[cleanup-uploads] deleted ${result.staged} staged uploads and ${result.orphans} orphaned blobs`);
  return new Response(null, { status: 204 });
};
