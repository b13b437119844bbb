/**
 * The register's API (netlify/functions/register.mts), the office's and the principal's:
 *
 *   GET   /v1/api/register?search=&class=&section=&status=&page=&limit=   { data, totalPupils, currentPage, totalPages }
 *   POST  /v1/api/register                 a pupil added by hand: the series' next number unless one is typed (201)
 *   GET   /v1/api/register/:id             one pupil
 *   PATCH /v1/api/register/:id             fields, and the status (left: leftOn and leavingReason); audited before/after
 *   GET   /v1/api/register/series          { admission: { prefix, nextNumber, width }, tc: {...} }
 *   PUT   /v1/api/register/series          (principal) either series or both; a next number already used is refused
 *   POST  /v1/api/register/promote         a class moved up at the session's start, with its exceptions, at once
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { getPool, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { equals, listAnswer, readList, statusEquals, type ListSpec } from '../../server/lists.ts';
import { isUniqueViolation, refuse } from '../../server/forms.ts';
import { sealAadhaar } from '../../server/aadhaar.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { dateInIndia, isCalendarDate } from '../../lib/dates.ts';
import { academicSessionOn, isSessionName } from '../../lib/sessions.ts';
import { recordSearch } from '../record-search.server.ts';
import { recordChanges } from '../audit/audit.server.ts';
import { writeMove } from '../workflow-moves.server.ts';
import { PUPIL_COLUMNS, markLeft, nextAdmissionNumber, pupilById, pupilJson } from './register.server.ts';
import { formatNumber, readSeries, SERIES_NAMES, type Series, type SeriesName } from './series.server.ts';
import { PUPIL_FORM, validatePupil, type PupilField, type PupilValues } from './schema.ts';
import { REGISTER_KIND } from './kind.ts';
import { ADMISSION_NUMBER_MAX, type Pupil } from './pupil.ts';

export const REGISTER_API_TEXTS = {
  notFound: REGISTER_KIND.labels.notFound,
  numberTaken: 'That admission number is already in the register.',
  numberPrincipal: 'Only the principal can change an admission number.',
  status: "Choose 'studying' or 'left'.",
  leftOn: 'Write the day the pupil left (YYYY-MM-DD).',
  leavingReason: 'Write why the pupil left (up to 300 characters).',
  reopen: 'Only the principal can put a pupil who left back on the register.',
  seriesPrefix: 'A prefix has up to 20 letters, digits and / - . only.',
  seriesNumber: 'The next number is a whole number from 1 to 99999999.',
  seriesWidth: 'The width is a whole number from 0 to 8.',
  seriesUsed: 'That number is already used: choose a next number after the last one written.',
  seriesNone: 'Send the admission series, the TC series or both.',
  class: 'Choose one of the classes.',
  section: 'A section has up to 10 letters or digits.',
  session: "Write the session as '2026-27'.",
  except: 'Each exception names a pupil of the class being promoted, once, with stay or leave.',
  leaveNeeds: 'A pupil who leaves needs the day (YYYY-MM-DD) and the reason.',
  nobody: 'No pupil is studying in that class and section.',
} as const;

// ---------------------------------------------------------------- list, one, add, edit

export const REGISTER_LIST: ListSpec = {
  table: 'pupils',
  columns: PUPIL_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1t.$2'),
  filters: {
    search: recordSearch(REGISTER_KIND.search),
    class: equals('class', { status_counts: 'admission_class' }),
    section: { where: (p) => `section = upper(${p})` },
    status: statusEquals,
  },
  counted: true,
  // The register's own order: by admission number, 'A/9' before 'A/10' (shorter first), so a typed
  // number's own pupil comes first among those it starts.
  order: ['length(admission_number)', 'admission_number'],
};

export async function listPupils(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), REGISTER_LIST);
  return listAnswer(list, {
    data: list.rows.map(pupilJson),
    totalPupils: list.total,
    currentPage: list.page,
    totalPages: list.totalPages,
  });
}

/** A pupil with its history of changes, which office and principal alike read on its screen. */
const withChanges = async (q: Queryable, pupil: Pupil) => ({
  ...pupil,
  changes: await recordChanges(q, 'register', pupil._id),
});

