/**
 * Fees paid online through Razorpay's Standard Checkout (checkout.js, opened by the status page's PayOnline) and its API (src/server/razorpay.ts):
 *
 *   POST /v1/api/payments/order { kind, number, contactNo, language? }  (the family, proven by the pair)
 *     201 the order (a retry: the open one again); 409 nothing-due; 404 the status check's one answer.
 *   POST /v1/api/payments/callback  (form: razorpay_payment_id, razorpay_order_id, razorpay_signature)
 *     303 to the status page, saying how it ended.
 *   POST /v1/api/payments/webhook   (X-Razorpay-Signature, X-Razorpay-Event-Id)
 *     a signed event whose values are out of range (gateway.server.ts's schema): 400, nothing stored.
 *   POST /v1/api/payments/reconcile (staff)   GET /v1/api/payments/online (staff)
 *
 * A payment counts only once verified here: the checkout's signature against the order we stored,
 * then the payment fetched from the gateway; or a webhook whose signature matches. Either way it
 * lands in takeGatewayPayment, once per gateway payment id (gateway_payments' key), which takes the
 * receipt through the desk's own path (payments.server.ts's takePayment): the same receipt numbers,
 * the same move of the record. A payment that is not what its order asked is a mismatch, never
 * paid; one beyond what is still due (the fee was paid meanwhile, a second payment) is refunded.
 */
import type { AdminContext } from '../../server/auth.ts';
import { gatewayActor, recordAudit } from '../../server/audit.ts';
import { isUuid, query, queryOne, transaction, type Queryable } from '../../server/db.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { json, readJson, readText, type Handler, type RouteContext } from '../../server/http.ts';
import { sendSoon } from '../../server/mailer.ts';
import { checked, lookUpPair } from '../../server/status-check.ts';
import {
  checkoutPayload,
  gatewayConfig,
  razorpayClient,
  signatureMatches,
  type GatewayConfig,
} from '../../server/razorpay.ts';
import { siteAddress } from '../../server/env.ts';
import { dateInIndia, toIso } from '../../lib/dates.ts';
import { formatRupees } from '../../lib/money.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';
import { statusPagePath } from '../../lib/status-pages.ts';
import { checkLookup, type Say } from '../../lib/status-check.ts';
import { PAID_KINDS, isPaidKind, kindOf, type PaidKind } from '../kinds.ts';
import { SERVER_KINDS } from '../kinds.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { balanceOf, lockPayable, takePayment } from './payments.server.ts';
import {
  callGateway,
  gateway,
  gatewayId,
  gatewayPayment,
  refundThroughGateway,
  webhookEventSchema,
  type GatewayPayment,
} from './gateway.server.ts';
import { issueFields, outOfRange, providerInput } from '../../server/provider-input.ts';
import {
  type OnlineListing,
  type OnlinePaymentRow,
  type OrderAnswer,
  type Reconciliation,
  type UnpaidOrderRow,
} from './online.ts';
import type { PaymentOutcome } from '../../lib/status-check.ts';

/** Open orders a reconciliation run asks about, oldest-checked first (a scheduled function has 30 seconds). */
const RECONCILE_BATCH = 40;

/**
 * The record a family's pair proves, as its kind declares the proof for its receipts (its number's
 * column and the mobile number's), and that number again for the status page.
 */
