/**
 * The family's "payment received" message: queued by the one path that records a payment (at the
 * desk or online: src/features/payments/payments.server.ts), in its transaction.
 */
import type { Queryable } from '../../server/db.ts';
import { queueLetter } from './outbox.server.ts';
import type { ReceivedPayment } from './letters.ts';
import { kindOf, type PaidKind } from '../kinds.ts';

export async function queuePaymentReceived(
  tx: Queryable,
  entity: PaidKind,
  id: string,
  payment: ReceivedPayment,
): Promise<void> {
  const write = kindOf(entity).letters?.paymentLetter;
  if (!write) return;
  // The status letter the same transaction wrote for the move the payment made (a TC request's
  // "fee paid") says less than this one, which names the amount and the receipt: this replaces it.
  await tx.query(
    `DELETE FROM messages WHERE entity = $1 AND record_id = $2 AND template = $3 AND state = 'queued' AND created_at = now()`,
    [entity, id, `${entity}.status`],
  );
  await queueLetter(tx, entity, id, (language, row) => write(language, row, payment));
}
