/**
 * Vacancies. GET /v1/api/jobs (the bare array, newest first) and GET /v1/api/jobs/:id are public;
 * POST (201), PUT /:id (200) and DELETE /:id (200) are the admin's, validated by the form's own
 * schema (vacancy.ts) and recorded in the audit log.
 */
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit } from '../../server/audit.ts';
import { isUuid, placeholders, query, transaction } from '../../server/db.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { json, readJson, type RouteContext } from '../../server/http.ts';
import { recordJson } from '../../server/records.ts';
import { insertColumns } from '../insert-columns.server.ts';
import { byId, deleteRecord, getRecord } from '../../server/record-routes.ts';
import { VACANCY, validateVacancyInput, type VacancyInput, type VacancyMode, type Vacancy } from './vacancy.ts';

type Row = Record<string, unknown>;

const vacancyJson = (row: Row): Vacancy => recordJson(VACANCY, row);

async function readVacancy(req: Request, mode: VacancyMode): Promise<VacancyInput> {
  const result = validateVacancyInput(await readJson(req), mode);
  if (!result.ok) throw badRequest(result.error, result.fields);
  return result.data;
}

export async function listVacancies(): Promise<Response> {
  const rows = await query(`SELECT * FROM vacancies ORDER BY created_at DESC, id DESC`);
  return json(rows.map(vacancyJson));
}

export const getVacancy = (_req: Request, ctx: RouteContext) =>
  getRecord(ctx, { notFound: 'Vacancy not found', load: byId(VACANCY, vacancyJson) });

export async function createVacancy(req: Request, ctx: AdminContext): Promise<Response> {
  const vacancy = await readVacancy(req, 'create');
  const { columns, values } = insertColumns(VACANCY.fields, vacancy);
  const row = await transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO vacancies (${columns.join(', ')}) VALUES (${placeholders(columns.length)}) RETURNING *`,
      values,
    );
    const created = rows[0]!;
    await recordAudit(ctx, { action: 'create', entity: 'vacancy', entityId: String(created.id) }, tx);
    return created;
  });
  return json(vacancyJson(row), 201);
}

export async function updateVacancy(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Vacancy not found');
  const vacancy = await readVacancy(req, 'edit');
  const { columns, values } = insertColumns(VACANCY.fields, vacancy);
  const sets = columns.map((column, i) => `${column} = $${i + 2}`);
  const row = await transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE vacancies SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING *`,
      [id, ...values],
    );
    if (rows[0]) await recordAudit(ctx, { action: 'update', entity: 'vacancy', entityId: id }, tx);
    return rows[0];
  });
  if (!row) throw notFound('Vacancy not found');
  return json(vacancyJson(row));
}

export const deleteVacancy = (_req: Request, ctx: AdminContext) =>
  deleteRecord(ctx, { def: VACANCY, notFound: 'Vacancy not found', deleted: 'Job vacancy deleted successfully!' });
