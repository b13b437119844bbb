/**
 * The whole fee structure of a session in the database (migration 0035), ./structure.ts:
 *
 *   GET  /v1/api/fees/structure?session=2027-28   (staff)     the editor's structure (FeeStructureAnswer)
 *   PUT  /v1/api/fees/structure { session, heads, rows, transferCertificate }   (principal) saves it whole
 *   POST /v1/api/fees/structure/copy { from, to, replace? }   (principal) a saved session's structure as another's
 *
 * The admission fee's column is admission_fees (what families pay online): a save writes each
 * class's admission fee there, and a read takes it from there. Only a saved structure is public
 * (the fee page and the Mandatory Public Disclosure); the editor starts an unsaved session from the
 * latest saved one before it, else from the website's sample (starting-content/fees.ts), marked so.
 * Every save and copy is audited with before and after, and purges the pages that show fees.
 * Rows name only the classes the school offers (its profile): the editor, the copy and the public
 * pages leave out a class it no longer offers, and a save naming one is refused.
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { getPool, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, conflict } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { refuse } from '../../server/forms.ts';
import { html, purgePages, type Html } from '../../server/public-page.ts';
import { ALL_CLASSES, classText, type SchoolClass } from '../../lib/classes.ts';
import { dateInIndia, toIso } from '../../lib/dates.ts';
import type { Language } from '../../lib/i18n/index.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { academicSessionOn, isSessionName, sessionName, sessionOf } from '../../lib/sessions.ts';
import type { GoLiveCheck } from '../go-live/go-live.ts';
import { footerFacts } from '../../lib/school-profile.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { sampleFeeStructure } from '../../../starting-content/fees.ts';
import { CARRY_OVER } from './fee-sql.server.ts';
import { FEE_PAGE_TAG, sessionFees, type OfficeContact, type PublishedFees } from './fee-page.server.ts';
import {
  STARTING_NAMES,
  STRUCTURE_TEXTS,
  classRuns,
  offeredStructure,
  validateStructure,
  withAdmission,
  type FeeHead,
  type FeeStructure,
  type FeeStructureAnswer,
  type FeeStructureChange,
} from './structure.ts';

type Row = Record<string, unknown>;

/** Each class's admission fee of `session` in paise, as payments read it: its own, else carried over from the nearest set session. */
async function admissionFees(session: string, db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ admission_class: string; amount_paise: string }>(
    `SELECT DISTINCT ON (admission_class) admission_class, amount_paise::text FROM admission_fees
      ORDER BY admission_class, ${CARRY_OVER('$1')}`,
    [session],
  );
  return new Map(rows.map((r) => [r.admission_class, Number(r.amount_paise)]));
}

/**
 * The stored structure through the schema again (jsonb keeps keys in its own order; a row that no
 * longer passes is not shown as a fee), with the classes of `offered` only.
 */
function storedStructure(
  value: unknown,
  session: string,
  admission: Map<string, number>,
  offered: readonly string[],
): FeeStructure | null {
  const stored = (typeof value === 'string' ? JSON.parse(value) : value) as FeeStructure;
  return checkedStructure(stored, session, admission, (p) => (p === null ? null : paiseToRupees(p)), offered);
}

/**
 * `structure` (amounts in `unit`) as the schema reads it, with each row's admission fee from
 * `admission`, its rows without the classes not `offered` (a row left with none goes) before they
 * are parted by their admission fees; null when it does not pass or no row is left.
 */
function checkedStructure<A>(
  structure: FeeStructure<A>,
  session: string,
  admission: Map<string, number>,
  toRupees: (a: A | null) => unknown,
  offered: readonly string[],
): FeeStructure | null {
  const head = structure.heads.find((h) => h.kind === 'admission');
  const kept = offeredStructure(structure, offered).rows;
  if (!kept.length) return null;
  const rows = kept.map((r) => ({
    classes: r.classes,
    amounts: {
      ...Object.fromEntries(Object.entries(r.amounts).map(([id, a]) => [id, toRupees(a ?? null)])),
      ...(head ? { [head.id]: paiseToRupees(admission.get(r.classes[0]!) ?? 0) } : {}),
    },
  }));
  const checked = validateStructure({ session, heads: structure.heads, rows, transferCertificate: 0 });
  if (!checked.ok) {
    console.error('fee structure not readable', session, checked.error, checked.fields);
    return null;
  }
  return withAdmission(checked.data.structure, (c) => admission.get(c));
}

