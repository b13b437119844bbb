/**
 * Retention, run by the hourly cleanup: each kind of record is erased (src/features/privacy/
 * privacy.server.ts, eraseRecord) once its period in src/config/privacy.ts has passed, measured
 * against `now` (the real time, or a clock set forward by `npm run cleanup -- --now`):
 * - an application Not admitted or Withdrawn, that many days after that decision (its time in the
 *   history); admitted ones are kept;
 * - an enquiry, that many days after its last change;
 * - a TC request, that many days after it was Issued or Rejected.
 * Audit entries older than the audit period (and never younger than the database allows) go too.
 */
import { deleteBlobs } from '../../server/blobs.ts';
import { query, transaction } from '../../server/db.ts';
import { HttpError } from '../../server/errors.ts';
import { RETENTION_ACTOR } from '../../server/audit.ts';
import { privacy } from '../../config/privacy.ts';
import { eraseRecord } from './privacy.server.ts';
import type { PrivacyEntity } from './privacy.ts';

/**
 * Records of each kind erased in one run at most: the scheduled function has seconds, not minutes,
 * and a first run over years of old records would not end in time. The rest go the next hour.
 */
const PER_RUN = 300;

/** The database refuses to delete an audit entry younger than this, whatever the settings say. */
const AUDIT_FLOOR_DAYS = 366;

/** When a record's status was reached: its latest history entry of that status, else the row's own times. */
const DECIDED_AT = (entity: PrivacyEntity) => `COALESCE(
  (SELECT max(h.at) FROM status_history h WHERE h.entity = '${entity}' AND h.record_id = t.id AND h.status = t.status),
  t.status_changed_at, t.updated_at)`;

interface Rule {
  entity: PrivacyEntity;
  table: string;
  days: number;
  /** SQL of the rows whose period has ended by $1 minus $2 days. */
  due: string;
  why: string;
}

const RULES: Rule[] = [
  {
    entity: 'admission',
    table: 'admissions',
    days: privacy.retention.closedApplicationDays,
    due: `t.status IN ('not-admitted', 'withdrawn') AND ${DECIDED_AT('admission')} < $1::timestamptz - make_interval(days => $2)`,
    why: 'retention: decided (not admitted or withdrawn)',
  },
  {
    entity: 'enquiry',
    table: 'enquiries',
    days: privacy.retention.enquiryDays,
    due: `GREATEST(t.updated_at, t.status_changed_at) < $1::timestamptz - make_interval(days => $2)`,
    why: 'retention: enquiry unchanged',
  },
  {
    entity: 'tc-request',
    table: 'tc_requests',
    days: privacy.retention.decidedTcRequestDays,
    due: `t.status IN ('issued', 'rejected') AND ${DECIDED_AT('tc-request')} < $1::timestamptz - make_interval(days => $2)`,
    why: 'retention: TC issued or rejected',
  },
];

export interface RetentionResult {
  admissions: number;
  enquiries: number;
  tcRequests: number;
  auditEntries: number;
}

/** Erases every record whose period ended by `now`, each in its own transaction; then old audit entries. */
export async function applyRetention(now = new Date()): Promise<RetentionResult> {
  const erased: Record<PrivacyEntity, number> = { admission: 0, enquiry: 0, 'tc-request': 0 };
  for (const rule of RULES) {
    const due = await query<{ id: string }>(
      `SELECT t.id FROM ${rule.table} t WHERE t.erased_at IS NULL AND ${rule.due} ORDER BY t.created_at LIMIT ${PER_RUN}`,
      [now.toISOString(), rule.days],
    );
    for (const { id } of due) {
      try {
        const keys = await transaction((tx) => eraseRecord(tx, rule.entity, id, RETENTION_ACTOR, `${rule.why} over ${rule.days} days`));
        if (!keys) continue;
        await deleteBlobs('documents', keys, 'retention');
        erased[rule.entity] += 1;
      } catch (error) {
        // Reopened or admitted since it was read: its period starts again.
        if (error instanceof HttpError && error.status === 409) continue;
        throw error;
      }
    }
  }
  // Never measured against a clock set forward: the access log keeps its full period in real time.
  const auditDays = Math.max(privacy.retention.auditDays, AUDIT_FLOOR_DAYS);
  const audit = await query(
    `DELETE FROM audit_log WHERE created_at < LEAST($1::timestamptz, now()) - make_interval(days => $2) RETURNING id`,
    [now.toISOString(), auditDays],
  );
  return { admissions: erased.admission, enquiries: erased.enquiry, tcRequests: erased['tc-request'], auditEntries: audit.length };
}

export const describeRetention = (r: RetentionResult) =>
  `Erased the personal data of ${r.admissions} application(s), ${r.enquiries} enquiry(ies) and ${r.tcRequests} TC request(s) past their retention period; ` +
  `deleted ${r.auditEntries} audit entry(ies) older than ${Math.max(privacy.retention.auditDays, AUDIT_FLOOR_DAYS)} days.`;