export async function getPupil(_req: Request, ctx: AdminContext): Promise<Response> {
  const pool = getPool();
  const pupil = await pupilById(pool, ctx.params.id ?? '');
  if (!pupil) throw notFound(REGISTER_API_TEXTS.notFound);
  return json(await withChanges(pool, pupil));
}

const FORM_NAMES = PUPIL_FORM.map((f) => f.name) as PupilField[];
const COLUMN_OF = Object.fromEntries(PUPIL_FORM.map((f) => [f.name, f.column])) as Record<PupilField, string>;
/** The columns a form value is stored in (Aadhaar sealed apart; empty dates NULL). */
const STORED: PupilField[] = FORM_NAMES.filter((f) => f !== 'aadhaar');
const stored = (name: PupilField, value: string) => (value === '' && name === 'dateOfBirth' ? null : value);

/** Only the form's fields, as text: anything else in a body is ignored. */
function typed(body: Record<string, unknown>): Partial<Record<PupilField, unknown>> {
  return Object.fromEntries(FORM_NAMES.filter((f) => f in body).map((f) => [f, body[f]]));
}

const taken = async (q: Queryable, number: string, except = '') =>
  (await q.query('SELECT 1 FROM pupils WHERE admission_number = $1 AND id::text <> $2', [number, except])).rows.length >
  0;

const numberTaken = () => conflict(REGISTER_API_TEXTS.numberTaken, { admissionNumber: REGISTER_API_TEXTS.numberTaken });

/** POST /v1/api/register: a pupil added by hand, with the series' next admission number unless one is typed. */
export async function createPupil(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  const today = dateInIndia();
  const given = typed(body);
  const withDefaults = {
    admittedOn: today,
    session: academicSessionOn(today),
    ...given,
    classOnAdmission: given.classOnAdmission || given.class,
  };
  const result = validatePupil(withDefaults);
  if (!result.ok) throw refuse(result);
  const values = result.data;
  const pupil = await transaction(async (tx) => {
    if (values.admissionNumber && (await taken(tx, values.admissionNumber))) throw numberTaken();
    const number = values.admissionNumber || (await nextAdmissionNumber(tx));
    const sealed = values.aadhaar ? sealAadhaar(values.aadhaar) : undefined;
    const columns = [...STORED.map((f) => COLUMN_OF[f]), 'aadhaar_enc', 'aadhaar_hash', 'aadhaar_last4'];
    const params = [
      ...STORED.map((f) => (f === 'admissionNumber' ? number : stored(f, values[f]))),
      sealed?.enc ?? null,
      sealed?.hash ?? null,
      sealed?.last4 ?? null,
    ];
    const { rows } = await tx.query(
      `INSERT INTO pupils (${columns.join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING ${PUPIL_COLUMNS}`,
      params,
    );
    const created = pupilJson(rows[0]!);
    await recordAudit(
      ctx,
      { action: 'create', entity: 'register', entityId: created._id, detail: changeDetail(null, auditable(created)) },
      tx,
    );
    return created;
  }).catch(uniqueNumber);
  return json(pupil, 201);
}

/** Two offices typing the same new number at once: the second is told, not a 500. */
function uniqueNumber(error: unknown): never {
  if (isUniqueViolation(error, 'admission_number')) throw numberTaken();
  throw error;
}

/** A pupil as the audit entry keeps it: what the screens show (Aadhaar masked), without the row's own times. */
const auditable = ({ createdAt: _c, updatedAt: _u, ...rest }: Pupil) => rest;