function pairOf(kind: PaidKind) {
  const { table } = kindOf(kind);
  const { proof, notFound } = SERVER_KINDS[kind].receipt!;
  return {
    // The newest record made with this mobile number, as the status page answers (a TC may be asked for twice).
    find: `SELECT id FROM ${table} WHERE ${proof.column} = $1 AND ${proof.mobile} = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    numberOf: `SELECT ${proof.column} AS number FROM ${table} WHERE id = $1`,
    notFound,
  };
}

/** Whether a record at `status` is asked for its fee now: at its kind's `payableAt`, else at any status but the closed ones. */
function payableNow(kind: PaidKind, status: string): boolean {
  const payment = kindOf(kind).payment!;
  return payment.online.payableAt ? payment.online.payableAt.includes(status) : !payment.closed.includes(status);
}

/**
 * { kind, number, contactNo, language? }: `number` is the application's reference number, or the
 * TC request's admission number, read as the kind's status check reads it; every field found
 * wanting is named.
 */
function checkOrder(input: unknown, say: Say) {
  const given = input && typeof input === 'object' ? (input as Record<string, unknown>).kind : undefined;
  // An unknown kind is refused below; its number is read meanwhile as the last paid kind reads it.
  const online = kindOf(isPaidKind(given) ? given : PAID_KINDS[PAID_KINDS.length - 1]!).payment!.online;
  return checkLookup(
    { number: 'number', normalise: online.normalise, numberMessage: online.numberMessage },
    input,
    say,
    {
      fields: ['kind'] as const,
      problems: (values) => (isPaidKind(values.kind) ? {} : { kind: 'statusCheck.error.kind' as const }),
    },
  );
}

export const ONLINE_TEXTS = {
  nothingDue: 'Nothing is due online for this record now: it is paid, waived, or not yet due.',
  badSignature: 'The signature does not match: nothing was recorded.',
  badEvent: 'The event is not JSON from the gateway.',
  outOfRange: 'The event carries a value no payment of the gateway has: nothing was recorded.',
} as const;

interface OrderRow {
  order_id: string;
  entity: PaidKind;
  record_id: string;
  amount_paise: string;
  fee_paise: string;
  paid_paise: string;
  currency: string;
  state: 'open' | 'paid' | 'closed';
  language: Language;
}

const ORDER_COLUMNS = `order_id, entity, record_id, amount_paise::text AS amount_paise, fee_paise::text AS fee_paise, paid_paise::text AS paid_paise, currency, state, language`;

function orderAnswer(
  config: GatewayConfig,
  order: OrderRow,
  school: string,
  description: string,
  contactNo: string,
  site: string,
): OrderAnswer {
  return {
    orderId: order.order_id,
    amount: Number(order.amount_paise),
    currency: 'INR',
    keyId: config.keyId,
    checkoutScript: config.checkoutScript,
    checkout: {
      key: config.keyId,
      amount: Number(order.amount_paise),
      currency: 'INR',
      order_id: order.order_id,
      name: school,
      description,
      prefill: { contact: `+91${contactNo}` },
      callback_url: `${site}/v1/api/payments/callback`,
      redirect: true,
    },
    test: config.test,
  };
}

/** POST /v1/api/payments/order. */
export const createOrder: Handler = async (req, { ip }) => {
  const input = checked(await readJson(req), checkOrder);
  const kind = input.kind as PaidKind;
  const payable = pairOf(kind);
  const { config, client } = gateway();
  const found = await lookUpPair(ip, input.contactNo, () =>
    queryOne<{ id: string }>(payable.find, [input.number, input.contactNo]),
  );
  if (!found) throw notFound(fill('en', payable.notFound)).withCode(payable.notFound);
  const made = await transaction(async (tx) => {
    // The record's row first, as the desk locks it: an order, a desk payment and a gateway payment queue.
    const row = await lockPayable(tx, kind, found.id);
    const { due, paid, balance } = await balanceOf(tx, kind, row);
    const open = (
      await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE entity = $1 AND record_id = $2 AND state = 'open'`,
        [kind, found.id],
      )
    ).rows[0];
    if (balance <= 0 || !payableNow(kind, String(row.status))) {
      // Nothing is due: an order still open is ended (a payment of it now would be refunded).
      if (open) await tx.query(`UPDATE payment_orders SET state = 'closed' WHERE order_id = $1`, [open.order_id]);
      return undefined;
    }
    // The open order stands while nothing was paid since it was made: a retry gets it again, at its
    // amount, even if the school's fee changed meanwhile. A payment at the desk since then ends it.
    if (open && Number(open.paid_paise) === paid) return { order: open };
    if (open) await tx.query(`UPDATE payment_orders SET state = 'closed' WHERE order_id = $1`, [open.order_id]);
    const atGateway = await callGateway('order', () =>
      client.orders.create({
        amount: balance,
        currency: 'INR',
        receipt: `${kind}:${found.id}`.slice(0, 40),
        notes: { entity: kind, record: found.id },
      }),
    );
    const inserted = await tx.query<OrderRow>(
      `INSERT INTO payment_orders (order_id, entity, record_id, amount_paise, fee_paise, paid_paise, currency, language)
       VALUES ($1, $2, $3, $4, $5, $6, 'INR', $7) RETURNING ${ORDER_COLUMNS}`,
      [atGateway.id, kind, found.id, String(balance), String(due), String(paid), input.language],
    );
    return { order: inserted.rows[0]! };
  });
  if (!made) throw conflict(ONLINE_TEXTS.nothingDue).withCode('nothing-due');
  const { order } = made;
  const school = (await schoolProfile()).name.en;
  const description = kind === 'admission' ? `Admission fee ${input.number}` : `TC fee ${input.number}`;
  // A retry is answered as the first ask was (201, the same order), as an idempotent request's replay is.
  return json(orderAnswer(config, order, school, description, input.contactNo, siteAddress()), 201);
};

