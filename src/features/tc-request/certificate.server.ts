/**
 * The signed scan of an issued TC, attached by the office and published for verification
 * (verification.server.ts). A staff file (src/server/files.ts), never public: staff open it here,
 * others only through a verification's short-lived link.
 *
 *   POST /v1/api/tc-request/{id}/certificate { uploadId }   staff: attaches the file uploaded to
 *     POST /v1/api/files (PDF, JPEG or PNG by its bytes) to an issued request; 200 with the
 *     request. A second attach replaces the first, whose file is released. 404 unknown request,
 *     409 not issued (or erased), 400 an upload that is unknown, used or of another type. Audited.
 *   GET /v1/api/tc-request/{id}/certificate   staff: the scan itself; before a scan is attached,
 *     the TC drawn from the register (issue.server.ts) as an A4 PDF, 404 when there is neither.
 *
 * The scan goes with the request: erasure and deletion release its file (its row is a child of
 * the request, tc_certificates).
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { isUuid, queryOne, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { claimFile, deleteReleased, fileResponse, readFile, releaseFile } from '../../server/files.ts';
import { toIso } from '../../lib/dates.ts';
import type { StaffFileType } from '../../lib/staff-files.ts';
import { CERTIFICATE_TEXTS, CERTIFICATE_TYPES, type TcCertificate } from './certificate.ts';
import { drawnTcResponse } from './drawn-tc.server.ts';

const NOT_FOUND = 'TC request not found';

interface CertificateRow {
  file_id: string;
  name: string;
  type: StaffFileType;
  size: number;
  attached_at: Date | string;
}

const CERTIFICATE = `SELECT c.file_id, f.name, f.type, f.size, c.attached_at FROM tc_certificates c JOIN staff_files f ON f.id = c.file_id WHERE c.tc_request_id = $1`;

/** The request's scan as its details answer it, or null. */
export async function certificateOf(id: string): Promise<TcCertificate | null> {
  const row = await queryOne<CertificateRow>(CERTIFICATE, [id]);
  if (!row) return null;
  return {
    name: row.name,
    type: row.type,
    size: Number(row.size),
    attachedAt: toIso(row.attached_at),
    url: `/v1/api/tc-request/${id}/certificate`,
  };
}

/** What a parent's data export holds of it: the scan, as documents/signedTc.<ext>. */
export async function certificateFiles(id: string): Promise<{ field: string; fileId: string; type: StaffFileType }[]> {
  const row = await queryOne<CertificateRow>(CERTIFICATE, [id]);
  return row ? [{ field: 'signedTc', fileId: row.file_id, type: row.type }] : [];
}

/**
 * Inside an erasure's or a deletion's transaction: the scan's row goes and its file is released.
 * Answers the released files' ids, to delete (deleteReleased) once the change has committed.
 */
export async function dropCertificate(tx: Queryable, id: string): Promise<string[]> {
  const { rows } = await tx.query<{ file_id: string }>(
    `DELETE FROM tc_certificates WHERE tc_request_id = $1 RETURNING file_id`,
    [id],
  );
  const released: string[] = [];
  for (const row of rows) released.push(...(await releaseFile(tx, row.file_id)));
  return released;
}

const scanText = (row: { name: string; type: string }) => `${row.name} (${row.type.toUpperCase()})`;

/** POST /v1/api/tc-request/{id}/certificate { uploadId }: `load` answers the request as its details read it. */
export function attachCertificate(load: (id: string) => Promise<unknown>) {
  return async (req: Request, ctx: AdminContext): Promise<Response> => {
    const id = ctx.params.id;
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const body = await readJson(req);
    if (body.uploadId === undefined || body.uploadId === null || body.uploadId === '') {
      throw badRequest(CERTIFICATE_TEXTS.required, { uploadId: CERTIFICATE_TEXTS.required }).withCode(
        'tc.certificateRequired',
        { uploadId: 'tc.certificateRequired' },
      );
    }
    const released = await transaction(async (tx) => {
      const request = (
        await tx.query<{ status: string; erased_at: unknown }>(
          `SELECT status, erased_at FROM tc_requests WHERE id = $1 FOR UPDATE`,
          [id],
        )
      ).rows[0];
      if (!request) throw notFound(NOT_FOUND);
      if (request.status !== 'issued' || request.erased_at)
        throw conflict(CERTIFICATE_TEXTS.notIssued).withCode('tc.certificateNotIssued');
      const file = await claimFile(tx, body.uploadId, { field: 'uploadId', public: false, types: CERTIFICATE_TYPES });
      const old = (await tx.query<CertificateRow>(CERTIFICATE, [id])).rows[0];
      await tx.query(
        `INSERT INTO tc_certificates (tc_request_id, file_id) VALUES ($1, $2)
         ON CONFLICT (tc_request_id) DO UPDATE SET file_id = EXCLUDED.file_id, attached_at = now()`,
        [id, file.id],
      );
      const gone = old ? await releaseFile(tx, old.file_id) : [];
      const detail = changeDetail({ scan: old ? scanText(old) : null }, { scan: scanText(file) });
      await recordAudit(ctx, { action: 'certificate', entity: 'tc-request', entityId: id, detail }, tx);
      return gone;
    });
    await deleteReleased(released);
    return json(await load(id));
  };
}

/** The scan as a response, shown in the browser and never kept by a cache (a child's certificate). */
export async function certificateResponse(fileId: string, headers: Record<string, string> = {}): Promise<Response> {
  const found = await readFile(fileId);
  if (!found) throw notFound(CERTIFICATE_TEXTS.missing);
  const response = fileResponse(found, 'private, no-store');
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** GET /v1/api/tc-request/{id}/certificate: the office opens the scan, or the TC drawn from the register until a scan replaces it. */
export async function openCertificate(_req: Request, ctx: AdminContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const row = await queryOne<CertificateRow>(CERTIFICATE, [id]);
  if (row) return certificateResponse(row.file_id);
  const drawn = await drawnTcResponse(id);
  if (!drawn) throw notFound(CERTIFICATE_TEXTS.missing);
  return drawn;
}