/** The stored pupil as the form has it: the values a PATCH is merged into before the one schema checks them. */
function formValues(p: Pupil): PupilValues {
  return Object.fromEntries(
    FORM_NAMES.map((f) => [f, f === 'aadhaar' ? '' : String((p as unknown as Record<string, unknown>)[f] ?? '')]),
  ) as PupilValues;
}

const isMasked = (value: unknown) => typeof value === 'string' && /^X{4} ?X{4} ?\d{4}$/i.test(value.trim());

/** The status part of a PATCH: undefined when it does not move the pupil. */
function statusChange(body: Record<string, unknown>, before: Pupil, ctx: AdminContext) {
  const status = body.status;
  if (status === undefined || status === before.status) return undefined;
  if (status !== 'studying' && status !== 'left')
    throw badRequest(REGISTER_API_TEXTS.status, { status: REGISTER_API_TEXTS.status });
  if (status === 'studying') {
    if (ctx.admin.role !== 'principal') throw forbidden(REGISTER_API_TEXTS.reopen).withCode('principal-only');
    return { to: status, set: { left_on: null, leaving_reason: '' } };
  }
  return { to: status, set: leaving(body.leftOn, body.leavingReason, { leftOn: 'leftOn', reason: 'leavingReason' }) };
}

/** A leaving's date and reason, checked: the columns they are stored in. */
function leaving(leftOn: unknown, reason: unknown, names: { leftOn: string; reason: string }) {
  const fields: Record<string, string> = {};
  if (typeof leftOn !== 'string' || !isCalendarDate(leftOn) || leftOn > dateInIndia())
    fields[names.leftOn] = REGISTER_API_TEXTS.leftOn;
  const why = typeof reason === 'string' ? reason.trim() : '';
  if (!why || why.length > 300) fields[names.reason] = REGISTER_API_TEXTS.leavingReason;
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  return { left_on: leftOn as string, leaving_reason: why };
}

