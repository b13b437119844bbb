/**
 * GET /v1/api/dashboard (staff): the office's home in one statement and one round trip (the
 * answer's shape is `Dashboard` in ./dashboard.ts). No figure counts a whole table: new records
 * come from the (created_at) index over this week's rows only, counts by status from status_counts
 * (kept by triggers, migration 0009), the month's payments from (created_at), follow-ups from the
 * partial follow-up index, seats from status_counts too, for the classes that have a capacity, the
 * re-sent documents' queue from the partial index of re-sent documents still pending.
 */
import { query } from '../../server/db.ts';
import { json } from '../../server/http.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { addDays, dateInIndia, indiaMidnight } from '../../lib/dates.ts';
import { sessionOf } from '../../lib/sessions.ts';
import { RESENT_PENDING } from '../admission/workflow.ts';
import { kindOf } from '../kinds.ts';
import { disclosureWarnings, type DocumentKey } from '../disclosure/disclosure.ts';
import {
  DESK_RECORD_KINDS,
  FOLLOW_UPS_SHOWN,
  type Dashboard,
  type DeskRecord,
  type FollowUp,
  type RecordFigures,
} from './dashboard.ts';

const CLASS_ORDER: readonly string[] = ALL_CLASSES;
const tableOf = (kind: DeskRecord) => kindOf(kind).table;

/** The Monday of the week `date` (YYYY-MM-DD) falls in: the office's week starts on Monday. */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

const newCounts = (table: string) => `
  (SELECT json_build_object('today', count(*) FILTER (WHERE created_at >= $1), 'week', count(*)) FROM ${table} WHERE created_at >= $2) AS ${table}_new`;

// Enquiries still followed up: not at one of their final statuses.
const ENDED = kindOf('enquiry')
  .finalStatuses.map((s) => `'${s}'`)
  .join(', ');

/** One row of SQL: a `<table>_new` pair per kind and the figures after it (counts as pg sends them). */
type DashboardRow = {
  statuses: StatusCount[] | null;
  fees: { paise: number | string; n: number | string } | null;
  due: number | string;
  resent: number | string;
  online_attention: number | string;
  due_first: Record<string, unknown>[] | null;
  seats: Record<string, unknown>[] | null;
  disclosure: Record<string, string | null>[] | null;
} & Record<`${string}_new`, { today: number; week: number } | null>;

const SQL = `SELECT ${DESK_RECORD_KINDS.map((kind) => newCounts(tableOf(kind))).join(',')},
  (SELECT json_agg(s) FROM (SELECT entity, status, sum(n) AS n FROM status_counts GROUP BY 1, 2) AS s) AS statuses,
  (SELECT json_build_object('paise', COALESCE(sum(amount_paise), 0), 'n', count(*)) FROM payments WHERE created_at >= $3) AS fees,
  (SELECT count(*) FROM enquiries WHERE next_follow_up <= $4 AND status NOT IN (${ENDED})) AS due,
  (SELECT count(*) FROM admissions a WHERE a.id IN (SELECT admission_id FROM uploads WHERE resent_at IS NOT NULL AND state = 'pending') AND ${RESENT_PENDING('a')}) AS resent,
  (SELECT count(*) FROM gateway_payments WHERE outcome IN ('mismatch', 'refund-failed')) AS online_attention,
  (SELECT json_agg(f) FROM (
     SELECT id, student_name, admission_class, father_mobile, next_follow_up, status FROM enquiries
      WHERE next_follow_up <= $4 AND status NOT IN (${ENDED})
      ORDER BY next_follow_up, created_at LIMIT ${FOLLOW_UPS_SHOWN}) AS f) AS due_first,
  (SELECT json_agg(c) FROM (
     SELECT s.admission_class, s.capacity,
            (SELECT COALESCE(sum(sc.n), 0) FROM status_counts sc
              WHERE sc.entity = 'admissions' AND sc.status = 'admitted' AND sc.session = s.session AND sc.admission_class = s.admission_class) AS admitted
       FROM seats s WHERE s.session = $5) AS c) AS seats,
  (SELECT json_agg(d) FROM (SELECT key, issued_on::text AS issued_on, valid_until::text AS valid_until FROM disclosure_documents) AS d) AS disclosure`;

type StatusCount = { entity: string; status: string; n: number };

function figures(
  kind: DeskRecord,
  fresh: { today: number; week: number } | null | undefined,
  counted: StatusCount[],
): RecordFigures {
  const wf = kindOf(kind).workflow;
  const of = (status: string) => Number(counted.find((c) => c.entity === tableOf(kind) && c.status === status)?.n ?? 0);
  const byStatus = wf.statuses.map((status) => ({ status, label: wf.labels[status]!, count: of(status) }));
  return {
    today: Number(fresh?.today ?? 0),
    week: Number(fresh?.week ?? 0),
    total: byStatus.reduce((sum, s) => sum + s.count, 0),
    byStatus,
  };
}

export async function getDashboard(): Promise<Response> {
  const now = new Date();
  const today = dateInIndia(now);
  const weekStart = mondayOf(today);
  const monthStart = `${today.slice(0, 8)}01`;
  const session = sessionOf(now);
  const started = performance.now();
  const [row] = await query<DashboardRow>(SQL, [
    indiaMidnight(today),
    indiaMidnight(weekStart),
    indiaMidnight(monthStart),
    today,
    session,
  ]);
  const timing = `db;dur=${(performance.now() - started).toFixed(1)}`;
  const statuses = row?.statuses ?? [];
  const records = Object.fromEntries(
    DESK_RECORD_KINDS.map((kind) => [kind, figures(kind, row?.[`${tableOf(kind)}_new`], statuses)]),
  ) as Dashboard['records'];
  const first: FollowUp[] = (row?.due_first ?? []).map((f) => ({
    _id: String(f.id),
    studentName: String(f.student_name),
    admissionClass: String(f.admission_class),
    fatherMobile: String(f.father_mobile),
    nextFollowUp: String(f.next_follow_up),
    status: String(f.status),
  }));
  const seats = (row?.seats ?? [])
    .map((c) => ({
      admissionClass: String(c.admission_class),
      capacity: Number(c.capacity),
      admitted: Number(c.admitted),
    }))
    .sort((a, b) => CLASS_ORDER.indexOf(a.admissionClass) - CLASS_ORDER.indexOf(b.admissionClass));
  const answer: Dashboard = {
    today,
    weekStart,
    monthStart,
    records,
    fees: { receivedPaise: Number(row?.fees?.paise ?? 0), payments: Number(row?.fees?.n ?? 0) },
    followUps: { due: Number(row?.due ?? 0), first },
    resent: Number(row?.resent ?? 0),
    onlineAttention: Number(row?.online_attention ?? 0),
    seats: { session, classes: seats },
    disclosure: disclosureWarnings(
      (row?.disclosure ?? []).map((d) => ({
        key: d.key as DocumentKey,
        issuedOn: String(d.issued_on),
        validUntil: d.valid_until ?? null,
      })),
      today,
    ),
  };
  return json(answer, 200, { 'Server-Timing': timing });
}
