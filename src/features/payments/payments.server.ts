/**
 * Fees, payments and receipts of admissions and TC requests. Payments are never edited or deleted:
 * a mistake is reversed by the principal with a negative entry of its own.
 *
 *   POST /v1/api/{record}/{id}/payments { amount, mode, reference, paidOn }  (staff)  201 { payment, record }
 *   POST /v1/api/{record}/{id}/payments/{paymentId}/reverse { reason }      (principal) 201 { payment, record }
 *   POST /v1/api/{record}/{id}/waive { note }                               (principal) 200 { record }
 *   GET  /v1/api/receipts/{receiptNumber}                                    (staff)  the receipt
 *
 * Each change is one transaction, in this order: the record's row is locked (so its payments are
 * counted by one change at a time), the change is checked against what is due, the receipt number
 * is taken, the entry written, and the record's payment status, transaction id and (a TC request)
 * status recomputed, with the audit entry. A payment above what is still due is refused (409 naming
 * the amount due): a clerk typing 125000 for 12500 is stopped, and the fee is never over-collected.
 *
 * Receipt numbers are {prefix}-R-{year}-{000001} (the school's prefix, src/lib/record-numbers.ts), one sequence a year (the year in India when recorded):
 * the year's counter row is taken with an upsert inside the same transaction, so concurrent payments
 * queue on its row lock and a rolled-back one gives its number back: no gaps, no repeats.
 */
