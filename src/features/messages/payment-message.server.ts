/**
 * The family's "payment received" message: queued by the one path that records a payment (at the
 * desk or online: src/features/payments/payments.server.ts), in its transaction.
 */
import type { Queryable } from '../../server/db.ts';
import { queueLetter } from '../../server/outbox.ts';
import { feeDue } from '../../lib/fee-due.ts';
import { admissionFacts } from '../admission/kind.ts';
import { paymentReceived } from './templates.ts';

type Row = Record<string, unknown>;

export async function queuePaymentReceived(tx: Queryable, entity: 'admission' | 'tc-request', id: string, payment: { amountPaise: number; receipt: string }): Promise<void> {
  // The status letter the same transaction wrote for the move the payment made (a TC request's
  // "fee paid") says less than this one, which names the amount and the receipt: this replaces it.
  await tx.query(`DELETE FROM messages WHERE entity = $1 AND record_id = $2 AND template = $3 AND state = 'queued' AND created_at = now()`, [entity, id, `${entity}.status`]);
  const facts = (row: Row) => (entity === 'admission' ? admissionFacts(row) : { status: String(row.status), feeDuePaise: feeDue(row) });
  await queueLetter(tx, entity, id, (language, row) => paymentReceived(language, entity, facts(row), payment));
}
