/**
 * Enquiries. POST /v1/api/enquiry is the home page pop-up's (201 with the stored enquiry);
 * GET (list and one) and DELETE are the admin's.
 *
 * GET /v1/api/enquiry?search=&admissionClass=&status=&due=&page=&limit= answers the bare array,
 * newest first, with `X-Total-Count` (matching records) and `X-Total-Pages` headers. `search` is a
 * case-insensitive word-prefix match on the student's, father's or mother's name, or the start of
 * the father's mobile number; `admissionClass` is the exact class label;
 * `status` the exact status; `due` (any value) keeps enquiries whose follow-up date has come.
 * GET .../export.csv answers every match of the same filters as CSV.
 *
 * PATCH /v1/api/enquiry/{id} { status?, note?, nextFollowUp? } moves it (src/features/workflow-moves.server.ts) or,
 * without a status, only sets the next follow-up date ('' clears it).
 */
import type { AdminContext } from '../../server/auth.ts';
import { queryOne } from '../../server/db.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { equals, receivedSince, statusEquals, listAnswer, readList, type ListSpec } from '../../server/lists.ts';
import { recordSearch } from '../record-search.server.ts';
import { countedInsert, rateLimit } from '../../server/rate-limit.ts';
import { limits } from '../../config/limits.ts';
import { recordJson } from '../../server/records.ts';
import { insertColumns } from '../insert-columns.server.ts';
import { csvExport } from '../../server/csv-export.ts';
import { privacyJson } from '../../lib/privacy-state.ts';
import { checkHoneypot, createOnce, refuse, submissionHash, submissionKey } from '../../server/forms.ts';
import { deleteRecord, getRecord } from '../../server/record-routes.ts';
import { badRequest, formRefusal } from '../../server/errors.ts';
import { changeStatus, workflowJson } from '../workflow-moves.server.ts';
import type { WorkflowRoute } from '../../server/workflow-route.ts';
import { messageAlongside, messageFor } from '../outbox/outbox.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { offersClass } from '../../lib/school-profile.ts';
import { sendSoon } from '../../server/mailer.ts';
import { dateInIndia, isCalendarDate } from '../../lib/dates.ts';
import { FORM_TEXTS } from '../../lib/forms/texts.ts';
import { ENQUIRY, type Enquiry } from './enquiry.ts';
import { ENQUIRY_ENDED, ENQUIRY_WORKFLOW, type EnquiryStatus } from './workflow.ts';
import { ENQUIRY_FORM, validateEnquiry } from './schema.ts';
import { ENQUIRY_KIND } from './kind.ts';
import { statusRouteOf } from '../record-kind.ts';

const PER_ADDRESS = limits.enquiriesPerAddress;

const enquiryJson = (row: Record<string, unknown>): Enquiry => recordJson(ENQUIRY, row);

const { columns: FORM_COLUMNS } = insertColumns(ENQUIRY_FORM, {});
const insertEnquiry = countedInsert(
  'enquiries',
  [...FORM_COLUMNS, 'submission_key', 'submission_hash'],
  'enquiry',
  PER_ADDRESS.max,
  PER_ADDRESS.seconds,
);
/** A request that stores nothing still counts toward the limit (429 past it). */
const countRequest = (ip: string) => rateLimit('enquiry', ip, PER_ADDRESS.max, PER_ADDRESS.seconds);