import type { AdminContext } from '../../server/auth.ts';
import { recordAudit, type SystemActor } from '../../server/audit.ts';
import { isUuid, query, queryOne, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { refuse } from '../../server/forms.ts';
import { bodyText, writeMove } from '../workflow-moves.server.ts';
import { sendSoon } from '../../server/mailer.ts';
import type { ExportExtra } from '../../server/csv-export.ts';
import { dateInIndia, toIso, yearInIndia } from '../../lib/dates.ts';
import { academicSessionOn } from '../../lib/sessions.ts';
import { formatRupees, paiseToRupees, rupeesInWords } from '../../lib/money.ts';
import { statusLabel, type Workflow } from '../../lib/workflow.ts';
import { fill } from '../../lib/i18n/index.ts';
import type { KindPayment } from '../record-kind.ts';
import { PAID_KINDS, kindOf, type PaidKind } from '../kinds.ts';
import { SERVER_KINDS } from '../kinds.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { officePhone } from '../../lib/school-profile.ts';
import { feeOwed, feeOwedSql } from '../fees/fee-sql.server.ts';
import {
  MODE_LABELS,
  PAYMENT_TEXTS,
  REASON_MAX,
  REFERENCE_LABELS,
  TEST_RECEIVER,
  validatePayment,
  type Fee,
  type Payment,
  type PaymentDetails,
  type PaymentMode,
  type Receipt,
} from './payments.ts';
import type { PaymentStatus } from './payment-status.ts';
import { isReceiptNumber, type ReceiptEntry } from '../../lib/status-check.ts';
import { receiptNumberOf } from '../../lib/record-numbers.ts';
import { queuePaymentReceived } from '../outbox/payment-message.server.ts';
import { refundThroughGateway } from './gateway.server.ts';

/** How a kind that takes payments is found, named and charged: read from its entry in src/features/kinds.ts. */
interface Book extends KindPayment {
  entity: PaidKind;
  table: string;
  workflow: Workflow;
  noun: string;
  notFound: string;
}

function bookOf(entity: PaidKind): Book {
  const kind = kindOf(entity);
  return {
    ...kind.payment!,
    entity,
    table: kind.table,
    workflow: kind.workflow,
    noun: kind.labels.this,
    notFound: kind.labels.notFound,
  };
}

/** The column `fee_paise`: the fee a row of `book` (under `alias`) owes, fixed from its first payment on (src/features/fees/fees.server.ts). */
const feeColumn = (book: Book, alias = book.table) => feeOwedSql(book.entity, book.fee, alias);

const PAYMENT_NOT_FOUND = 'Payment not found';

const PAYMENT_CONFLICTS = {
  waived: 'The fee is waived: nothing is due.',
  paidInFull: 'The fee is paid in full: nothing is due.',
  noFee: 'No fee is set for this class: add it to the school fees first.',
  reversal: 'This entry is itself a reversal and cannot be reversed.',
} as const;

type Loader = (id: string) => Promise<unknown>;

// ---- what is paid ----------------------------------------------------------------------------

function statusOf(due: number, paid: number, waived: boolean): PaymentStatus {
  if (waived) return 'waived';
  if (paid >= due) return 'paid';
  return paid > 0 ? 'partial' : 'pending';
}

function feeJson(due: number, paid: number, waiverNote: string | null): Fee {
  const balance = waiverNote === null ? Math.max(due - paid, 0) : 0;
  return {
    due: paiseToRupees(due),
    paid: paiseToRupees(paid),
    balance: paiseToRupees(balance),
    duePaise: due,
    paidPaise: paid,
    balancePaise: balance,
    waiverNote,
  };
}

const PAYMENT_COLUMNS = `p.id, p.receipt_number, p.entity, p.record_id, p.amount_paise::text AS amount_paise, p.mode, p.reference,
  p.paid_on, p.reason, p.received_by, p.created_at, o.receipt_number AS reverses_receipt, r.receipt_number AS reversed_by_receipt,
  o.received_by AS reverses_received_by`;
const PAYMENT_JOINS = `LEFT JOIN payments o ON o.id = p.reverses LEFT JOIN payments r ON r.reverses = p.id`;

function paymentJson(row: Record<string, unknown>): Payment {
  // bigint arrives as text: read it as a whole number (paise never approach 2^53).
  const paise = Number(row.amount_paise);
  return {
    _id: String(row.id),
    receiptNumber: String(row.receipt_number),
    amount: paiseToRupees(paise),
    amountPaise: paise,
    mode: row.mode as PaymentMode,
    reference: String(row.reference ?? ''),
    paidOn: String(row.paid_on),
    receivedBy: String(row.received_by),
    createdAt: toIso(row.created_at),
    reverses: row.reverses_receipt ? String(row.reverses_receipt) : null,
    reversedBy: row.reversed_by_receipt ? String(row.reversed_by_receipt) : null,
    reason: String(row.reason ?? ''),
  };
}

/** A record's fee and payments (oldest first), as its details JSON carries them. */
export async function paymentDetails(entity: PaidKind, id: string): Promise<PaymentDetails> {
  const book = bookOf(entity);
  const [row, payments] = await Promise.all([
    queryOne(`SELECT ${book.columns}, ${feeColumn(book)} FROM ${book.table} WHERE id = $1`, [id]),
    query(
      `SELECT ${PAYMENT_COLUMNS} FROM payments p ${PAYMENT_JOINS} WHERE p.entity = $1 AND p.record_id = $2 ORDER BY p.created_at, p.receipt_number`,
      [entity, id],
    ),
  ]);
  const list = payments.map(paymentJson);
  const paid = list.reduce((sum, p) => sum + p.amountPaise, 0);
  const waiverNote =
    row?.fee_waiver_note === null || row?.fee_waiver_note === undefined ? null : String(row.fee_waiver_note);
  return { fee: feeJson(feeOwed(row) ?? 0, paid, waiverNote), payments: list };
}

/** Where a record's fee stands for its family (the status pages), and its receipts. */
export interface FeeStanding {
  /** What is left to pay, in paise: 0 when paid, waived, none is set or the record is closed. */
  balancePaise: number;
  feePaise: number;
  paidPaise: number;
  waived: boolean;
  receipts: ReceiptEntry[];
}

/** A record's fee at `status` for its family: nothing is left to pay once it is closed (nothing more is taken for it). */
export async function feeStanding(entity: PaidKind, id: string, status: string): Promise<FeeStanding> {
  const { fee, payments } = await paymentDetails(entity, id);
  return {
    balancePaise: bookOf(entity).closed.includes(status) ? 0 : fee.balancePaise,
    feePaise: fee.duePaise,
    paidPaise: fee.paidPaise,
    waived: fee.waiverNote !== null,
    receipts: payments.map((p) => ({ number: p.receiptNumber, amount: p.amount, paidOn: p.paidOn })),
  };
}

/**
 * The fee columns of a record's CSV export, in rupees (numbers, so Excel adds them up): its fee,
 * what is paid (reversals subtracted) and what is still due, as the details screen counts them (0
 * once waived, and when the record is closed). A class without a fee has an empty Fee.
 */
export function feeExportColumns(entity: PaidKind): ExportExtra {
  const book = bookOf(entity);
  const paid = (row: Record<string, unknown>) => Number(row.paid_paise ?? 0);
  const fee = (row: Record<string, unknown>) => {
    const due = feeOwed(row);
    const waiverNote =
      row.fee_waiver_note === null || row.fee_waiver_note === undefined ? null : String(row.fee_waiver_note);
    return { set: due !== undefined, ...feeJson(due ?? 0, paid(row), waiverNote) };
  };
  return {
    columns: `${book.columns}, status, ${feeColumn(book)}`,
    load: async (ids) => {
      const sums = await query<{ record_id: string; paid_paise: string }>(
        `SELECT record_id, sum(amount_paise)::text AS paid_paise FROM payments WHERE entity = $1 AND record_id = ANY($2::uuid[]) GROUP BY record_id`,
        [entity, ids],
      );
      return new Map(sums.map((s) => [String(s.record_id), { paid_paise: s.paid_paise }]));
    },
    cells: [
      { label: 'Fee (₹)', cell: (row) => (fee(row).set ? fee(row).due : '') },
      { label: 'Paid (₹)', cell: (row) => paiseToRupees(paid(row)) },
      { label: 'Due (₹)', cell: (row) => (book.closed.includes(String(row.status)) ? 0 : fee(row).balance) },
    ],
  };
}

// ---- changes -------------------------------------------------------------------------------

async function lockRecord(tx: Queryable, book: Book, id: string): Promise<Record<string, unknown>> {
  const row = (await tx.query(`SELECT *, ${feeColumn(book)} FROM ${book.table} WHERE id = $1 FOR UPDATE`, [id]))
    .rows[0];
  if (!row) throw notFound(book.notFound);
  return row;
}

function refuseClosed(book: Book, row: Record<string, unknown>): void {
  const status = String(row.status);
  if (book.closed.includes(status))
    throw conflict(`${book.noun} is ${statusLabel(book.workflow, status)}: no fee is taken or waived for it.`).withCode(
      'closed',
    );
}

async function paidOf(tx: Queryable, entity: PaidKind, id: string): Promise<number> {
  const sum = await tx.query<{ paid: string }>(
    `SELECT coalesce(sum(amount_paise), 0)::text AS paid FROM payments WHERE entity = $1 AND record_id = $2`,
    [entity, id],
  );
  return Number(sum.rows[0]!.paid);
}

function feeOf(row: Record<string, unknown>): number {
  const due = feeOwed(row);
  if (due === undefined) throw conflict(PAYMENT_CONFLICTS.noFee).withCode('no-fee');
  return due;
}

/** The next receipt number of this year, taken inside `tx` (see the top of this file). */
async function takeReceiptNumber(tx: Queryable): Promise<string> {
  const year = yearInIndia();
  const taken = await tx.query<{ last: number }>(
    `INSERT INTO receipt_counters (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1 RETURNING last`,
    [Number(year)],
  );
  return receiptNumberOf((await schoolProfile(tx)).referencePrefix, year, Number(taken.rows[0]!.last));
}

/** Who records an entry: a staff member at the desk, or the gateway (an online payment, verified). */
export type Recorder = Pick<AdminContext, 'admin' | 'ip'> | SystemActor;

/** The name a receipt prints under "Received by" for an entry the gateway recorded. */
export const ONLINE_RECEIVER = 'Online (Razorpay)';

export interface Entry {
  amountPaise: number;
  /** The fee the record owed when this entry was made: kept with it, so a later change of the school's fees changes nothing paid. */
  feePaise: number;
  mode: PaymentMode;
  reference: string;
  paidOn: string;
  reverses?: string;
  reason?: string;
  /** An online payment: the gateway's payment id (pay_...), kept unique so a payment makes one receipt. */
  gatewayPaymentId?: string;
  /** An online payment through the built-in test gateway: no money moved. */
  test?: boolean;
  /** A reversal refunded through the gateway: its refund id (rfnd_...). */
  gatewayRefundId?: string;
}

async function insertEntry(
  tx: Queryable,
  book: Book,
  id: string,
  entry: Entry,
  ctx: Recorder,
): Promise<{ id: string; receipt: string }> {
  const receipt = await takeReceiptNumber(tx);
  // clock_timestamp(), taken after the counter's lock: entries of a year sort by time as by number.
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO payments (receipt_number, entity, record_id, amount_paise, mode, reference, paid_on, reverses, reason, admin_id, received_by, fee_paise,
                           gateway_payment_id, gateway_refund_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, clock_timestamp()) RETURNING id`,
    [
      receipt,
      book.entity,
      id,
      String(entry.amountPaise),
      entry.mode,
      entry.reference,
      entry.paidOn,
      entry.reverses ?? null,
      entry.reason ?? '',
      ctx.admin?._id ?? null,
      ctx.admin ? ctx.admin.name : entry.test ? TEST_RECEIVER : ONLINE_RECEIVER,
      String(entry.feePaise),
      entry.gatewayPaymentId ?? null,
      entry.gatewayRefundId ?? null,
    ],
  );
  return { id: inserted.rows[0]!.id, receipt };
}

/**
 * After a change of what is paid or waived: the record's payment status and transaction id, and a
 * TC request's status. The transaction id is the last standing payment's reference (its receipt
 * number when it has none, as for cash), and stays empty while nothing is paid.
 */
async function settle(
  tx: Queryable,
  book: Book,
  row: Record<string, unknown>,
  ctx: Recorder,
  why: string,
): Promise<void> {
  const id = String(row.id);
  const waived = row.fee_waiver_note !== null && row.fee_waiver_note !== undefined;
  const paid = await paidOf(tx, book.entity, id);
  const status = statusOf(feeOf(row), paid, waived);
  const last = (
    await tx.query<{ receipt_number: string; reference: string }>(
      `SELECT p.receipt_number, p.reference FROM payments p
        WHERE p.entity = $1 AND p.record_id = $2 AND p.amount_paise > 0 AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reverses = p.id)
        ORDER BY p.created_at DESC, p.receipt_number DESC LIMIT 1`,
      [book.entity, id],
    )
  ).rows[0];
  const transactionId = paid > 0 && last ? last.reference || last.receipt_number : null;
  await tx.query(
    `UPDATE ${book.table} SET payment_status = $2, transaction_id = $3, updated_at = now() WHERE id = $1`,
    [id, status, transactionId],
  );
  if (!book.coveredMove) return;
  // A record that waits for its fee (a TC request): covered, it moves on by itself; no longer covered, it goes back.
  const { from, to } = book.coveredMove;
  const covered = status === 'paid' || status === 'waived';
  const route = { entity: book.entity, table: book.table };
  if (row.status === from && covered) await writeMove(tx, route, id, { from, to, note: why }, ctx);
  if (row.status === to && !covered) await writeMove(tx, route, id, { from: to, to: from, note: why }, ctx);
}

/** A paid kind's record, locked for a change of what is paid (its fee as `fee_paise`); 404 when there is none. */
export const lockPayable = (tx: Queryable, entity: PaidKind, id: string) => lockRecord(tx, bookOf(entity), id);

/** What is left to pay on a locked record (`row` from lockPayable): 0 once waived or closed; the fee is `feePaise` when none is fixed yet. */
export async function balanceOf(
  tx: Queryable,
  entity: PaidKind,
  row: Record<string, unknown>,
): Promise<{ due: number; paid: number; balance: number }> {
  const book = bookOf(entity);
  const paid = await paidOf(tx, entity, String(row.id));
  const due = feeOwed(row) ?? 0;
  const open = row.fee_waiver_note === null && !book.closed.includes(String(row.status));
  return { due, paid, balance: open ? Math.max(due - paid, 0) : 0 };
}

/**
 * The one way a payment is taken, at the desk or online: inside `tx`, on a record locked by
 * lockRecord and checked against what is due, the receipt number is taken, the entry written, and
 * the record settled (its payment status, and a TC request moved on once covered), and the family's
 * "payment received" message queued. The caller
 * writes its audit entry and, after the commit, wakes the outbox (sendSoon).
 */
export async function takePayment(
  tx: Queryable,
  entity: PaidKind,
  row: Record<string, unknown>,
  entry: Entry,
  ctx: Recorder,
): Promise<{ id: string; receipt: string }> {
  const book = bookOf(entity);
  const taken = await insertEntry(tx, book, String(row.id), entry, ctx);
  // The fee is fixed by the record's first entry: settle reads the one this entry fixed.
  await settle(tx, book, { ...row, fee_paise: String(entry.feePaise) }, ctx, `Fee paid: receipt ${taken.receipt}.`);
  // The family is told of it (after the settle: this letter replaces the status letter the move wrote).
  await queuePaymentReceived(tx, entity, String(row.id), { amountPaise: entry.amountPaise, receipt: taken.receipt });
  return taken;
}

async function paymentById(id: string): Promise<Payment> {
  const row = await queryOne(`SELECT ${PAYMENT_COLUMNS} FROM payments p ${PAYMENT_JOINS} WHERE p.id = $1`, [id]);
  return paymentJson(row!);
}

/**
 * The payment routes of one record (`load` answers the record as its GET does):
 * record a payment, reverse one, waive the fee.
 */
export function paymentRoutes(entity: PaidKind, load: Loader) {
  const book = bookOf(entity);

  async function record(req: Request, ctx: AdminContext): Promise<Response> {
    const id = ctx.params.id;
    if (!isUuid(id)) throw notFound(book.notFound);
    const result = validatePayment(await readJson(req));
    if (!result.ok) throw refuse(result);
    const payment = result.data;
    const created = await transaction(async (tx) => {
      const row = await lockRecord(tx, book, id);
      refuseClosed(book, row);
      if (row.fee_waiver_note !== null) throw conflict(PAYMENT_CONFLICTS.waived).withCode('nothing-due');
      const due = feeOf(row);
      const balance = due - (await paidOf(tx, entity, id));
      if (balance <= 0) throw conflict(PAYMENT_CONFLICTS.paidInFull).withCode('nothing-due');
      if (payment.amountPaise > balance) {
        const message = `Only ${formatRupees(balance)} is due (fee ${formatRupees(due)}): ${formatRupees(payment.amountPaise)} is more than that. Check the amount.`;
        throw conflict(message, { amount: message }).withCode('over-payment');
      }
      const entry = await takePayment(tx, entity, row, { ...payment, feePaise: due }, ctx);
      const reference = payment.reference ? ` (${payment.reference})` : '';
      await recordAudit(
        ctx,
        {
          action: 'payment',
          entity,
          entityId: id,
          detail: `${entry.receipt}: ${formatRupees(payment.amountPaise)} by ${MODE_LABELS[payment.mode]}${reference}`,
        },
        tx,
      );
      return entry;
    });
    // A TC request the payment moved on has a message for the parent.
    await sendSoon(ctx, { entity, recordId: id });
    return json({ payment: await paymentById(created.id), record: await load(id) }, 201);
  }

  async function reverse(req: Request, ctx: AdminContext): Promise<Response> {
    const { id, paymentId } = ctx.params;
    if (!isUuid(id)) throw notFound(book.notFound);
    if (!isUuid(paymentId)) throw notFound(PAYMENT_NOT_FOUND);
    const reason = bodyText(await readJson(req), 'reason', REASON_MAX, 'The reason');
    if (!reason) throw badRequest(PAYMENT_TEXTS.reason, { reason: PAYMENT_TEXTS.reason });
    const created = await transaction(async (tx) => {
      const row = await lockRecord(tx, book, id);
      const original = (
        await tx.query<Record<string, unknown>>(
          `SELECT ${PAYMENT_COLUMNS} FROM payments p ${PAYMENT_JOINS} WHERE p.id = $1 AND p.entity = $2 AND p.record_id = $3`,
          [paymentId, entity, id],
        )
      ).rows[0];
      if (!original) throw notFound(PAYMENT_NOT_FOUND);
      const payment = paymentJson(original);
      if (payment.reverses) throw conflict(PAYMENT_CONFLICTS.reversal).withCode('reversal');
      if (payment.reversedBy)
        throw conflict(
          `Receipt ${payment.receiptNumber} is reversed already, by receipt ${payment.reversedBy}.`,
        ).withCode('reversed');
      // Money paid online goes back the way it came: refunded through the gateway (the row stays
      // locked meanwhile), and the reversal names the refund. A refused refund records nothing.
      const refund =
        payment.mode === 'online'
          ? await refundThroughGateway(payment.reference, payment.amountPaise, {
              receipt: payment.receiptNumber,
              reason,
            })
          : undefined;
      const entry = await insertEntry(
        tx,
        book,
        id,
        {
          amountPaise: -payment.amountPaise,
          feePaise: feeOf(row),
          mode: payment.mode,
          reference: refund?.id ?? payment.reference,
          paidOn: dateInIndia(),
          reverses: payment._id,
          reason,
          ...(refund ? { gatewayRefundId: refund.id } : {}),
        },
        ctx,
      );
      if (refund)
        await recordAudit(
          ctx,
          {
            action: 'online-refund',
            entity,
            entityId: id,
            detail: `${refund.id}: ${formatRupees(payment.amountPaise)} of ${payment.reference} (${reason})`,
          },
          tx,
        );
      await recordAudit(
        ctx,
        {
          action: 'reverse-payment',
          entity,
          entityId: id,
          detail: `${entry.receipt} reverses ${payment.receiptNumber}: ${formatRupees(payment.amountPaise)} (${reason})`,
        },
        tx,
      );
      await settle(tx, book, row, ctx, `Payment reversed: receipt ${entry.receipt} reverses ${payment.receiptNumber}.`);
      return entry;
    });
    await sendSoon(ctx, { entity, recordId: id });
    return json({ payment: await paymentById(created.id), record: await load(id) }, 201);
  }

  async function waive(req: Request, ctx: AdminContext): Promise<Response> {
    const id = ctx.params.id;
    if (!isUuid(id)) throw notFound(book.notFound);
    const note = bodyText(await readJson(req), 'note', REASON_MAX, 'The note');
    if (!note) throw badRequest(PAYMENT_TEXTS.note, { note: PAYMENT_TEXTS.note });
    await transaction(async (tx) => {
      const row = await lockRecord(tx, book, id);
      refuseClosed(book, row);
      if (row.fee_waiver_note !== null) throw conflict('The fee is waived already.').withCode('waived');
      const due = feeOf(row);
      const paid = await paidOf(tx, entity, id);
      if (paid >= due) throw conflict(PAYMENT_CONFLICTS.paidInFull).withCode('nothing-due');
      await tx.query(`UPDATE ${book.table} SET fee_waiver_note = $2 WHERE id = $1`, [id, note]);
      await recordAudit(
        ctx,
        { action: 'waive-fee', entity, entityId: id, detail: `${formatRupees(due - paid)} waived: ${note}` },
        tx,
      );
      await settle(tx, book, { ...row, fee_waiver_note: note }, ctx, `Fee waived by ${ctx.admin.name}: ${note}`);
    });
    await sendSoon(ctx, { entity, recordId: id });
    return json({ record: await load(id) });
  }

  return { record, reverse, waive };
}

// ---- receipts ------------------------------------------------------------------------------

/**
 * Who proves a parent's claim to a receipt: the record's own number and the mobile number on its
 * form, matched in the same query as the receipt number, so a wrong pair and another record's
 * receipt cost one query and find nothing alike.
 */
export interface ReceiptProof {
  entity: PaidKind;
  /** The record's own number (an application's reference number, a TC request's admission number). */
  recordNumber: string;
  contactNo: string;
}

/**
 * What a receipt prints of its record, one arm per paid kind (its SQL in its kind.server.ts), each
 * read only for a payment of that kind and, with a proof, only for the record it names.
 */
function recordArms(proof: boolean): string {
  return PAID_KINDS.map((entity) => {
    const r = SERVER_KINDS[entity].receipt!;
    const or = (sql: string | undefined) => (sql ? `(${sql})::text` : 'NULL::text');
    const proven = proof ? ` AND t.${r.proof.column} = $3 AND t.${r.proof.mobile} = $4` : '';
    return `SELECT ${or(r.student)} AS student_name, ${or(r.parent)} AS parent_name, ${or(r.session)} AS session,
        ${or(r.admissionClass)} AS admission_class, ${or(r.admissionNumber)} AS admission_number, ${or(r.applicationReference)} AS application_reference
       FROM ${kindOf(entity).table} t WHERE p.entity = '${entity}' AND t.id = p.record_id${proven}`;
  }).join('\n      UNION ALL ');
}

/** The receipt `number` as printed, or undefined when there is none (or none of the record `proof` names). */
export async function readReceipt(number: string, proof?: ReceiptProof): Promise<Receipt | undefined> {
  if (!isReceiptNumber(number)) return undefined;
  const params: unknown[] = proof ? [number, proof.entity, proof.recordNumber, proof.contactNo] : [number];
  const row = await queryOne(
    `SELECT ${PAYMENT_COLUMNS}, rec.student_name, rec.parent_name, rec.session, rec.admission_class, rec.admission_number, rec.application_reference
       FROM payments p ${PAYMENT_JOINS}
       LEFT JOIN LATERAL (SELECT true AS found, arm.* FROM (${recordArms(!!proof)}) AS arm LIMIT 1) rec ON true
      WHERE p.receipt_number = $1${proof ? ' AND p.entity = $2 AND rec.found' : ''}`,
    params,
  );
  if (!row) return undefined;
  const payment = paymentJson(row);
  const entity = row.entity as PaidKind;
  const printed = SERVER_KINDS[entity].receipt!;
  const reversal = payment.amountPaise < 0;
  const words = rupeesInWords(payment.amountPaise);
  const shown = (present: string | undefined, value: unknown) => (present ? String(value ?? '') : null);
  // Through the test gateway (the payment, or the payment a reversal reverses): the receipt says no money moved.
  const test =
    payment.mode === 'online' && (payment.receivedBy === TEST_RECEIVER || row.reverses_received_by === TEST_RECEIVER);
  const school = await schoolProfile();
  return {
    school: {
      name: school.name.en,
      address: school.address.en,
      affiliationNumber: school.affiliationNumber,
      phone: officePhone(school) || null,
      email: school.email,
    },
    receiptNumber: payment.receiptNumber,
    kind: reversal ? 'reversal' : 'payment',
    date: payment.paidOn,
    recordedAt: payment.createdAt,
    entity,
    recordId: String(row.record_id),
    purpose: bookOf(entity).purpose,
    studentName: String(row.student_name ?? ''),
    parentName: String(row.parent_name ?? ''),
    // An application's session is the one applied for; otherwise the school year it was paid in.
    session: row.session ? String(row.session) : academicSessionOn(payment.paidOn),
    admissionClass: shown(printed.admissionClass, row.admission_class),
    admissionNumber: shown(printed.admissionNumber, row.admission_number),
    applicationReference: shown(printed.applicationReference, row.application_reference),
    amountPaise: payment.amountPaise,
    amount: payment.amount,
    amountInFigures: formatRupees(Math.abs(payment.amountPaise)),
    amountInWords: reversal ? `Refund of ${words}` : words,
    mode: payment.mode,
    test,
    modeLabel: test ? fill('en', 'receipt.mode.test') : MODE_LABELS[payment.mode],
    reference: payment.reference,
    referenceLabel: test ? fill('en', 'receipt.ref.test') : REFERENCE_LABELS[payment.mode],
    receivedBy: payment.receivedBy,
    reason: payment.reason,
    reverses: payment.reverses,
    reversedBy: payment.reversedBy,
  };
}

/** GET /v1/api/receipts/{receiptNumber}: what a printed receipt shows. */
export async function getReceipt(_req: Request, ctx: AdminContext): Promise<Response> {
  const receipt = await readReceipt(ctx.params.receiptNumber ?? '');
  if (!receipt) throw notFound('Receipt not found');
  return json(receipt);
}
