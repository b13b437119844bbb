-- Online payments that did not happen, for the office's online payments screen: each payment the
-- gateway reported failed (its signed payment.failed webhook, the checkout's return checked with the
-- gateway, or a reconciliation run), once per gateway payment id, with the gateway's reason. Orders
-- made and never paid are read from payment_orders itself (open and older than the screen's wait).
CREATE TABLE payment_failures (
  payment_id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES payment_orders (order_id),
  amount_paise bigint NOT NULL,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_failures_order_idx ON payment_failures (order_id);
CREATE INDEX payment_failures_created_idx ON payment_failures (created_at DESC);