/** PATCH /v1/api/register/:id: the fields sent (checked with the rest as stored), and the status. */
export async function patchPupil(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  const body = await readJson(req);
  const after = await transaction(async (tx) => {
    const before = await pupilById(tx, id, true);
    if (!before) throw notFound(REGISTER_API_TEXTS.notFound);
    const given = typed(body);
    // The masked number the screens show is no new number: Aadhaar changes only when digits are typed.
    const newAadhaar = 'aadhaar' in given && !isMasked(given.aadhaar);
    if (!newAadhaar) delete given.aadhaar;
    const result = validatePupil({ ...formValues(before), ...given });
    if (!result.ok) throw refuse(result);
    const values = result.data;
    const move = statusChange(body, before, ctx);
    if (values.admissionNumber !== before.admissionNumber) {
      if (ctx.admin.role !== 'principal')
        throw forbidden(REGISTER_API_TEXTS.numberPrincipal).withCode('principal-only');
      if (await taken(tx, values.admissionNumber, id)) throw numberTaken();
    }
    const set: Record<string, unknown> = Object.fromEntries(
      STORED.filter((f) => values[f] !== formValues(before)[f]).map((f) => [COLUMN_OF[f], stored(f, values[f])]),
    );
    if (newAadhaar) {
      const sealed = values.aadhaar ? sealAadhaar(values.aadhaar) : undefined;
      Object.assign(set, {
        aadhaar_enc: sealed?.enc ?? null,
        aadhaar_hash: sealed?.hash ?? null,
        aadhaar_last4: sealed?.last4 ?? null,
      });
    }
    const columns = Object.keys(set);
    if (columns.length)
      await tx.query(
        `UPDATE pupils SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
        [id, ...columns.map((c) => set[c])],
      );
    if (move)
      await writeMove(tx, REGISTER_ROUTE, id, { from: before.status, to: move.to, note: '', set: move.set }, ctx);
    const now = (await pupilById(tx, id))!;
    if (columns.length || move)
      await recordAudit(
        ctx,
        { action: 'update', entity: 'register', entityId: id, detail: changeDetail(auditable(before), auditable(now)) },
        tx,
      );
    return withChanges(tx, now);
  }).catch(uniqueNumber);
  return json(after);
}

const REGISTER_ROUTE = { entity: 'register', table: 'pupils' } as const;

// ---------------------------------------------------------------- the number series

export async function getSeries(): Promise<Response> {
  return json(await readSeries(getPool()));
}

const PREFIX = /^[A-Za-z0-9/.\- ]{0,20}$/;

function seriesOf(value: unknown, name: SeriesName, now: Series): Series {
  // A series sent names what changes in it: an empty one is a mistake, not a change of nothing.
  const v = value as Record<string, unknown>;
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !['prefix', 'nextNumber', 'width'].some((k) => v[k] !== undefined)
  )
    throw badRequest(REGISTER_API_TEXTS.seriesNone, { [name]: REGISTER_API_TEXTS.seriesNone });
  const fields: Record<string, string> = {};
  const prefix = v.prefix === undefined ? now.prefix : v.prefix;
  const nextNumber = v.nextNumber === undefined ? now.nextNumber : v.nextNumber;
  const width = v.width === undefined ? now.width : v.width;
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) fields[`${name}.prefix`] = REGISTER_API_TEXTS.seriesPrefix;
  if (!Number.isInteger(nextNumber) || (nextNumber as number) < 1 || (nextNumber as number) > 99_999_999)
    fields[`${name}.nextNumber`] = REGISTER_API_TEXTS.seriesNumber;
  if (!Number.isInteger(width) || (width as number) < 0 || (width as number) > 8)
    fields[`${name}.width`] = REGISTER_API_TEXTS.seriesWidth;
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  return { prefix: (prefix as string).trim().toUpperCase(), nextNumber: nextNumber as number, width: width as number };
}

/** Whether a series' number is already written: an admission number in the register, a TC number on a TC. */
async function used(tx: Queryable, name: SeriesName, number: string): Promise<boolean> {
  const sql =
    name === 'admission'
      ? 'SELECT 1 FROM pupils WHERE admission_number = $1'
      : 'SELECT 1 FROM tc_requests WHERE upper(tc_number) = $1';
  return (await tx.query(sql, [number])).rows.length > 0;
}

/** PUT /v1/api/register/series (principal): either series or both, each refused if its next number is used. */
export async function putSeries(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  const names = SERIES_NAMES.filter((n) => body[n] !== undefined);
  if (!names.length) throw badRequest(REGISTER_API_TEXTS.seriesNone, { admission: REGISTER_API_TEXTS.seriesNone });
  const answer = await transaction(async (tx) => {
    await tx.query('SELECT name FROM number_series FOR UPDATE');
    const before = await readSeries(tx);
    const after = { ...before };
    for (const name of names) {
      const next = seriesOf(body[name], name, before[name]);
      const first = formatNumber(next, next.nextNumber);
      if (first.length > ADMISSION_NUMBER_MAX || (await used(tx, name, first)))
        throw conflict(REGISTER_API_TEXTS.seriesUsed, { [`${name}.nextNumber`]: REGISTER_API_TEXTS.seriesUsed });
      await tx.query(
        'UPDATE number_series SET prefix = $2, next_number = $3, width = $4, updated_at = now() WHERE name = $1',
        [name, next.prefix, next.nextNumber, next.width],
      );
      after[name] = next;
    }
    await recordAudit(
      ctx,
      { action: 'update', entity: 'register', entityId: null, detail: changeDetail(before, after) },
      tx,
    );
    return after;
  });
  return json(answer);
}

// ---------------------------------------------------------------- promotion

interface Exception {
  id: string;
  action: 'stay' | 'leave';
  leftOn?: string;
  reason?: string;
}

const isClass = (v: unknown): v is string => typeof v === 'string' && (ALL_CLASSES as readonly string[]).includes(v);
const sectionOf = (v: unknown, field: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || !/^[A-Za-z0-9]{1,10}$/.test(v.trim()))
    throw badRequest(REGISTER_API_TEXTS.section, { [field]: REGISTER_API_TEXTS.section });
  return v.trim().toUpperCase();
};

function exceptionsOf(value: unknown): Exception[] {
  if (value === undefined) return [];
  const bad = () => badRequest(REGISTER_API_TEXTS.except, { except: REGISTER_API_TEXTS.except });
  if (!Array.isArray(value) || value.length > 500) throw bad();
  const seen = new Set<string>();
  return value.map((e: unknown, i) => {
    if (typeof e !== 'object' || e === null) throw bad();
    const x = e as Record<string, unknown>;
    if (typeof x.id !== 'string' || seen.has(x.id) || (x.action !== 'stay' && x.action !== 'leave')) throw bad();
    seen.add(x.id);
    if (x.action === 'leave')
      leaving(x.leftOn, x.reason, { leftOn: `except.${i}.leftOn`, reason: `except.${i}.reason` });
    return { id: x.id, action: x.action, leftOn: x.leftOn as string, reason: String(x.reason ?? '').trim() };
  });
}

/**
 * POST /v1/api/register/promote: every pupil studying in the class (and section) moves to the new
 * class (and section, else their own) and session, but those the office names: they stay in their
 * class for the new session, or leave. One transaction and one audit entry.
 */
export async function promote(req: Request, ctx: AdminContext): Promise<Response> {
  const body = await readJson(req);
  const fields: Record<string, string> = {};
  if (!isClass(body.fromClass)) fields.fromClass = REGISTER_API_TEXTS.class;
  if (!isClass(body.toClass)) fields.toClass = REGISTER_API_TEXTS.class;
  if (!isSessionName(body.session)) fields.session = REGISTER_API_TEXTS.session;
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  const fromClass = body.fromClass as string;
  const toClass = body.toClass as string;
  const session = body.session as string;
  const fromSection = sectionOf(body.fromSection, 'fromSection');
  const toSection = sectionOf(body.toSection, 'toSection');
  const except = exceptionsOf(body.except);

  const counts = await transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id::text AS id FROM pupils WHERE status = 'studying' AND class = $1 AND ($2::text IS NULL OR section = $2)
        ORDER BY id FOR UPDATE`,
      [fromClass, fromSection ?? null],
    );
    if (!rows.length) throw conflict(REGISTER_API_TEXTS.nobody, { fromClass: REGISTER_API_TEXTS.nobody });
    const ids = new Set(rows.map((r) => r.id));
    if (except.some((e) => !ids.has(e.id)))
      throw badRequest(REGISTER_API_TEXTS.except, { except: REGISTER_API_TEXTS.except });
    const stay = except.filter((e) => e.action === 'stay').map((e) => e.id);
    const leave = except.filter((e) => e.action === 'leave');
    const moving = [...ids].filter((id) => !except.some((e) => e.id === id));
    if (moving.length)
      await tx.query(
        `UPDATE pupils SET class = $2, section = COALESCE($3, section), session = $4, updated_at = now() WHERE id = ANY($1::uuid[])`,
        [moving, toClass, toSection ?? null, session],
      );
    if (stay.length)
      await tx.query(`UPDATE pupils SET session = $2, updated_at = now() WHERE id = ANY($1::uuid[])`, [stay, session]);
    for (const e of leave) await markLeft(tx, e.id, { leftOn: e.leftOn!, reason: e.reason! });
    const answer = { promoted: moving.length, stayed: stay.length, left: leave.length };
    await recordAudit(
      ctx,
      {
        action: 'update',
        entity: 'register',
        entityId: null,
        detail: JSON.stringify({
          promotion: { fromClass, fromSection, toClass, toSection, session },
          ...answer,
          except,
        }),
      },
      tx,
    );
    return answer;
  });
  return json(counts);
}