interface Found {
  state: FeeStructureAnswer['state'];
  from: string | null;
  structure: FeeStructure;
  updatedAt: string | null;
}

/** The classes the school offers now, in the school's order (its profile, a cached read). */
const offeredNow = async (): Promise<SchoolClass[]> => (await schoolProfile()).classes;

/** The default start when the website has no sample: the admission fee alone, one row per class offered. */
function blank(admission: Map<string, number>, offered: readonly SchoolClass[]): FeeStructure {
  const heads: FeeHead[] = [
    { id: 'admission', kind: 'admission', period: 'once', name: { ...STARTING_NAMES.admission } },
  ];
  const rows = offered.map((c) => ({ classes: [c], amounts: { admission: admission.get(c) ?? 0 } }));
  return { heads, rows };
}

/**
 * A saved session's structure (amounts in paise, the admission fees as charged), or undefined; its
 * rows name the classes of `offered` only (every class: as stored, for the audit).
 */
async function saved(
  session: string,
  db: Queryable,
  offered: readonly string[] = ALL_CLASSES,
): Promise<{ structure: FeeStructure | null; updatedAt: string } | undefined> {
  const { rows } = await db.query<Row>(`SELECT structure, updated_at FROM fee_structures WHERE session = $1`, [
    session,
  ]);
  if (!rows[0]) return undefined;
  return {
    structure: storedStructure(rows[0].structure, session, await admissionFees(session, db), offered),
    updatedAt: toIso(rows[0].updated_at),
  };
}

/** What the editor shows for `session` (rows of the classes `offered`): its own, a copy of the latest saved before it, the sample, or the blank start. */
async function structureFor(session: string, db: Queryable, offered: readonly SchoolClass[]): Promise<Found> {
  const own = await saved(session, db, offered);
  const admission = await admissionFees(session, db);
  if (own?.structure) return { state: 'saved', from: null, structure: own.structure, updatedAt: own.updatedAt };
  const { rows } = await db.query<Row>(
    `SELECT session, structure FROM fee_structures WHERE session < $1 ORDER BY session DESC LIMIT 1`,
    [session],
  );
  const earlier = rows[0] && storedStructure(rows[0].structure, session, admission, offered);
  if (earlier) return { state: 'copy', from: String(rows[0]!.session), structure: earlier, updatedAt: null };
  const sample = sampleFeeStructure.rows.length
    ? checkedStructure(sampleFeeStructure as unknown as FeeStructure<number>, session, admission, (a) => a, offered)
    : null;
  if (sample?.rows.length) return { state: 'sample', from: null, structure: sample, updatedAt: null };
  return {
    state: 'blank',
    from: null,
    structure: withAdmission(blank(admission, offered), (c) => admission.get(c)),
    updatedAt: null,
  };
}

const inRupees = (structure: FeeStructure): FeeStructure => ({
  heads: structure.heads,
  rows: structure.rows.map((r) => ({
    classes: r.classes,
    amounts: Object.fromEntries(Object.entries(r.amounts).map(([id, p]) => [id, p === null ? null : paiseToRupees(p)])),
  })),
});

async function tcPaise(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ amount_paise: string }>(`SELECT amount_paise::text FROM tc_fee`);
  return Number(rows[0]?.amount_paise ?? 0);
}

async function savedSessions(db: Queryable): Promise<string[]> {
  return (await db.query<{ session: string }>(`SELECT session FROM fee_structures ORDER BY session`)).rows.map(
    (r) => r.session,
  );
}

async function answer(session: string, db: Queryable = getPool()): Promise<FeeStructureAnswer> {
  const offered = await offeredNow();
  const [found, tc, savedList, set] = await Promise.all([
    structureFor(session, db, offered),
    tcPaise(db),
    savedSessions(db),
    db.query<{ session: string }>(`SELECT DISTINCT session FROM admission_fees`),
  ]);
  const start = Number(sessionOf().slice(0, 4));
  const sessions = [
    ...new Set([
      sessionName(start - 1),
      sessionName(start),
      sessionName(start + 1),
      session,
      ...savedList,
      ...set.rows.map((r) => r.session),
    ]),
  ].sort();
  return {
    session,
    sessions,
    state: found.state,
    from: found.from,
    structure: inRupees(found.structure),
    transferCertificate: paiseToRupees(tc),
    saved: savedList,
    updatedAt: found.updatedAt,
    classes: offered,
  };
}

function sessionParam(value: unknown, field = 'session'): string {
  if (value === undefined || value === null || value === '') return sessionOf();
  if (!isSessionName(value)) throw badRequest(STRUCTURE_TEXTS.session, { [field]: STRUCTURE_TEXTS.session });
  return value;
}

