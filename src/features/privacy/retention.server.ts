/**
 * Retention, run by the hourly cleanup: each kind of record in src/features/kinds.ts is erased
 * (src/features/privacy/privacy.server.ts, eraseRecord) once its kind's period (`privacy.retention`,
 * from src/config/privacy.ts) has passed, measured against `now` (the real time, or a clock set
 * forward by `npm run cleanup -- --now`): from its decision at one of the kind's statuses (its time
 * in the history), or from its last change. Today: an application Not admitted or Withdrawn (an
 * admitted one is kept), an enquiry after its last change, a TC request once Issued or Rejected.
 * Audit entries older than the audit period (and never younger than the database allows) go too.
 */
import { query, transaction } from '../../server/db.ts';
import { HttpError } from '../../server/errors.ts';
import { RETENTION_ACTOR } from '../../server/audit.ts';
import { privacy } from '../../config/privacy.ts';
import { deleteErased, eraseRecord } from './privacy.server.ts';
import { KINDS, type Kind, type KindName } from '../kinds.ts';

/** The kinds in the order of their periods, shortest first: the order the job's report names them. */
const byPeriod = (): Kind[] => [...KINDS].sort((a, b) => a.privacy.retention.days() - b.privacy.retention.days());

/**
 * Records of each kind erased in one run at most: the scheduled function has seconds, not minutes,
 * and a first run over years of old records would not end in time. The rest go the next hour.
 */
const PER_RUN = 300;

/** The database refuses to delete an audit entry younger than this, whatever the settings say. */
const AUDIT_FLOOR_DAYS = 366;

/** When a record's status was reached: its latest history entry of that status, else the row's own times. */
const DECIDED_AT = (entity: string) => `COALESCE(
  (SELECT max(h.at) FROM status_history h WHERE h.entity = '${entity}' AND h.record_id = t.id AND h.status = t.status),
  t.status_changed_at, t.updated_at)`;

/** SQL of a kind's rows whose period has ended by $1 minus $2 days. */
function dueSql(kind: Kind): string {
  const { after } = kind.privacy.retention;
  if (after === 'last-change')
    return `GREATEST(t.updated_at, t.status_changed_at) < $1::timestamptz - make_interval(days => $2)`;
  const statuses = after.decidedAt.map((s) => `'${s}'`).join(', ');
  return `t.status IN (${statuses}) AND ${DECIDED_AT(kind.name)} < $1::timestamptz - make_interval(days => $2)`;
}

export interface RetentionResult {
  /** Records erased, by kind. */
  erased: Record<KindName, number>;
  auditEntries: number;
}

/** Erases every record whose period ended by `now`, each in its own transaction; then old audit entries. */
export async function applyRetention(now = new Date()): Promise<RetentionResult> {
  const erased = Object.fromEntries(KINDS.map((k) => [k.name, 0])) as Record<KindName, number>;
  for (const kind of byPeriod()) {
    const { why } = kind.privacy.retention;
    const days = kind.privacy.retention.days();
    const due = await query<{ id: string }>(
      `SELECT t.id FROM ${kind.table} t WHERE t.erased_at IS NULL AND ${dueSql(kind)} ORDER BY t.created_at LIMIT ${PER_RUN}`,
      [now.toISOString(), days],
    );
    for (const { id } of due) {
      try {
        const done = await transaction((tx) =>
          eraseRecord(tx, kind.name, id, RETENTION_ACTOR, `${why} over ${days} days`),
        );
        if (!done) continue;
        await deleteErased(done, 'retention');
        erased[kind.name] += 1;
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
  return { erased, auditEntries: audit.length };
}

export function describeRetention(r: RetentionResult): string {
  const counts = byPeriod().map((k) => `${r.erased[k.name]} ${k.labels.counted}`);
  return (
    `Erased the personal data of ${counts.slice(0, -1).join(', ')} and ${counts.at(-1)} past their retention period; ` +
    `deleted ${r.auditEntries} audit entry(ies) older than ${Math.max(privacy.retention.auditDays, AUDIT_FLOOR_DAYS)} days.`
  );
}
