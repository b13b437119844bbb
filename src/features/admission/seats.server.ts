/**
 * Seats: each class's capacity for a session, set by the principal, and the count the admissions
 * panel shows (capacity, admitted, waitlisted, applications). A class with no capacity set has no
 * limit. Admitting into a full class is refused (409, code `seats-full`) unless a principal sends
 * `override: true`, which is audited; the class's seat row is locked while an admission is
 * decided, so two admissions at once cannot both take its last seat.
 *
 *   GET /v1/api/seats?session=2027-28        (principal) { session, sessions, seats: [{ admissionClass, capacity }] }
 *   PUT /v1/api/seats { session, seats }     (principal) the same answer; a capacity of null removes the limit
 *   GET /v1/api/admission/seats?session=     (staff)     { session, sessions, classes: [{ admissionClass, capacity, admitted, waitlisted, applications }] }
 *
 * The classes are those the school offers (its profile); the summary also keeps a class it no
 * longer offers while that session has applications for it, so none is lost from view.
 */
import type { AdminContext } from '../../server/auth.ts';
import { PRINCIPAL_ONLY } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { query, transaction } from '../../server/db.ts';
import { badRequest, conflict, forbidden } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import type { Move } from '../../server/workflow-route.ts';
import { inClassOrder } from '../../lib/classes.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { isSessionName, sessionName, sessionOf } from '../../lib/sessions.ts';
import type { AdmissionStatus } from './workflow.ts';
import { MAX_CAPACITY } from './seats.ts';

export const SEAT_TEXTS = {
  session: 'Choose a session such as 2027-28.',
  seats: 'Send seats as a list of { admissionClass, capacity }.',
  capacity: `A capacity is a whole number from 0 to ${MAX_CAPACITY}, or empty for no limit.`,
  admissionClass: 'Unknown class.',
  notOffered: 'The school does not offer this class (the classes are set in the school profile).',
} as const;

/** The classes the school offers now, in the school's order. */
const offeredNow = async (): Promise<readonly string[]> => (await schoolProfile()).classes;

/** The session a request names (?session= or the body's), else the one applications are for now. */
function sessionParam(value: unknown): string {
  if (value === undefined || value === null || value === '') return sessionOf();
  if (!isSessionName(value)) throw badRequest(SEAT_TEXTS.session, { session: SEAT_TEXTS.session });
  return value;
}

/** The sessions the screens offer: last, this and next. */
function nearbySessions(): string[] {
  const start = Number(sessionOf().slice(0, 4));
  return [sessionName(start - 1), sessionName(start), sessionName(start + 1)];
}

async function capacities(session: string): Promise<Map<string, number>> {
  const rows = await query<{ admission_class: string; capacity: number }>(
    `SELECT admission_class, capacity FROM seats WHERE session = $1`,
    [session],
  );
  return new Map(rows.map((r) => [r.admission_class, Number(r.capacity)]));
}

async function seatsAnswer(session: string): Promise<Response> {
  const [set, offered] = await Promise.all([capacities(session), offeredNow()]);
  return json({
    session,
    sessions: nearbySessions(),
    seats: offered.map((c) => ({ admissionClass: c, capacity: set.get(c) ?? null })),
  });
}

export async function getSeats(req: Request): Promise<Response> {
  return seatsAnswer(sessionParam(new URL(req.url).searchParams.get('session')));
}

