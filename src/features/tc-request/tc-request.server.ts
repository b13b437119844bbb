/**
 * TC requests. The public calls: the count of live requests (any not rejected) for an admission
 * number (limited per address), and a new request, always stored (201): a third or later live
 * request for one admission number is not refused but marked `overLimit`, to wait for the office's
 * check, so a stranger's invented requests can never turn the family's own away (the mark is exact
 * under concurrency: a transaction-scoped advisory lock per admission number serialises the count
 * and the insert). A request the office rejected or deleted no longer counts. The admin's: list,
 * one, delete.
 *
 * GET /v1/api/tc-request?search=&admissionNumber=&status=&page=&limit= answers
 * { data, totalRequests, currentPage, totalPages }, newest first; a row has `liveRequests` (the
 * admission number's requests not rejected, this one included), `overLimit` (it came past the two)
 * and `differentMobiles` (requests for its admission number came from more than one mobile
 * number). `search` is a case-insensitive
 * word-prefix match on the student's or parent's name, or the start of the admission or mobile
 * number; `admissionNumber` a case-insensitive prefix match,
 * `status` the exact status. GET .../export.csv answers every match of the same filters as CSV.
 *
 * PATCH /v1/api/tc-request/{id} { status, note?, tcNumber?, tcIssueDate?, reason? } moves it
 * (src/features/workflow-moves.server.ts): to fee-paid once the fee is paid or waived, to issued with the TC's
 * number and date, to rejected with a reason.
 */
import type { AdminContext } from '../../server/auth.ts';
import { getPool, placeholders, query, queryOne, transaction } from '../../server/db.ts';
import { badRequest, conflict } from '../../server/errors.ts';
import { bodyText, changeStatus, workflowJson } from '../workflow-moves.server.ts';
import type { WorkflowRoute } from '../../server/workflow-route.ts';
import { dateInIndia, isCalendarDate, toIso, yearInIndia } from '../../lib/dates.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { tcReferenceOf } from './reference.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { csvExport } from '../../server/csv-export.ts';
import {
  listAnswer,
  paidSince,
  readList,
  receivedSince,
  startsWith,
  statusEquals,
  type ListSpec,
} from '../../server/lists.ts';
import { recordSearch } from '../record-search.server.ts';
import { rateLimit } from '../../server/rate-limit.ts';
import { limits } from '../../config/limits.ts';
import { recordJson, selectColumns } from '../../server/records.ts';
import { insertColumns } from '../insert-columns.server.ts';
import {
  checkHoneypot,
  createOnce,
  refuse,
  sameSubmission,
  submissionHash,
  submissionKey,
} from '../../server/forms.ts';
import { deleteRecord, getRecord } from '../../server/record-routes.ts';
import { TC_LIMIT, TC_REQUEST, type OtherTcRequest, type TcRequest } from './tc-request.ts';
import { TC_WORKFLOW, type TcStatus } from './workflow.ts';
import { TC_FORM, normaliseAdmissionNumber, validateTcRequest } from './schema.ts';
import { feeExportColumns, paymentDetails } from '../payments/payments.server.ts';
import { queueMessage } from '../outbox/outbox.server.ts';
import { sendSoon } from '../../server/mailer.ts';
import { privacyJson } from '../../lib/privacy-state.ts';
import { TC_REQUEST_KIND } from './kind.ts';
import { statusRouteOf } from '../record-kind.ts';
import { certificateOf, dropCertificate } from './certificate.server.ts';
import { pupilByAdmissionNumber } from '../register/register.server.ts';
import { matchOf } from './register-match.ts';
import type { TcFields } from './issue.ts';

/** The TC drawn from the register, as the details show it (null: none, or issued by hand). */
const drawnOf = (row: Record<string, unknown>): TcFields | null =>
  row.tc_fields && typeof row.tc_fields === 'object' ? (row.tc_fields as TcFields) : null;

const tcRequestJson = (row: Record<string, unknown>): TcRequest => recordJson(TC_REQUEST, row);
/** The record's columns and its mark of a request past the limit (not a field of the form's). */
const COLUMNS = `${selectColumns(TC_REQUEST)}, over_limit`;
const withMark = (row: Record<string, unknown>): TcRequest => ({
  ...tcRequestJson(row),
  overLimit: row.over_limit === true,
});