export const createEnquiry: Handler = async (req, ctx) => {
  const { ip } = ctx;
  let body: Record<string, unknown>;
  let result: ReturnType<typeof validateEnquiry>;
  try {
    body = await readJson(req);
    checkHoneypot(body);
    result = validateEnquiry(body);
    if (!result.ok) throw refuse(result);
    // Only a class the school offers now (its profile).
    if (!offersClass(await schoolProfile(), result.data.admissionClass))
      throw formRefusal(400, 'classNotOffered', ['admissionClass']);
  } catch (refusal) {
    // Refused input counts toward the limit too, and past it the answer is 429 rather than 400.
    await countRequest(ip);
    throw refusal;
  }
  const key = submissionKey(body);
  const hash = submissionHash(result.data);
  const { columns, values } = insertColumns(ENQUIRY_FORM, result.data);
  const stored = { ...Object.fromEntries(columns.map((c, i) => [c, values[i]])), status: ENQUIRY_WORKFLOW.initial };
  await schoolProfile(); // the letter names the school as its profile has it (a cached read)
  const message = messageAlongside('enquiry', messageFor('enquiry', 'submitted', stored));
  const row = await createOnce({
    key,
    hash,
    // The enquiry, its hit on the per-address limit and the parent's message in one statement: one database round trip.
    create: () => insertEnquiry(ip, [...values, key, hash], message),
    find: (k) => queryOne(`SELECT * FROM enquiries WHERE submission_key = $1`, [k]),
    // The same submission again: the first one's answer, still counted.
    onRepeat: () => countRequest(ip),
  });
  await sendSoon(ctx, { entity: 'enquiry', recordId: String(row.id) });
  return json({ message: FORM_TEXTS.enquirySuccess, enquiry: enquiryJson(row) }, 201);
};

/** The admin list: also what an export of the same filters walks. */
export const ENQUIRY_LIST: ListSpec = {
  table: 'enquiries',
  columns: 't.*',
  filters: {
    search: recordSearch(ENQUIRY_KIND.search),
    admissionClass: equals('admission_class', { record_counts: 'bucket' }),
    status: statusEquals,
    due: { where: (p) => `next_follow_up <= ${p}`, value: () => dateInIndia() },
    from: receivedSince,
  },
  counted: true,
};

export const exportEnquiries = csvExport({ def: ENQUIRY, list: ENQUIRY_LIST, fileName: 'enquiries' });

export async function listEnquiries(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), ENQUIRY_LIST);
  return listAnswer(list, list.rows.map(enquiryJson), {
    'X-Total-Count': String(list.total),
    'X-Total-Pages': String(list.totalPages),
  });
}

const NOT_FOUND = 'Enquiry not found';
const FOLLOW_UP = 'Please enter a valid follow-up date.';

/** The next follow-up date of a PATCH body: undefined when absent, null to clear it; 400 when not a date. */
function followUpOf(body: Record<string, unknown>): string | null | undefined {
  const value = body.nextFollowUp;
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || !isCalendarDate(value)) throw badRequest(FOLLOW_UP, { nextFollowUp: FOLLOW_UP });
  return value;
}

const STATUS_ROUTE: WorkflowRoute<EnquiryStatus> = {
  ...statusRouteOf<EnquiryStatus>(ENQUIRY_KIND),
  check: (move) => {
    // Nobody follows up an enquiry that has ended.
    const date = ENQUIRY_ENDED.includes(move.to) ? null : followUpOf(move.body);
    if (date !== undefined) move.set.next_follow_up = date;
  },
  edit: (body) => {
    const date = followUpOf(body);
    return date === undefined ? undefined : { next_follow_up: date };
  },
  answer: async (id) => (await loadEnquiry(id))!,
};

export async function loadEnquiry(id: string): Promise<Enquiry | undefined> {
  const row = await queryOne(`SELECT * FROM enquiries WHERE id = $1`, [id]);
  return row ? { ...enquiryJson(row), ...(await workflowJson(STATUS_ROUTE, row)), ...privacyJson(row) } : undefined;
}

export const getEnquiry = (_req: Request, ctx: AdminContext) =>
  getRecord(ctx, { notFound: NOT_FOUND, load: loadEnquiry });

export const moveEnquiry = changeStatus(STATUS_ROUTE);

export const deleteEnquiry = (_req: Request, ctx: AdminContext) =>
  deleteRecord(ctx, { def: ENQUIRY, notFound: NOT_FOUND, deleted: 'Enquiry deleted successfully' });
