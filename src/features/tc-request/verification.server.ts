/**
 * A TC verified by anyone (a new school, a parent): CBSE asks schools to publish the TCs they issue
 * for verification, and there is no public list (children's data). One must know a TC's number and
 * its date of issue to see it.
 *
 *   POST /v1/api/tc-verification { tcNumber, issuedOn, language? }
 *     200 { studentName, tcNumber, issuedOn, scanUrl, scanMinutes, signed } when both match an issued TC
 *     whose signed scan the office attached; one 404 otherwise, the same whether the number is
 *     unknown, the date wrong or no scan attached (and for an erased request). 400 for a body
 *     that is not a number and a date, before anything is counted. Limited as the parents' status
 *     checks are, per address (src/server/status-check.ts): 429 with the same words; and wrong
 *     tries from all addresses together (limits.tcVerifyWrongTriesSiteWide): 429
 *     `request.tcVerifyPaused`, for a few minutes, the right pair too.
 *
 * The answer is what a receiving school needs to know the paper in its hands is genuine: the name
 * it was issued to, its number and date, and the scan, which is the only way to see that no other
 * line of a genuine TC (the date of birth, the class) was changed. The scan's link is short-lived
 * and bound to the TC's current scan; the walk that would collect scans is what the site-wide limit
 * stops: TC numbers run in a series and dates of issue span weeks, so the search space is small.
 *   GET /v1/api/tc-verification/scan?token=   the scan, through a link signed for SCAN_MINUTES
 *     (jose, HS256, a key of its own derived from SESSION_SECRET); 404 once expired, or when the
 *     TC's scan has since been replaced or taken away.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isUuid, queryOne } from '../../server/db.ts';
import { notFound } from '../../server/errors.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { refuse } from '../../server/forms.ts';
import { requireEnv } from '../../server/env.ts';
import { lookUpPair } from '../../server/status-check.ts';
import { countHitOf } from '../../server/rate-limit.ts';
import { limits } from '../../config/limits.ts';
import { fill, type TextCode } from '../../lib/i18n/index.ts';
import { checkVerification, type VerifiedTc } from './verification.ts';
import { certificateResponse } from './certificate.server.ts';
import { drawnTcResponse } from './drawn-tc.server.ts';

/** How long a scan's link works: enough to open it and compare, short enough that a shared link dies. */
export const SCAN_MINUTES = 15;
const AUDIENCE = 'tc-scan';

const NO_MATCH_CODE = 'tcVerify.notFound' satisfies TextCode;
const noMatch = () => notFound(fill('en', NO_MATCH_CODE)).withCode(NO_MATCH_CODE);
const EXPIRED_CODE = 'tcVerify.scanExpired' satisfies TextCode;
const expired = () => notFound(fill('en', EXPIRED_CODE)).withCode(EXPIRED_CODE);

/** A key for these links alone: a session token can never pass for one, nor one for a session. */
const linkKey = () => createHmac('sha256', requireEnv('SESSION_SECRET')).update('tc-scan-link').digest();

interface Found {
  id: string;
  student_name: string;
  tc_number: string;
  tc_issue_date: string;
  /** Null for a drawn TC without its signed scan. */
  file_id: string | null;
}

/** The issued, not erased TC request `where` names, with its scan: the one query of a verification and of a scan's link. */
const FOUND = `SELECT t.id, coalesce(t.tc_fields->>'pupilName', t.student_name) AS student_name, t.tc_number, t.tc_issue_date, c.file_id
  FROM tc_requests t LEFT JOIN tc_certificates c ON c.tc_request_id = t.id
  WHERE t.status = 'issued' AND t.erased_at IS NULL AND t.student_name IS NOT NULL
    AND (c.file_id IS NOT NULL OR t.tc_fields IS NOT NULL)`;

/** A link's file id for a TC drawn from the register whose signed scan is not attached yet. */
const DRAWN = 'drawn';

const { tcVerifyWrongTriesSiteWide: SITE_WIDE } = limits;

/**
 * A verification counted among the wrong tries of the whole site, as the address's are: counted
 * before the lookup (so concurrent tries cannot slip past a full window, and a full window refuses
 * the right pair as it does a wrong one: the 429 tells a walker nothing), taken back once it proved
 * right, and never left counted when the address's own limits refuse it.
 */
async function siteWide<T>(lookUp: () => Promise<T | undefined>): Promise<T | undefined> {
  const hit = await countHitOf('tc_verify_wrong', 'site', SITE_WIDE.max, SITE_WIDE.seconds, {
    message: 'tcVerifyPaused',
  });
  let found: T | undefined;
  try {
    found = await lookUp();
  } catch (error) {
    await hit.undo();
    throw error;
  }
  if (found !== undefined) await hit.undo();
  return found;
}

export const verifyTc: Handler = async (req, { ip }) => {
  const body = await readJson(req);
  const language = body.language === 'hi' ? 'hi' : 'en';
  const result = checkVerification(body, (code) => fill(language, code));
  if (!result.ok) throw refuse(result);
  const { tcNumber, issuedOn } = result.data;
  const row = await siteWide(() =>
    lookUpPair(ip, null, () =>
      queryOne<Found>(
        `${FOUND} AND t.tc_issue_date = $2 AND upper(regexp_replace(btrim(t.tc_number), '\\s+', ' ', 'g')) = $1
          ORDER BY c.attached_at DESC LIMIT 1`,
        [tcNumber, issuedOn],
      ),
    ),
  );
  if (!row) throw noMatch();
  const token = await new SignJWT({ fid: row.file_id ?? DRAWN })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(row.id)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SCAN_MINUTES}m`)
    .sign(linkKey());
  const answer: VerifiedTc = {
    studentName: row.student_name,
    tcNumber: row.tc_number,
    issuedOn: row.tc_issue_date,
    scanUrl: `/v1/api/tc-verification/scan?${new URLSearchParams({ token })}`,
    scanMinutes: SCAN_MINUTES,
    signed: row.file_id !== null,
  };
  return json(answer);
};

export const serveVerifiedScan: Handler = async (req) => {
  const token = new URL(req.url).searchParams.get('token') ?? '';
  let id: string;
  let fileId: string;
  try {
    const { payload } = await jwtVerify(token, linkKey(), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'fid'],
    });
    id = String(payload.sub);
    fileId = String(payload.fid);
  } catch {
    throw expired();
  }
  if (!isUuid(id) || !(isUuid(fileId) || fileId === DRAWN)) throw expired();
  const headers = { 'X-Robots-Tag': 'noindex, nofollow' };
  // A drawn TC's link dies once a scan replaces it, as a scan's dies when another replaces it.
  if (fileId === DRAWN) {
    const drawn = await queryOne<Found>(`${FOUND} AND t.id = $1 AND c.file_id IS NULL`, [id]);
    const response = drawn && (await drawnTcResponse(id, headers));
    if (!response) throw expired();
    return response;
  }
  const row = await queryOne<Found>(`${FOUND} AND t.id = $1 AND c.file_id = $2`, [id, fileId]);
  if (!row?.file_id) throw expired();
  return certificateResponse(row.file_id, headers);
};
