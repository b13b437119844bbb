/**
 * The hourly cleanup (Netlify's scheduled function, and `npm run cleanup`): records past their
 * retention period erased (src/features/privacy/retention.server.ts, measured against `now`),
 * staged uploads and staff files nobody claimed, and the rows of tables that would otherwise only grow: sessions
 * past their expiry or revoked, rate-limit windows long over, sign-in throttle windows that ended.
 * Then the name keys of the office's search that no search has made yet (src/features/name-search.server.ts).
 */
import { query } from '../../server/db.ts';
import { cleanupStaffFiles } from '../../server/files.ts';
import { cleanupUploads, STAGED_MAX_AGE_HOURS } from '../admission/documents.server.ts';
import { cleanupLoginThrottle } from '../auth/throttle.server.ts';
import { applyRetention, describeRetention, type RetentionResult } from '../privacy/retention.server.ts';
import { fillAllNameKeys } from '../name-search.server.ts';

/** The longest rate-limit window is a day (applications per mobile number); older slices count in none. */
const RATE_LIMIT_KEEP_HOURS = 24;

export interface CleanupResult {
  staged: number;
  orphans: number;
  staffFiles: number;
  sessions: number;
  rateLimitWindows: number;
  throttleWindows: number;
  /** Records given the name keys of the office's search (all of them, once, after migration 0029). */
  nameKeys: number;
  retention: RetentionResult;
}

export async function cleanup(stagedMaxAgeHours = STAGED_MAX_AGE_HOURS, now = new Date()): Promise<CleanupResult> {
  const retention = await applyRetention(now);
  const uploads = await cleanupUploads(stagedMaxAgeHours);
  const sessions = await query(`DELETE FROM sessions WHERE expires_at < now() OR revoked_at IS NOT NULL RETURNING id`);
  const windows = await query(
    `DELETE FROM rate_limits WHERE window_start < now() - make_interval(hours => $1) RETURNING bucket`,
    [RATE_LIMIT_KEEP_HOURS],
  );
  return {
    ...uploads,
    staffFiles: await cleanupStaffFiles(),
    sessions: sessions.length,
    rateLimitWindows: windows.length,
    throttleWindows: await cleanupLoginThrottle(),
    nameKeys: await fillAllNameKeys(),
    retention,
  };
}

export const describeCleanup = (r: CleanupResult, hours: number) =>
  `Deleted ${r.staged} unclaimed upload(s) older than ${hours} h, ${r.orphans} orphaned blob(s), ${r.staffFiles} unclaimed staff file(s), ` +
  `${r.sessions} ended session(s), ${r.rateLimitWindows} old rate-limit window(s) and ${r.throttleWindows} ended sign-in throttle window(s). ` +
  `Made the search keys of ${r.nameKeys} record(s).\n${describeRetention(r.retention)}`;