/** GET /v1/api/fees/structure?session= (office and principal). */
export async function getStructure(req: Request): Promise<Response> {
  return json(await answer(sessionParam(new URL(req.url).searchParams.get('session'))));
}

// ---- saving ----------------------------------------------------------------------------------

/** A row's classes as the audit and the editor name them: 'Classes 1-5', 'P.N.C-K.G', 'Class 9'. */
export function rowText(classes: readonly string[]): string {
  return classRuns(classes)
    .map(([a, b]) =>
      a === b
        ? classText(a)
        : /^\d+$/.test(a) && /^\d+$/.test(b)
          ? `Classes ${a}-${b}`
          : `${classText(a)}-${classText(b)}`,
    )
    .join(', ');
}

const PERIOD_WORDS = { once: 'once', month: 'per month', quarter: 'per quarter', year: 'per year' } as const;

/** The structure as the audit entry compares it, in rupees: the fees' names and each row's amounts, named as the screen shows them. */
function auditView(structure: FeeStructure | null, tc: number): Record<string, unknown> {
  const view: Record<string, unknown> = { 'TC fee': paiseToRupees(tc) };
  if (!structure) return view;
  view.Fees = structure.heads.map((h) => `${h.name.en} / ${h.name.hi} (${PERIOD_WORDS[h.period]})`);
  for (const row of structure.rows) {
    for (const h of structure.heads) {
      const p = row.amounts[h.id] ?? null;
      view[`${rowText(row.classes)}: ${h.name.en}`] = p === null ? 'not charged' : paiseToRupees(p);
    }
  }
  return view;
}

/** The admission fees of `session` after `structure`: its rows' classes from it, every other class as it is charged now. */
async function writeAdmissionFees(tx: Queryable, session: string, structure: FeeStructure): Promise<void> {
  const head = structure.heads.find((h) => h.kind === 'admission')!;
  const now = await admissionFees(session, tx);
  const byClass = new Map(
    structure.rows.flatMap((r) => r.classes.map((c) => [c as string, r.amounts[head.id]!] as const)),
  );
  for (const c of ALL_CLASSES) {
    const paise = byClass.get(c) ?? now.get(c);
    if (paise === undefined) continue;
    await tx.query(
      `INSERT INTO admission_fees (session, admission_class, amount_paise) VALUES ($1, $2, $3)
       ON CONFLICT (session, admission_class) DO UPDATE SET amount_paise = EXCLUDED.amount_paise, updated_at = now()
        WHERE admission_fees.amount_paise <> EXCLUDED.amount_paise`,
      [session, c, String(paise)],
    );
  }
}

/** The structure stored without its admission amounts (admission_fees holds them). */
function storable(structure: FeeStructure): string {
  const head = structure.heads.find((h) => h.kind === 'admission')!;
  return JSON.stringify({
    heads: structure.heads,
    rows: structure.rows.map((r) => ({
      classes: r.classes,
      amounts: Object.fromEntries(Object.entries(r.amounts).filter(([id]) => id !== head.id)),
    })),
  });
}

/**
 * Stores `change` as its session's structure in `tx`, and the TC fee; audits it with before and
 * after (`extra` added to the entry's after). True when anything changed.
 */
async function store(
  tx: Queryable,
  ctx: AdminContext,
  change: FeeStructureChange,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  // The TC fee's row is the lock every change of the fees takes (the admission fees' editor too): saves go one after the other.
  await tx.query(`SELECT 1 FROM tc_fee FOR UPDATE`);
  const [before, tcBefore] = await Promise.all([saved(change.session, tx), tcPaise(tx)]);
  await writeAdmissionFees(tx, change.session, change.structure);
  await tx.query(
    `INSERT INTO fee_structures (session, structure) VALUES ($1, $2::jsonb)
     ON CONFLICT (session) DO UPDATE SET structure = EXCLUDED.structure, updated_at = now()`,
    [change.session, storable(change.structure)],
  );
  await tx.query(`UPDATE tc_fee SET amount_paise = $1, updated_at = now() WHERE amount_paise <> $1`, [
    String(change.tcPaise),
  ]);
  const after = (await saved(change.session, tx))!.structure;
  const detail = changeDetail(auditView(before?.structure ?? null, tcBefore), {
    ...auditView(after, change.tcPaise),
    ...extra,
  });
  const differs = detail !== JSON.stringify({ before: {}, after: {} });
  if (differs)
    await recordAudit(
      ctx,
      { action: before ? 'update' : 'create', entity: 'fees', entityId: change.session, detail },
      tx,
    );
  return differs;
}