// ---- a gateway payment, once ----------------------------------------------------------------

/**
 * A captured gateway payment, taken once whichever way it arrived (checkout's return, webhook,
 * reconciliation): recorded with a receipt, a mismatch, or refunded. Undefined for an order that
 * is not ours (ignored) or a payment not captured (nothing to take).
 */
export async function takeGatewayPayment(
  payment: GatewayPayment,
  ip: string | null,
): Promise<PaymentOutcome | undefined> {
  if (payment.status !== 'captured' || !payment.order_id) return undefined;
  const order = await queryOne<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE order_id = $1`, [
    payment.order_id,
  ]);
  if (!order) return undefined;
  const actor = gatewayActor(ip);
  const amount = payment.amount;
  // Taken while the built-in test gateway is the gateway: its receipt says no money moved.
  const test = gatewayConfig()?.test === true;
  const outcome = await transaction(async (tx): Promise<PaymentOutcome> => {
    // The principal may have deleted a record that had only an unpaid order: its money goes back.
    const gone = !(await tx.query(`SELECT 1 FROM ${kindOf(order.entity).table} WHERE id = $1`, [order.record_id])).rows
      .length;
    const row = gone ? undefined : await lockPayable(tx, order.entity, order.record_id);
    const seen = await outcomeOf(tx, payment.id);
    if (seen) return seen;
    const note = (outcome: string, extra: { refundId?: string; note?: string } = {}) =>
      tx.query(
        `INSERT INTO gateway_payments (payment_id, order_id, amount_paise, currency, method, outcome, refund_id, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          payment.id,
          order.order_id,
          String(amount),
          payment.currency,
          payment.method ?? '',
          outcome,
          extra.refundId ?? null,
          extra.note ?? '',
        ],
      );
    const what = `${payment.id} of order ${order.order_id}: ${formatRupees(amount)} ${payment.currency}`;
    if (amount !== Number(order.amount_paise) || payment.currency !== order.currency) {
      await note('mismatch', {
        note: `The order asked ${formatRupees(Number(order.amount_paise))} ${order.currency}.`,
      });
      await recordAudit(
        actor,
        {
          action: 'payment-mismatch',
          entity: order.entity,
          entityId: order.record_id,
          detail: `${what}; the order asked ${formatRupees(Number(order.amount_paise))} ${order.currency}`,
        },
        tx,
      );
      return 'mismatch';
    }
    // The fee is the order's while no payment has fixed one: the family pays what it was asked.
    const fixed =
      (
        await tx.query(`SELECT 1 FROM payments WHERE entity = $1 AND record_id = $2 LIMIT 1`, [
          order.entity,
          order.record_id,
        ])
      ).rows.length > 0;
    const feePaise = fixed && row ? Number(row.fee_paise) : Number(order.fee_paise);
    const { balance } = row
      ? await balanceOf(tx, order.entity, { ...row, fee_paise: String(feePaise) })
      : { balance: 0 };
    if (!row || amount > balance) {
      // Paid already (a second payment, or the desk took it meanwhile): the money goes back.
      const refund = await refundThroughGateway(payment.id, amount, { reason: 'Fee already paid' }).catch(
        () => undefined,
      );
      const why = !row
        ? 'The record was deleted.'
        : balance > 0
          ? `Only ${formatRupees(balance)} was due.`
          : 'Nothing was due: paid already.';
      await note(refund ? 'refunded' : 'refund-failed', { ...(refund ? { refundId: refund.id } : {}), note: why });
      await recordAudit(
        actor,
        {
          action: 'online-refund',
          entity: order.entity,
          entityId: order.record_id,
          detail: refund
            ? `${refund.id}: ${what} refunded, nothing was due`
            : `${what}: refund refused by the gateway, refund it from the dashboard`,
        },
        tx,
      );
      return 'refunded';
    }
    const taken = await takePayment(
      tx,
      order.entity,
      row,
      {
        amountPaise: amount,
        feePaise,
        mode: 'online',
        reference: payment.id,
        paidOn: dateInIndia(),
        gatewayPaymentId: payment.id,
        test,
      },
      actor,
    );
    await note('recorded', { note: taken.receipt });
    await tx.query(`UPDATE payment_orders SET state = 'paid' WHERE order_id = $1`, [order.order_id]);
    await recordAudit(
      actor,
      {
        action: 'online-payment',
        entity: order.entity,
        entityId: order.record_id,
        detail: `${taken.receipt}: ${what}${payment.method ? ` by ${payment.method}` : ''}`,
      },
      tx,
    );
    return 'paid';
  });
  return outcome;
}

