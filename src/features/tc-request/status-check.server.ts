/**
 * A parent's own look at a TC request, proven by the admission number and the mobile number given
 * in it (the limits and the one not-found answer: src/server/status-check.ts).
 *
 *   POST /v1/api/tc-request/status { admissionNumber, contactNo, language? }
 *     200 { admissionNumber, studentName, status, statusLabel, updatedAt, missing: [],
 *           feeDue: { amount, currency } | null, feeState, feeText, receipts: [{ number, amount, paidOn }],
 *           tcNumber?, nextStep }
 *
 * Up to two requests may exist for one admission number: the answer is the newest one made with
 * this mobile number.
 */
import { queryOne } from '../../server/db.ts';
import { notFound } from '../../server/errors.ts';
import { json, readJson, type Handler } from '../../server/http.ts';
import { checked, dueAnswer, feeTexts, lookUpPair } from '../../server/status-check.ts';
import { toIso } from '../../lib/dates.ts';
import { formatRupees } from '../../lib/money.ts';
import { fill } from '../../lib/i18n/index.ts';
import { feeStanding } from '../payments/payments.server.ts';
import { checkTcLookup, type TcStatusAnswer } from './status-check.ts';
import type { TcStatus } from './workflow.ts';

const NO_MATCH_CODE = 'statusCheck.notFound.tc';
const NO_MATCH = fill('en', NO_MATCH_CODE);

interface Found {
  id: string;
  admission_number: string;
  student_name: string;
  status: TcStatus;
  tc_number: string | null;
  rejection_reason: string | null;
  status_changed_at: Date | null;
  created_at: Date;
}

export const checkTcStatus: Handler = async (req, { ip }) => {
  const lookup = checked(await readJson(req), checkTcLookup);
  // One counted query whichever part is wrong (see src/server/status-check.ts).
  const found = await lookUpPair(
    ip,
    lookup.contactNo,
    () =>
      queryOne<Found>(
        `SELECT id, admission_number, student_name, status, tc_number, rejection_reason, status_changed_at, created_at
         FROM tc_requests WHERE admission_number = $1 AND contact = $2
        ORDER BY created_at DESC, id DESC LIMIT 1`,
        [lookup.admissionNumber, lookup.contactNo],
      ),
    async (row) => ({ row, fee: await feeStanding('tc-request', row.id, row.status) }),
  );
  if (!found) throw notFound(NO_MATCH).withCode(NO_MATCH_CODE);
  const { row, fee } = found;
  const due = fee.balancePaise;
  // A waived fee moves the request on as a payment does; its words must not say the fee was received.
  // A rejected request says why, where the office wrote it.
  const feeAnswer = feeTexts(lookup.language, fee, fill(lookup.language, 'statusCheck.fee.tc'), true);
  // Where the Pay button shows, the next step says the fee may be paid online too.
  const next =
    row.status === 'fee-paid' && fee.waived
      ? 'fee-waived'
      : row.status === 'rejected' && row.rejection_reason
        ? 'rejected.reason'
        : row.status === 'requested' && feeAnswer.payOnline
          ? 'requested.online'
          : row.status;
  const answer: TcStatusAnswer = {
    admissionNumber: row.admission_number,
    studentName: row.student_name,
    status: row.status,
    statusLabel: fill(lookup.language, `status.tc-request.${row.status}`),
    updatedAt: toIso(row.status_changed_at ?? row.created_at),
    missing: [],
    feeDue: dueAnswer(due),
    ...feeAnswer,
    receipts: fee.receipts,
    ...(row.status === 'issued' && row.tc_number ? { tcNumber: row.tc_number } : {}),
    nextStep: fill(lookup.language, `statusCheck.next.tc-request.${next}`, {
      fee: formatRupees(due),
      reason: row.rejection_reason ?? '',
    }),
  };
  return json(answer);
};