/** PUT /v1/api/fees/structure (principal): a session's whole structure and the TC fee. */
export async function putStructure(req: Request, ctx: AdminContext): Promise<Response> {
  const result = validateStructure(await readJson(req), await offeredNow());
  if (!result.ok) throw refuse(result);
  const change = result.data;
  const changed = await transaction((tx) => store(tx, ctx, change));
  if (changed) await purgePages([FEE_PAGE_TAG]);
  return json(await answer(change.session));
}

/**
 * POST /v1/api/fees/structure/copy { from, to, replace } (principal): `from`'s saved structure,
 * admission fees included, becomes `to`'s, to be changed there. A `to` with a saved structure of
 * its own is replaced only when `replace` is true (409 otherwise).
 */
export async function copyStructure(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  const from = body.from;
  const to = body.to;
  const fields: Record<string, string> = {};
  if (!isSessionName(from)) fields.from = STRUCTURE_TEXTS.session;
  if (!isSessionName(to)) fields.to = STRUCTURE_TEXTS.session;
  else if (to === from) fields.to = STRUCTURE_TEXTS.copyTo;
  if (body.replace !== undefined && typeof body.replace !== 'boolean')
    fields.replace = 'Send replace as true or false.';
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  const offered = await offeredNow();
  const changed = await transaction(async (tx) => {
    // The classes the school offers now: a class it has stopped offering is not carried into another session.
    const source = await saved(from as string, tx, offered);
    if (!source?.structure?.rows.length) throw badRequest(STRUCTURE_TEXTS.copyFrom, { from: STRUCTURE_TEXTS.copyFrom });
    const target = await tx.query(`SELECT 1 FROM fee_structures WHERE session = $1`, [to]);
    if (target.rows.length && body.replace !== true) {
      throw conflict(`${String(to)} has a fee structure of its own. Copy again to replace it.`, {
        to: 'This session has a saved fee structure.',
      }).withCode('fees-saved');
    }
    return store(
      tx,
      ctx,
      { session: to as string, structure: source.structure, tcPaise: await tcPaise(tx) },
      { 'Copied from': from },
    );
  });
  if (changed) await purgePages([FEE_PAGE_TAG]);
  return json(await answer(to as string));
}

// ---- the public pages ------------------------------------------------------------------------

/**
 * The sessions a family reads fees of: the one admissions are for, and the school year running
 * now when that is another and has a saved structure. The first is listed even when unsaved (its
 * page says so); amounts in paise, the TC fee too.
 */
export async function publishedFees(
  now: Date = new Date(),
  db: Queryable = getPool(),
): Promise<{ sessions: PublishedFees[]; tcPaise: number }> {
  const next = sessionOf(now);
  const running = academicSessionOn(dateInIndia(now));
  const wanted = [...new Set([next, running])];
  const offered = await offeredNow();
  // A structure shows the classes the school offers now; one left with none is as good as unpublished.
  const shown = (structure: FeeStructure | null | undefined) => (structure?.rows.length ? structure : null);
  const [found, tc] = await Promise.all([
    Promise.all(
      wanted.map(async (session) => ({ session, structure: shown((await saved(session, db, offered))?.structure) })),
    ),
    tcPaise(db),
  ]);
  return { sessions: found.filter((s, i) => i === 0 || s.structure), tcPaise: tc };
}

/** The office's contact as the profile has it now (no phone or e-mail the school did not set). */
export async function officeContact(lang: Language): Promise<OfficeContact> {
  const facts = footerFacts(await schoolProfile(), lang);
  return { phones: facts.phones, email: facts.email };
}

/** The fee part of the Mandatory Public Disclosure in `lang`: the published structures, or where to ask. */
export async function disclosureFees(lang: Language): Promise<Html> {
  const [fees, contact] = await Promise.all([publishedFees(), officeContact(lang)]);
  return html`${fees.sessions.map((s) => sessionFees(lang, s, contact, 3, 'fees.disclosure.heading'))}`;
}

/** The go-live line: the session admissions are for has no published fee structure. */
export async function goLiveChecks(): Promise<GoLiveCheck[]> {
  const session = sessionOf();
  const { rows } = await getPool().query(`SELECT 1 FROM fee_structures WHERE session = $1`, [session]);
  return [{ code: 'goLive.fees', done: rows.length > 0, href: `/admin/fees?session=${session}` }];
}