async function outcomeOf(tx: Queryable, paymentId: string): Promise<PaymentOutcome | undefined> {
  const row = (
    await tx.query<{ outcome: string }>(`SELECT outcome FROM gateway_payments WHERE payment_id = $1`, [paymentId])
  ).rows[0];
  if (!row) return undefined;
  return row.outcome === 'recorded' ? 'paid' : row.outcome === 'mismatch' ? 'mismatch' : 'refunded';
}

/**
 * A payment the gateway reports failed, kept once for the office's screen with the gateway's reason
 * (an order that is not ours is ignored; a late "failed" of a payment already taken is not one).
 * Nothing about the record changes: the family may try again.
 */
async function noteFailure(payment: GatewayPayment): Promise<void> {
  if (payment.status !== 'failed' || !payment.order_id) return;
  const reason = [payment.error_description, payment.error_reason && `(${payment.error_reason})`]
    .filter(Boolean)
    .join(' ');
  await query(
    `INSERT INTO payment_failures (payment_id, order_id, amount_paise, reason)
     SELECT $1, order_id, $3, $4 FROM payment_orders WHERE order_id = $2
        AND NOT EXISTS (SELECT 1 FROM gateway_payments WHERE payment_id = $1)
     ON CONFLICT (payment_id) DO NOTHING`,
    [payment.id, payment.order_id, String(payment.amount), reason],
  );
}

/** After a change the family's messages may follow (a TC request moved to Fee paid). */
const wake = (ctx: Pick<RouteContext, 'netlify'>, order: { entity: PaidKind; record_id: string }) =>
  sendSoon(ctx, { entity: order.entity, recordId: order.record_id });

// ---- the checkout's return ------------------------------------------------------------------