export async function putSeats(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  const session = sessionParam(body.session);
  if (!Array.isArray(body.seats)) throw badRequest(SEAT_TEXTS.seats, { seats: SEAT_TEXTS.seats });
  const offered = await offeredNow();
  const wanted = new Map<string, number | null>();
  for (const entry of body.seats as unknown[]) {
    const { admissionClass, capacity } = (entry ?? {}) as Record<string, unknown>;
    if (typeof admissionClass !== 'string' || !inClassOrder([admissionClass]).length) {
      throw badRequest(SEAT_TEXTS.admissionClass, { seats: SEAT_TEXTS.admissionClass });
    }
    if (!offered.includes(admissionClass))
      throw badRequest(SEAT_TEXTS.notOffered, { [admissionClass]: SEAT_TEXTS.notOffered });
    const ok =
      capacity === null ||
      (Number.isInteger(capacity) && (capacity as number) >= 0 && (capacity as number) <= MAX_CAPACITY);
    if (!ok) throw badRequest(SEAT_TEXTS.capacity, { [admissionClass]: SEAT_TEXTS.capacity });
    wanted.set(admissionClass, capacity as number | null);
  }
  await transaction(async (tx) => {
    const before = new Map(
      (
        await tx.query<{ admission_class: string; capacity: number }>(
          `SELECT admission_class, capacity FROM seats WHERE session = $1 FOR UPDATE`,
          [session],
        )
      ).rows.map((r) => [r.admission_class, Number(r.capacity)]),
    );
    const changes: string[] = [];
    for (const [admissionClass, capacity] of wanted) {
      const old = before.get(admissionClass) ?? null;
      if (old === capacity) continue;
      if (capacity === null)
        await tx.query(`DELETE FROM seats WHERE session = $1 AND admission_class = $2`, [session, admissionClass]);
      else {
        await tx.query(
          `INSERT INTO seats (session, admission_class, capacity) VALUES ($1, $2, $3)
           ON CONFLICT (session, admission_class) DO UPDATE SET capacity = EXCLUDED.capacity, updated_at = now()`,
          [session, admissionClass, capacity],
        );
      }
      changes.push(`${admissionClass}: ${old ?? 'no limit'} -> ${capacity ?? 'no limit'}`);
    }
    if (changes.length)
      await recordAudit(ctx, { action: 'seats', entity: 'seats', entityId: session, detail: changes.join('; ') }, tx);
  });
  return seatsAnswer(session);
}

/** GET /v1/api/admission/seats: each class's capacity beside its admitted, waitlisted and all applications. */
export async function seatSummary(req: Request): Promise<Response> {
  const session = sessionParam(new URL(req.url).searchParams.get('session'));
  const [set, counts] = await Promise.all([
    capacities(session),
    // status_counts (migration 0009) keeps these per session, class and status: no count of the applications.
    query<{ admission_class: string; admitted: string | null; waitlisted: string | null; applications: string }>(
      `SELECT admission_class, sum(n) FILTER (WHERE status = 'admitted') AS admitted,
              sum(n) FILTER (WHERE status = 'waitlisted') AS waitlisted, sum(n) AS applications
         FROM status_counts WHERE entity = 'admissions' AND session = $1 GROUP BY admission_class`,
      [session],
    ),
  ]);
  const byClass = new Map(counts.map((c) => [c.admission_class, c]));
  const offered = await offeredNow();
  const shown = inClassOrder([
    ...offered,
    ...counts.filter((c) => Number(c.applications) > 0).map((c) => c.admission_class),
  ]);
  return json({
    session,
    sessions: nearbySessions(),
    classes: shown.map((c) => ({
      admissionClass: c,
      capacity: set.get(c) ?? null,
      admitted: Number(byClass.get(c)?.admitted ?? 0),
      waitlisted: Number(byClass.get(c)?.waitlisted ?? 0),
      applications: Number(byClass.get(c)?.applications ?? 0),
    })),
  });
}

/**
 * A seat for an application being admitted, inside its move: the class's seat row is locked, and a
 * full class refuses (409 `seats-full`) unless a principal overrides, which is audited.
 */
export async function claimSeat(move: Move<AdmissionStatus>): Promise<void> {
  const { tx, row, body, ctx } = move;
  const session = String(row.session);
  const admissionClass = String(row.admission_class);
  const seat = (
    await tx.query<{ capacity: number }>(
      `SELECT capacity FROM seats WHERE session = $1 AND admission_class = $2 FOR UPDATE`,
      [session, admissionClass],
    )
  ).rows[0];
  if (!seat) return;
  const counted = await tx.query<{ n: string }>(
    `SELECT count(*) AS n FROM admissions WHERE session = $1 AND admission_class = $2 AND status = 'admitted'`,
    [session, admissionClass],
  );
  const admitted = Number(counted.rows[0]?.n ?? 0);
  const capacity = Number(seat.capacity);
  if (admitted < capacity) return;
  if (body.override !== true) {
    throw conflict(
      `Class ${admissionClass} is full for ${session}: ${admitted} of ${capacity} seats are taken. Only the principal can admit beyond capacity.`,
    ).withCode('seats-full');
  }
  if (ctx.admin.role !== 'principal') throw forbidden(PRINCIPAL_ONLY).withCode('principal-only');
  move.audit.push({
    action: 'seat-override',
    detail: `${admissionClass} ${session}: admitted as ${admitted + 1} of ${capacity} seats`,
  });
}
