-- Online payments through Razorpay (issue 28): the orders we made, each gateway payment seen
-- (recorded, a mismatch, or refunded), the webhook events already handled, and the desk's
-- payments table taking an 'online' mode with the gateway's payment and refund ids.

-- One order per fee due: its amount and the fee are those of the moment it was made, so a fee
-- changed later changes no open order. At most one open order per record (the partial index).
CREATE TABLE payment_orders (
  order_id text PRIMARY KEY,
  entity text NOT NULL CHECK (entity IN ('admission', 'tc-request')),
  record_id uuid NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  fee_paise bigint NOT NULL CHECK (fee_paise >= 0),
  -- What the record had paid when the order was made: a payment at the desk since then ends the order.
  paid_paise bigint NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'INR',
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'paid', 'closed')),
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  reconciled_at timestamptz
);
CREATE UNIQUE INDEX payment_orders_open_idx ON payment_orders (entity, record_id) WHERE state = 'open';
CREATE INDEX payment_orders_record_idx ON payment_orders (entity, record_id, created_at);

-- Every captured payment the gateway told us of, once (its id is the key: the checkout's callback,
-- the webhook and the reconciliation run all land on the same row). `outcome`: recorded (a receipt),
-- mismatch (amount or currency not the order's: never paid, for the office), refunded (more than was
-- due: returned through the gateway), refund-failed (the same, the gateway refused: the office acts).
CREATE TABLE gateway_payments (
  payment_id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES payment_orders (order_id),
  amount_paise bigint NOT NULL,
  currency text NOT NULL,
  method text NOT NULL DEFAULT '',
  outcome text NOT NULL CHECK (outcome IN ('recorded', 'mismatch', 'refunded', 'refund-failed')),
  refund_id text,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateway_payments_outcome_idx ON gateway_payments (outcome, created_at);

-- Webhook events already handled, by x-razorpay-event-id: a replayed event does nothing.
CREATE TABLE gateway_events (
  event_id text PRIMARY KEY,
  event text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE payments DROP CONSTRAINT payments_mode_check;
ALTER TABLE payments ADD CONSTRAINT payments_mode_check CHECK (mode IN ('cash', 'upi', 'cheque', 'dd', 'bank-transfer', 'online'));
-- An online payment's gateway id (pay_...), once; a reversal of one: the gateway's refund id (rfnd_...).
ALTER TABLE payments ADD COLUMN gateway_payment_id text UNIQUE;
ALTER TABLE payments ADD COLUMN gateway_refund_id text;