/** POST /v1/api/payments/callback: verify, record, and send the family back to its status page. */
export const checkoutCallback: Handler = async (req, ctx) => {
  const form = new URLSearchParams(await readText(req));
  const paymentId = form.get('razorpay_payment_id') ?? '';
  const signature = form.get('razorpay_signature') ?? '';
  let orderId = form.get('razorpay_order_id') ?? '';
  // A failed payment's id, from its error[metadata]: asked of the gateway before it is noted.
  let failedId = '';
  if (!orderId) {
    // A failed payment comes back as error[...] fields, its order in error[metadata].
    try {
      const metadata = JSON.parse(form.get('error[metadata]') ?? '{}') as { order_id?: unknown; payment_id?: unknown };
      orderId = String(metadata.order_id ?? '');
      failedId = String(metadata.payment_id ?? '');
    } catch {
      orderId = '';
    }
  }
  const order = orderId
    ? await queryOne<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE order_id = $1`, [orderId])
    : undefined;
  if (!order) throw badRequest('This payment is not for an order of this school.').withCode('unknown-order');
  const back = async (outcome: PaymentOutcome) => {
    const number = (await queryOne<{ number: string }>(pairOf(order.entity).numberOf, [order.record_id]))?.number ?? '';
    return new Response(null, {
      status: 303,
      headers: {
        Location: `${statusPagePath(kindOf(order.entity).statusPage!, order.language, number)}&payment=${outcome}`,
        'Cache-Control': 'no-store',
      },
    });
  };
  const { config, client } = gateway();
  if (!paymentId && gatewayId.safeParse(failedId).success) {
    // The return is the browser's word: the failure is noted as the gateway itself reports the payment.
    const fetched = await callGateway('payment', () => client.payments.fetch(failedId)).catch(() => undefined);
    const failed = fetched && gatewayPayment(fetched, `payment ${failedId}`);
    if (failed && failed.order_id === order.order_id) await noteFailure(failed);
    return back('failed');
  }
  // Checked against the order we stored, with our key secret: a forged or altered return records nothing.
  if (!paymentId || !signatureMatches(checkoutPayload(order.order_id, paymentId), signature, config.keySecret))
    return back('failed');
  // The gateway not answering now loses nothing: the family is told it is being confirmed, and the
  // webhook or the next reconciliation run records it.
  const fetched = await callGateway('payment', () => client.payments.fetch(paymentId)).catch(() => undefined);
  const payment = fetched && gatewayPayment(fetched, `payment ${paymentId}`);
  if (!payment) return back('pending');
  // The gateway's own word on the payment: it must belong to this order.
  if (payment.order_id !== order.order_id) return back('failed');
  const outcome = (await takeGatewayPayment(payment, ctx.ip)) ?? (payment.status === 'failed' ? 'failed' : 'pending');
  if (outcome === 'paid') await wake(ctx, order);
  return back(outcome);
};

// ---- webhooks --------------------------------------------------------------------------------

/** POST /v1/api/payments/webhook. */
export const webhook: Handler = async (req, ctx) => {
  // A webhook is a few KB (one payment and its order): the usual JSON bound holds it.
  const raw = await readText(req);
  const { config } = gateway();
  const signature = req.headers.get('x-razorpay-signature') ?? '';
  if (!signatureMatches(raw, signature, config.webhookSecret))
    throw badRequest(ONLINE_TEXTS.badSignature).withCode('bad-signature');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(ONLINE_TEXTS.badEvent).withCode('bad-event');
  }
  // Signed is not in range: every value read below is checked before anything is stored.
  const event = providerInput(webhookEventSchema, parsed, ONLINE_TEXTS.outOfRange, 'out-of-range');
  const eventId = req.headers.get('x-razorpay-event-id') ?? '';
  const eventIdRead = gatewayId.safeParse(eventId);
  if (eventId && !eventIdRead.success)
    throw outOfRange(ONLINE_TEXTS.outOfRange, 'out-of-range', issueFields(eventIdRead.error, 'X-Razorpay-Event-Id'));
  if (eventId && (await queryOne(`SELECT 1 AS seen FROM gateway_events WHERE event_id = $1`, [eventId])))
    return json({ status: 'duplicate' });
  const payment = event.payload?.payment?.entity;
  let outcome: PaymentOutcome | undefined;
  // payment.captured and order.paid carry the captured payment; a failed one changes nothing we hold
  // (a later "failed" never moves a paid record back); refunds are ours already.
  if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment)
    outcome = await takeGatewayPayment(payment, null);
  if (event.event === 'payment.failed' && payment) await noteFailure(payment);
  if (eventId)
    await query(`INSERT INTO gateway_events (event_id, event) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`, [
      eventId,
      event.event,
    ]);
  if (outcome === 'paid' && payment?.order_id) {
    const order = await queryOne<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE order_id = $1`, [
      payment.order_id,
    ]);
    if (order) await wake(ctx, order);
  }
  return json({ status: outcome ?? 'ignored' });
};

