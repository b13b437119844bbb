/**
 * {{Title}} requests. POST /v1/api/{{kebab}} stores one (201 with the stored request); GET (list
 * and one), PATCH (a status move) and DELETE are the office's.
 *
 * GET /v1/api/{{kebab}}?search=&status=&from=&page=&limit= answers the bare array, newest first,
 * with `X-Total-Count` and `X-Total-Pages` headers; GET .../export.csv answers every match as CSV.
 */
import type { AdminContext } from '../../server/auth.ts';
import { queryOne } from '../../server/db.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { receivedSince, statusEquals, listAnswer, readList, type ListSpec } from '../../server/lists.ts';
import { recordSearch } from '../record-search.server.ts';
import { countedInsert, rateLimit } from '../../server/rate-limit.ts';
import { limits } from '../../config/limits.ts';
import { recordJson } from '../../server/records.ts';
import { insertColumns } from '../insert-columns.server.ts';
import { csvExport } from '../../server/csv-export.ts';
import { privacyJson } from '../../lib/privacy-state.ts';
import { checkHoneypot, createOnce, refuse, submissionHash, submissionKey } from '../../server/forms.ts';
import { deleteRecord, getRecord } from '../../server/record-routes.ts';
import { changeStatus, workflowJson } from '../workflow-moves.server.ts';
import type { WorkflowRoute } from '../../server/workflow-route.ts';
import { messageAlongside, messageFor } from '../outbox/outbox.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { sendSoon } from '../../server/mailer.ts';
import { {{CONST}}, type {{Pascal}} } from './{{kebab}}.ts';
import { {{CONST}}_WORKFLOW, type {{Pascal}}Status } from './workflow.ts';
import { {{CONST}}_FORM, validate{{Pascal}} } from './schema.ts';
import { {{CONST}}_KIND } from './kind.ts';
import { statusRouteOf } from '../record-kind.ts';

/** The public forms' limit per address. */
const PER_ADDRESS = limits.enquiriesPerAddress;

const {{camel}}Json = (row: Record<string, unknown>): {{Pascal}} => recordJson({{CONST}}, row);

const { columns: FORM_COLUMNS } = insertColumns({{CONST}}_FORM, {});
const insert{{Pascal}} = countedInsert(
  '{{table}}',
  [...FORM_COLUMNS, 'submission_key', 'submission_hash'],
  '{{kebab}}',
  PER_ADDRESS.max,
  PER_ADDRESS.seconds,
);
/** A request that stores nothing still counts toward the limit (429 past it). */
const countRequest = (ip: string) => rateLimit('{{kebab}}', ip, PER_ADDRESS.max, PER_ADDRESS.seconds);

export const create{{Pascal}}: Handler = async (req, ctx) => {
  const { ip } = ctx;
  let body: Record<string, unknown>;
  let result: ReturnType<typeof validate{{Pascal}}>;
  try {
    body = await readJson(req);
    checkHoneypot(body);
    result = validate{{Pascal}}(body);
    if (!result.ok) throw refuse(result);
  } catch (refusal) {
    // Refused input counts toward the limit too, and past it the answer is 429 rather than 400.
    await countRequest(ip);
    throw refusal;
  }
  const key = submissionKey(body);
  const hash = submissionHash(result.data);
  const { columns, values } = insertColumns({{CONST}}_FORM, result.data);
  const stored = { ...Object.fromEntries(columns.map((c, i) => [c, values[i]])), status: {{CONST}}_WORKFLOW.initial };
  await schoolProfile(); // the letter names the school as its profile has it (a cached read)
  const message = messageAlongside('{{kebab}}', messageFor('{{kebab}}', 'submitted', stored));
  const row = await createOnce({
    key,
    hash,
    create: () => insert{{Pascal}}(ip, [...values, key, hash], message),
    find: (k) => queryOne(`SELECT * FROM {{table}} WHERE submission_key = $1`, [k]),
    onRepeat: () => countRequest(ip),
  });
  await sendSoon(ctx, { entity: '{{kebab}}', recordId: String(row.id) });
  return json({ {{camel}}: {{camel}}Json(row) }, 201);
};

/** The admin list: also what an export of the same filters walks. */
const {{CONST}}_LIST: ListSpec = {
  table: '{{table}}',
  columns: 't.*',
  filters: { search: recordSearch({{CONST}}_KIND.search), status: statusEquals, from: receivedSince },
  counted: true,
};

export const export{{Pascals}} = csvExport({ def: {{CONST}}, list: {{CONST}}_LIST, fileName: '{{table}}' });

export async function list{{Pascals}}(req: Request): Promise<Response> {
  const list = await readList(new URL(req.url), {{CONST}}_LIST);
  return listAnswer(list, list.rows.map({{camel}}Json), {
    'X-Total-Count': String(list.total),
    'X-Total-Pages': String(list.totalPages),
  });
}

const STATUS_ROUTE: WorkflowRoute<{{Pascal}}Status> = {
  ...statusRouteOf<{{Pascal}}Status>({{CONST}}_KIND),
  answer: async (id) => (await load{{Pascal}}(id))!,
};

export async function load{{Pascal}}(id: string): Promise<{{Pascal}} | undefined> {
  const row = await queryOne(`SELECT * FROM {{table}} WHERE id = $1`, [id]);
  return row ? { ...{{camel}}Json(row), ...(await workflowJson(STATUS_ROUTE, row)), ...privacyJson(row) } : undefined;
}

export const get{{Pascal}} = (_req: Request, ctx: AdminContext) =>
  getRecord(ctx, { notFound: {{CONST}}_KIND.labels.notFound, load: load{{Pascal}} });

export const move{{Pascal}} = changeStatus(STATUS_ROUTE);

export const delete{{Pascal}} = (_req: Request, ctx: AdminContext) =>
  deleteRecord(ctx, { def: {{CONST}}, notFound: {{CONST}}_KIND.labels.notFound, deleted: '{{Title}} request deleted successfully' });
