/**
 * Vacancies. GET /v1/api/jobs (the bare array, newest first) and GET /v1/api/jobs/:id are public;
 * POST (201), PUT /:id (200) and DELETE /:id (200) are the admin's, validated by the form's own
 * schema (src/lib/jobs.ts) and recorded in the audit log.
 */
import type { AdminContext } from './auth.ts';
import { recordAudit } from './audit.ts';
import { isUuid, query, queryOne, transaction } from './db.ts';
import { badRequest, notFound } from './errors.ts';
import { json, readJson, type RouteContext } from './http.ts';
import { validateJob, type JobInput, type JobMode } from '../lib/jobs.ts';

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export function jobJson(row: Row) {
  return {
    _id: String(row.id),
    jobTitle: String(row.job_title),
    jobDescription: String(row.job_description),
    keyResponsibilities: list(row.key_responsibilities),
    qualificationsAndRequirements: list(row.qualifications_and_requirements),
    employmentType: String(row.employment_type),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function readJob(req: Request, mode: JobMode): Promise<JobInput> {
  const result = validateJob(await readJson(req), mode);
  if (!result.ok) throw badRequest(result.error, result.fields);
  return result.data;
}

export async function listJobs(): Promise<Response> {
  const rows = await query(`SELECT * FROM jobs ORDER BY created_at DESC, id DESC`);
  return json(rows.map(jobJson));
}

export async function getJob(_req: Request, ctx: RouteContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Vacancy not found');
  const row = await queryOne(`SELECT * FROM jobs WHERE id = $1`, [id]);
  if (!row) throw notFound('Vacancy not found');
  return json(jobJson(row));
}

export async function createJob(req: Request, ctx: AdminContext): Promise<Response> {
  const job = await readJob(req, 'create');
  const row = await transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO jobs (job_title, job_description, key_responsibilities, qualifications_and_requirements, employment_type)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5) RETURNING *`,
      [job.jobTitle, job.jobDescription, JSON.stringify(job.keyResponsibilities), JSON.stringify(job.qualificationsAndRequirements), job.employmentType],
    );
    const created = rows[0]!;
    await recordAudit(ctx, { action: 'create', entity: 'job', entityId: String(created.id) }, tx);
    return created;
  });
  return json(jobJson(row), 201);
}

export async function updateJob(req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Vacancy not found');
  const job = await readJob(req, 'edit');
  const row = await transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE jobs SET job_title = $2, job_description = $3, key_responsibilities = $4::jsonb,
              qualifications_and_requirements = $5::jsonb, employment_type = $6, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [id, job.jobTitle, job.jobDescription, JSON.stringify(job.keyResponsibilities), JSON.stringify(job.qualificationsAndRequirements), job.employmentType],
    );
    if (rows[0]) await recordAudit(ctx, { action: 'update', entity: 'job', entityId: id }, tx);
    return rows[0];
  });
  if (!row) throw notFound('Vacancy not found');
  return json(jobJson(row));
}

export async function deleteJob(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound('Vacancy not found');
  const deleted = await transaction(async (tx) => {
    const { rows } = await tx.query(`DELETE FROM jobs WHERE id = $1 RETURNING id`, [id]);
    if (rows.length) await recordAudit(ctx, { action: 'delete', entity: 'job', entityId: id }, tx);
    return rows.length > 0;
  });
  if (!deleted) throw notFound('Vacancy not found');
  return json({ message: 'Job vacancy deleted successfully!', _id: id });
}