// ---- reconciliation ---------------------------------------------------------------------------

export const describeReconciliation = (r: Reconciliation) =>
  `${r.orders} open order(s) asked: ${r.paid} paid, ${r.mismatches} mismatch(es), ${r.refunded} refunded${r.failed ? `, ${r.failed} not reached` : ''}`;

/** Asks the gateway for the payments of open orders (webhooks that never came), and takes each captured one. */
export async function reconcile(): Promise<Reconciliation | undefined> {
  const config = gatewayConfig();
  if (!config) return undefined;
  const client = razorpayClient(config);
  const orders = await query<{ order_id: string }>(
    `SELECT order_id FROM payment_orders WHERE state = 'open' ORDER BY reconciled_at NULLS FIRST, created_at LIMIT ${RECONCILE_BATCH}`,
  );
  const result: Reconciliation = { orders: orders.length, paid: 0, mismatches: 0, refunded: 0, failed: 0 };
  for (const { order_id } of orders) {
    try {
      const found = (await client.orders.fetchPayments(order_id)) as unknown as { items?: unknown[] };
      const items = (Array.isArray(found.items) ? found.items : []).map((item) =>
        gatewayPayment(item, `payments of ${order_id}`),
      );
      // A payment out of range is the gateway's error: the order is asked again next run, nothing of it taken.
      if (items.some((item) => !item)) throw new Error('a payment out of range');
      for (const payment of items as GatewayPayment[]) {
        await noteFailure(payment);
        const outcome = await takeGatewayPayment(payment, null);
        if (outcome === 'paid') result.paid++;
        if (outcome === 'mismatch') result.mismatches++;
        if (outcome === 'refunded') result.refunded++;
      }
      await query(`UPDATE payment_orders SET reconciled_at = now() WHERE order_id = $1`, [order_id]);
    } catch (error) {
      result.failed++;
      console.error(`[reconcile] ${order_id}:`, error);
    }
  }
  return result;
}

/** POST /v1/api/payments/reconcile (staff): a run now, audited; 409 when online payment is not set up. */
export async function reconcileNow(_req: Request, ctx: AdminContext): Promise<Response> {
  gateway();
  const result = (await reconcile())!;
  await recordAudit(ctx, {
    action: 'reconcile',
    entity: 'payments',
    entityId: null,
    detail: describeReconciliation(result),
  });
  // The family's messages of what it found go with the outbox's next run.
  return json(result);
}

// ---- the office's view ------------------------------------------------------------------------

/**
 * The number the family knows its record by and the student's name, for an order `o`, as each kind's
 * receipt names them (one branch per kind that takes fees online; a deleted record has none).
 */
const recordNamesSql = PAID_KINDS.map((kind) => {
  const { proof, student } = SERVER_KINDS[kind].receipt!;
  return `SELECT t.${proof.column}::text AS record_number, ${student} AS student FROM ${kindOf(kind).table} t WHERE o.entity = '${kind}' AND t.id = o.record_id`;
}).join(' UNION ALL ');

/** An order's row as both lists of /admin/payments show it: the record it pays for and the amount. */
const orderFields = (r: Record<string, unknown>) => ({
  orderId: String(r.order_id),
  entity: r.entity as PaidKind,
  recordId: String(r.record_id),
  // A record deleted since: its number and name are gone with it.
  recordNumber: r.record_number ? String(r.record_number) : null,
  student: r.student ? String(r.student) : null,
  amountPaise: Number(r.amount_paise),
});