/** The live requests of an admission number ($1), measured against TC_LIMIT: the count endpoint and the submit read the same. */
const COUNTED = `SELECT count(*)::int AS n FROM tc_requests WHERE admission_number = $1 AND status <> 'rejected'`;

/** GET /v1/api/tc-request/admission-number/{n}: a bare number, 0 when none. */
export const countTcRequests: Handler = async (_req, { params, ip }) => {
  await rateLimit('tc_count', ip, limits.tcCountsPerAddress.max, limits.tcCountsPerAddress.seconds);
  const number = normaliseAdmissionNumber(params.admissionNumber ?? '');
  if (!number || number.length > 40) return json(0);
  const row = await queryOne<{ n: number }>(COUNTED, [number]);
  return json(row?.n ?? 0);
};

/**
 * POST /v1/api/tc-request: 201 with the stored request; payment pending and no transaction, whatever
 * was sent. Past TC_LIMIT live requests for its admission number it is stored all the same, marked
 * `overLimit`: refusing it would let anyone who types a pupil's admission number twice block the
 * family's own request, from one mobile or several.
 */
export const createTcRequest: Handler = async (req, ctx) => {
  await rateLimit('tc_request', ctx.ip, limits.tcRequestsPerAddress.max, limits.tcRequestsPerAddress.seconds);
  const body = await readJson(req);
  checkHoneypot(body);
  const result = validateTcRequest(body);
  if (!result.ok) throw refuse(result);
  const v = result.data;
  const key = submissionKey(body);
  const hash = submissionHash(v);
  const { columns, values } = insertColumns(TC_FORM, v);
  const row = await createOnce({
    key,
    hash,
    find: (k) => queryOne(`SELECT ${COLUMNS}, submission_hash FROM tc_requests WHERE submission_key = $1`, [k]),
    create: () =>
      transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`tc-request:${v.admissionNumber}`]);
        if (key) {
          const same = await tx.query(`SELECT ${COLUMNS}, submission_hash FROM tc_requests WHERE submission_key = $1`, [
            key,
          ]);
          if (same.rows[0]) return sameSubmission(same.rows[0], hash);
        }
        const count = await tx.query<{ n: number }>(COUNTED, [v.admissionNumber]);
        const overLimit = (count.rows[0]?.n ?? 0) >= TC_LIMIT;
        const n = columns.length;
        const seq = await tx.query<{ n: string }>(`SELECT nextval('tc_request_reference_seq')::text AS n`);
        const reference = tcReferenceOf((await schoolProfile(tx)).referencePrefix, yearInIndia(), seq.rows[0]!.n);
        const inserted = await tx.query(
          `INSERT INTO tc_requests (${columns.join(', ')}, payment_status, transaction_id, submission_key, submission_hash, over_limit, reference_number)
           VALUES (${placeholders(n)}, 'pending', NULL, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}) RETURNING ${COLUMNS}`,
          [...values, key, hash, overLimit, reference],
        );
        const created = inserted.rows[0]!;
        await queueMessage(tx, 'tc-request', 'submitted', String(created.id));
        return created;
      }),
  });
  await sendSoon(ctx, { entity: 'tc-request', recordId: String(row.id) });
  return json(withMark(row), 201);
};

/** The admin list: also what an export of the same filters walks. */
export const TC_LIST: ListSpec = {
  table: 'tc_requests',
  columns: `${selectColumns(TC_REQUEST, 't')}, t.over_limit,
    EXISTS (SELECT 1 FROM tc_requests o WHERE o.admission_number = t.admission_number AND o.contact <> t.contact) AS different_mobiles,
    (SELECT count(*) FROM tc_requests o WHERE o.admission_number = t.admission_number AND o.status <> 'rejected')::int AS live_requests`,
  filters: {
    search: recordSearch(TC_REQUEST_KIND.search),
    admissionNumber: startsWith('admission_number'),
    status: statusEquals,
    from: receivedSince,
    paidFrom: paidSince('tc-request'),
  },
  counted: true,
};

export const exportTcRequests = csvExport({
  def: TC_REQUEST,
  list: TC_LIST,
  fileName: 'tc-requests',
  extra: [feeExportColumns('tc-request')],
});

