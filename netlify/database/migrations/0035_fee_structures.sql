-- The school's whole fee structure of a session (src/features/fees/structure.ts), as the principal
-- saves it at /admin/fees: its fees (heads: kind, period, names in English and Hindi) and its rows
-- (classes and each fee's amount in whole paise, null where not charged), checked by that schema
-- before it is stored. The admission fee's amounts are not kept here: they are admission_fees'
-- rows, the fee families pay online. A session without a row has no published structure.
CREATE TABLE fee_structures (
  session text PRIMARY KEY CHECK (session ~ '^[0-9]{4}-[0-9]{2}$'),
  structure jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
