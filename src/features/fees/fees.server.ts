/**
 * The school's fees in the database (migration 0021), and what every reader of a fee asks here:
 *
 *   GET /v1/api/fees?session=2027-28     (anyone)    the fees of a session (FeeSchedule, src/features/fees/fees.ts)
 *   PUT /v1/api/fees { session, admission: [{ admissionClass, amount }], transferCertificate }  (principal) the same answer
 *   GET /admissions/fees, /hi/admissions/fees   the public fee structure (./structure.server.ts), its admission fees from the same rows
 *
 * A session without fees of its own charges the latest session's before it (fees carry over until
 * the principal sets the new session's); a session before every set one, the earliest set.
 * Payments read a record's fee with feeOwedSql (./fee-sql.server.ts).
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { query, transaction, type Queryable } from '../../server/db.ts';
import { badRequest } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { refuse } from '../../server/forms.ts';
import { purgePages } from '../../server/public-page.ts';
import { publicPage } from '../site/public-page.server.ts';
import { classText } from '../../lib/classes.ts';
import { toIso } from '../../lib/dates.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { isSessionName, sessionName, sessionOf } from '../../lib/sessions.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { FEE_TEXTS, validateFees, type FeeSchedule } from './fees.ts';
import { FEE_PAGE_TAG, feePage } from './fee-page.server.ts';
import { CARRY_OVER } from './fee-sql.server.ts';
import { officeContact, publishedFees } from './structure.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';

// ---- the schedule ----------------------------------------------------------------------------

interface Schedule {
  /** The session whose rows these are, or null when no session has fees. */
  setFor: string | null;
  admission: Map<string, number>;
  tcPaise: number;
  updatedAt: string | null;
}

async function schedule(session: string, db: Queryable | undefined = undefined): Promise<Schedule> {
  const run = <T>(sql: string, params: unknown[]) =>
    db ? db.query(sql, params).then((r) => r.rows as T[]) : (query(sql, params) as Promise<T[]>);
  const [rows, tc] = await Promise.all([
    run<{ session: string; admission_class: string; amount_paise: string; updated_at: unknown }>(
      `SELECT session, admission_class, amount_paise::text, updated_at FROM admission_fees
        WHERE session = (SELECT session FROM admission_fees ORDER BY ${CARRY_OVER('$1')} LIMIT 1)`,
      [session],
    ),
    run<{ amount_paise: string; updated_at: unknown }>(`SELECT amount_paise::text, updated_at FROM tc_fee`, []),
  ]);
  const times = [...rows.map((r) => r.updated_at), tc[0]?.updated_at].filter(Boolean).map((t) => toIso(t));
  return {
    setFor: rows[0]?.session ?? null,
    admission: new Map(rows.map((r) => [r.admission_class, Number(r.amount_paise)])),
    tcPaise: Number(tc[0]?.amount_paise ?? 0),
    updatedAt: times.sort().at(-1) ?? null,
  };
}

/** The sessions the editor offers: last, this and next, and every one with fees of its own. */
async function sessionsOffered(): Promise<string[]> {
  const start = Number(sessionOf().slice(0, 4));
  const set = await query<{ session: string }>(
    `SELECT DISTINCT session FROM admission_fees UNION SELECT session FROM fee_structures`,
  );
  return [
    ...new Set([sessionName(start - 1), sessionName(start), sessionName(start + 1), ...set.map((r) => r.session)]),
  ].sort();
}

async function scheduleJson(session: string): Promise<FeeSchedule> {
  const [s, sessions, { classes: offered }] = await Promise.all([
    schedule(session),
    sessionsOffered(),
    schoolProfile(),
  ]);
  return {
    session,
    sessions,
    setFor: s.setFor,
    admission: offered.map((c) => ({
      admissionClass: c,
      amount: s.admission.has(c) ? paiseToRupees(s.admission.get(c)!) : null,
    })),
    transferCertificate: paiseToRupees(s.tcPaise),
    updatedAt: s.updatedAt,
  };
}

function sessionParam(value: unknown): string {
  if (value === undefined || value === null || value === '') return sessionOf();
  if (!isSessionName(value)) throw badRequest(FEE_TEXTS.session, { session: FEE_TEXTS.session });
  return value;
}

/** GET /v1/api/fees?session=: anyone may read the fees (the school publishes them). */
export async function getFees(req: Request): Promise<Response> {
  return json(await scheduleJson(sessionParam(new URL(req.url).searchParams.get('session'))));
}

/** The fees as the audit entry compares them, named as the audit screen shows them: each class's and the TC fee, in rupees. */
const auditView = (admission: Map<string, number>, tcPaise: number): Record<string, number> => ({
  ...Object.fromEntries([...admission].map(([c, p]) => [classText(c), paiseToRupees(p)])),
  'TC fee': paiseToRupees(tcPaise),
});

/** PUT /v1/api/fees: the principal sets a session's fees (every class) and the TC fee; audited with what changed, before and after. */
export async function putFees(req: Request, ctx: AdminContext): Promise<Response> {
  const result = validateFees(await readJson(req), (await schoolProfile()).classes);
  if (!result.ok) throw refuse(result);
  const change = result.data;
  const changed = await transaction(async (tx) => {
    // The TC fee's row is the lock every change of the fees takes: two principals' saves go one after the other.
    await tx.query(`SELECT 1 FROM tc_fee FOR UPDATE`);
    const before = await schedule(change.session, tx);
    const own = before.setFor === change.session;
    for (const { admissionClass, amountPaise } of change.admission) {
      await tx.query(
        `INSERT INTO admission_fees (session, admission_class, amount_paise) VALUES ($1, $2, $3)
         ON CONFLICT (session, admission_class) DO UPDATE SET amount_paise = EXCLUDED.amount_paise, updated_at = now()
          WHERE admission_fees.amount_paise <> EXCLUDED.amount_paise`,
        [change.session, admissionClass, String(amountPaise)],
      );
    }
    await tx.query(`UPDATE tc_fee SET amount_paise = $1, updated_at = now() WHERE amount_paise <> $1`, [
      String(change.transferCertificatePaise),
    ]);
    // A session that carried another's fees is compared with those: the entry says what the families of that session now pay otherwise.
    const after = auditView(
      new Map(change.admission.map((a) => [a.admissionClass as string, a.amountPaise])),
      change.transferCertificatePaise,
    );
    // Compared class by class over the classes changed: a fee kept for a class no longer offered is no part of it.
    const compared = new Map(
      [...before.admission].filter(([c]) => change.admission.some((a) => a.admissionClass === c)),
    );
    const detail = changeDetail(auditView(compared, before.tcPaise), after);
    const differs = detail !== JSON.stringify({ before: {}, after: {} });
    if (differs || !own)
      await recordAudit(ctx, { action: 'update', entity: 'fees', entityId: change.session, detail }, tx);
    return differs || !own;
  });
  if (changed) await purgePages([FEE_PAGE_TAG]);
  return json(await scheduleJson(change.session));
}

// ---- the public page -------------------------------------------------------------------------

/** GET /admissions/fees and /hi/admissions/fees: the published fee structure (or that it is not yet published), and the TC fee. */
export function feePageHandler(lang: Language) {
  return async (req: Request): Promise<Response> => {
    const [fees, contact] = await Promise.all([publishedFees(), officeContact(lang)]);
    return publicPage(req, { lang, ...feePage(lang, { ...fees, contact }), tags: [FEE_PAGE_TAG] });
  };
}