export async function listTcRequests(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), TC_LIST);
  const data = list.rows.map((row) => ({
    ...withMark(row),
    differentMobiles: row.different_mobiles === true,
    liveRequests: Number(row.live_requests ?? 0),
  }));
  return listAnswer(list, { data, totalRequests: list.total, currentPage: list.page, totalPages: list.totalPages });
}

const NOT_FOUND = 'TC request not found';

export const TC_TEXTS = {
  feeFirst:
    'The TC fee is not paid yet: record the payment first (a payment covering the fee moves the request to Fee paid by itself).',
  required: 'Please fill in all required fields.',
  issueDate: 'Please enter a valid issue date (not in the future).',
} as const;

/** The texts a move needs (`needs` of the workflow), each required. */
function needed(body: Record<string, unknown>, to: TcStatus): Record<string, string> {
  const inputs = TC_WORKFLOW.needs?.[to] ?? [];
  const values = Object.fromEntries(
    inputs.map((input) => [input.name, bodyText(body, input.name, input.max, input.label)]),
  );
  const missing = inputs.filter((input) => !values[input.name]);
  if (missing.length)
    throw badRequest(TC_TEXTS.required, Object.fromEntries(missing.map((input) => [input.name, TC_TEXTS.required])));
  return values;
}

const STATUS_ROUTE: WorkflowRoute<TcStatus> = {
  ...statusRouteOf<TcStatus>(TC_REQUEST_KIND),
  check: ({ to, row, body, set }) => {
    if (to === 'fee-paid' && !['paid', 'waived'].includes(String(row.payment_status)))
      throw conflict(TC_TEXTS.feeFirst);
    const values = needed(body, to);
    if (to === 'issued') {
      const date = values.tcIssueDate!;
      if (!isCalendarDate(date) || date > dateInIndia())
        throw badRequest(TC_TEXTS.issueDate, { tcIssueDate: TC_TEXTS.issueDate });
      set.tc_number = values.tcNumber;
      set.tc_issue_date = date;
    }
    if (to === 'rejected') set.rejection_reason = values.reason;
  },
  answer: async (id) => (await loadTcRequest(id))!,
};

export async function loadTcRequest(id: string): Promise<TcRequest | undefined> {
  const row = await queryOne(
    `SELECT ${COLUMNS}, status_changed_at, erased_at, tc_fields FROM tc_requests WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  return {
    ...withMark(row),
    ...(await workflowJson(STATUS_ROUTE, row)),
    ...(await paymentDetails('tc-request', id)),
    ...privacyJson(row),
    otherRequests: await otherRequests(id, row),
    certificate: await certificateOf(id),
    registerMatch: matchOf(await pupilByAdmissionNumber(getPool(), String(row.admission_number ?? '')), {
      studentName: String(row.student_name ?? ''),
      dateOfBirth: String(row.date_of_birth ?? ''),
    }),
    drawnTc: drawnOf(row),
  };
}

/** The other requests for the same admission number, oldest first: the details screen counts the live ones and flags those from another mobile number. */
async function otherRequests(id: string, row: Record<string, unknown>): Promise<OtherTcRequest[]> {
  if (row.admission_number == null) return [];
  const rows = await query<{
    id: string;
    student_name: string | null;
    contact: string | null;
    status: TcStatus;
    created_at: Date;
  }>(
    `SELECT id, student_name, contact, status, created_at FROM tc_requests WHERE admission_number = $1 AND id <> $2 ORDER BY created_at, id`,
    [row.admission_number, id],
  );
  return rows.map((o) => ({
    _id: o.id,
    studentName: o.student_name ?? '',
    contact: o.contact ?? '',
    status: o.status,
    createdAt: toIso(o.created_at),
    otherMobile: o.contact !== null && row.contact !== null && o.contact !== row.contact,
  }));
}

export const getTcRequest = (_req: Request, ctx: AdminContext) =>
  getRecord(ctx, { notFound: NOT_FOUND, load: loadTcRequest });

export const moveTcRequest = changeStatus(STATUS_ROUTE);

export const deleteTcRequest = (_req: Request, ctx: AdminContext) =>
  deleteRecord(ctx, {
    def: TC_REQUEST,
    notFound: NOT_FOUND,
    deleted: 'Tc Request Deleted Successfully',
    releaseFiles: dropCertificate,
  });
