/**
 * The public TC request calls (spec 01 sections 4, 7): the count of earlier requests for an
 * admission number, and a new request, refused with 409 once two exist for that number. The
 * limit holds under concurrency: a transaction-scoped advisory lock per admission number
 * serialises the count and the insert.
 */
import { sealAadhaar } from '../aadhaar.ts';
import { queryOne, transaction } from '../db.ts';
import { HttpError, conflict } from '../errors.ts';
import { json, readJson, type Handler } from '../http.ts';
import { rateLimit } from '../rate-limit.ts';
import { tcRequestJson } from '../records/serialize.ts';
import { TC_LIMIT, normaliseAdmissionNumber, validateTcRequest } from '../../lib/forms/tc-request.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { checkHoneypot, refuse, submissionKey } from '../forms/common.ts';

export const TC_REQUESTS_PER_HOUR = 10;

/** GET /v1/api/tc-request/admission-number/{n}: a bare number, 0 when none. */
export const countTcRequests: Handler = async (_req, { params }) => {
  const number = normaliseAdmissionNumber(params.admissionNumber ?? '');
  if (!number || number.length > 40) return json(0);
  const row = await queryOne<{ n: number }>(`SELECT count(*)::int AS n FROM tc_requests WHERE admission_number = $1`, [number]);
  return json(row?.n ?? 0);
};

/** POST /v1/api/tc-request: 201 with the stored request; paymentStatus pending and no transaction, whatever was sent. */
export const createTcRequest: Handler = async (req, { ip }) => {
  await rateLimit('tc_request', ip, TC_REQUESTS_PER_HOUR, 3600);
  const body = await readJson(req);
  checkHoneypot(body);
  const result = validateTcRequest(body);
  if (!result.ok) throw refuse(result);
  const v = result.data;
  const key = submissionKey(body);
  const aadhaar = sealAadhaar(v.aadharUid);

  const row = await transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`tc-request:${v.admissionNumber}`]);
    if (key) {
      // The same submission again (its answer was lost on the way): the first one's answer.
      const same = await tx.query(`SELECT * FROM tc_requests WHERE submission_key = $1`, [key]);
      if (same.rows[0]) return same.rows[0];
    }
    const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM tc_requests WHERE admission_number = $1`, [v.admissionNumber]);
    if ((count.rows[0]?.n ?? 0) >= TC_LIMIT) throw conflict(MSG.tcLimit);
    const inserted = await tx.query(
      `INSERT INTO tc_requests (student_name, admission_number, aadhaar_enc, aadhaar_hash, aadhaar_last4, parent_name,
         reason, contact, email, payment_status, transaction_id, submission_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', NULL, $10) RETURNING *`,
      [v.studentName, v.admissionNumber, aadhaar.enc, aadhaar.hash, aadhaar.last4, v.parentName, v.reason, v.contact, v.email, key],
    );
    return inserted.rows[0];
  });
  if (!row) throw new HttpError(500, 'Something went wrong');
  return json(tcRequestJson(row as Record<string, unknown>), 201);
};