/**
 * Minutes after which an order still open counts as abandoned: the gateway's checkout gives a family
 * about 15 minutes to pay, and a bank's UPI request up to 10 more; later, nothing is coming.
 */
const ABANDONED_MINUTES = 30;

/**
 * The online payments that did not happen, newest first: payments the gateway reported failed, and
 * orders open for more than ABANDONED_MINUTES without a payment (an order whose payment failed is
 * listed by its failure). `record`: one record's only.
 */
async function unpaidOrders(record: string | null): Promise<UnpaidOrderRow[]> {
  const rows = await query(
    `SELECT o.*, r.record_number, r.student FROM (
        SELECT 'failed' AS kind, f.order_id, f.payment_id, f.amount_paise::text AS amount_paise, f.reason, f.created_at AS at, p.entity, p.record_id, p.state AS order_state
          FROM payment_failures f JOIN payment_orders p ON p.order_id = f.order_id
        UNION ALL
        SELECT 'abandoned', p.order_id, NULL, p.amount_paise::text, '', p.created_at, p.entity, p.record_id, p.state
          FROM payment_orders p
         WHERE p.state = 'open' AND p.created_at < now() - make_interval(mins => $2::int)
           AND NOT EXISTS (SELECT 1 FROM payment_failures f WHERE f.order_id = p.order_id)
      ) o
      LEFT JOIN LATERAL (${recordNamesSql}) r ON true
     WHERE ($1::uuid IS NULL OR o.record_id = $1) ORDER BY o.at DESC LIMIT 100`,
    [record, ABANDONED_MINUTES],
  );
  return rows.map((r) => ({
    ...orderFields(r),
    kind: r.kind as UnpaidOrderRow['kind'],
    paymentId: r.payment_id ? String(r.payment_id) : null,
    reason: String(r.reason),
    paidSince: r.order_state === 'paid',
    at: toIso(r.at),
  }));
}

/** GET /v1/api/payments/online (staff): the gateway's payments, newest first, with the open orders and whether online payment is on. */
export async function listOnline(req: Request): Promise<Response> {
  // An outcome it does not know lists them all, as the screen's "All" does.
  const asked = new URL(req.url).searchParams.get('outcome');
  const outcome = (['recorded', 'mismatch', 'refunded', 'refund-failed'] as const).find((o) => o === asked);
  // One record's (its details screen): a value that is no record id lists all.
  const recordId = new URL(req.url).searchParams.get('record');
  const record = recordId && isUuid(recordId) ? recordId : null;
  const rows = await query(
    `SELECT g.payment_id, g.order_id, o.entity, o.record_id, g.amount_paise::text AS amount_paise, g.currency, g.method, g.outcome, g.refund_id, g.note, g.created_at,
            r.record_number, r.student
       FROM gateway_payments g JOIN payment_orders o ON o.order_id = g.order_id
       LEFT JOIN LATERAL (${recordNamesSql}) r ON true
      WHERE ($1::text IS NULL OR g.outcome = $1) AND ($2::uuid IS NULL OR o.record_id = $2) ORDER BY g.created_at DESC LIMIT 200`,
    [outcome ?? null, record],
  );
  const open = await queryOne<{ n: string }>(`SELECT count(*)::text AS n FROM payment_orders WHERE state = 'open'`);
  const unpaid = await unpaidOrders(record);
  const config = gatewayConfig();
  const payments: OnlinePaymentRow[] = rows.map((r) => ({
    ...orderFields(r),
    paymentId: String(r.payment_id),
    currency: String(r.currency),
    method: String(r.method),
    outcome: r.outcome as OnlinePaymentRow['outcome'],
    refundId: r.refund_id ? String(r.refund_id) : null,
    note: String(r.note),
    createdAt: toIso(r.created_at),
  }));
  const listing: OnlineListing = {
    enabled: !!config,
    test: !!config?.test,
    openOrders: Number(open?.n ?? 0),
    payments,
    unpaid,
    abandonedMinutes: ABANDONED_MINUTES,
  };
  return json(listing);
}
