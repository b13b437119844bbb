-- The office's admissions desk: staff roles, statuses with history, the document checklist,
-- payments with receipt numbers, seats per class, and the audit log's filters.

-- Roles: 'principal' may do everything, 'office' the daily work (no deletes, accounts, seats or
-- reversals). Every administrator so far becomes a principal; new accounts name their role.
ALTER TABLE admins ADD COLUMN role text NOT NULL DEFAULT 'principal' CHECK (role IN ('principal', 'office'));
ALTER TABLE admins ALTER COLUMN role DROP DEFAULT;
ALTER TABLE admins ADD COLUMN disabled_at timestamptz;
-- A temporary password (a new account, a reset) must be changed before anything else.
ALTER TABLE admins ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- Statuses. Records stored before this start at the first status of their workflow.
ALTER TABLE admissions ADD COLUMN status text NOT NULL DEFAULT 'received';
ALTER TABLE admissions ADD COLUMN status_changed_at timestamptz;
ALTER TABLE admissions ADD COLUMN fee_waiver_note text;
ALTER TABLE enquiries ADD COLUMN status text NOT NULL DEFAULT 'new';
ALTER TABLE enquiries ADD COLUMN status_changed_at timestamptz;
ALTER TABLE enquiries ADD COLUMN next_follow_up text;
ALTER TABLE tc_requests ADD COLUMN status text NOT NULL DEFAULT 'requested';
ALTER TABLE tc_requests ADD COLUMN status_changed_at timestamptz;
ALTER TABLE tc_requests ADD COLUMN tc_number text;
ALTER TABLE tc_requests ADD COLUMN tc_issue_date text;
ALTER TABLE tc_requests ADD COLUMN rejection_reason text;
ALTER TABLE tc_requests ADD COLUMN fee_waiver_note text;

-- A status filter walks its own index in the lists' order.
CREATE INDEX admissions_status_created_idx ON admissions (status, created_at DESC, id DESC);
CREATE INDEX enquiries_status_created_idx ON enquiries (status, created_at DESC, id DESC);
CREATE INDEX tc_requests_status_created_idx ON tc_requests (status, created_at DESC, id DESC);
CREATE INDEX enquiries_follow_up_idx ON enquiries (next_follow_up) WHERE next_follow_up IS NOT NULL;

-- Every move of a record's status, oldest first by id. The record's creation is its first,
-- implied entry (the workflow's first status at created_at), so no row is written for it.
CREATE TABLE status_history (
  id bigserial PRIMARY KEY,
  entity text NOT NULL,
  record_id uuid NOT NULL,
  status text NOT NULL,
  note text NOT NULL DEFAULT '',
  admin_id uuid,
  by_name text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX status_history_record_idx ON status_history (entity, record_id, id);

-- The document checklist: each claimed document is pending, verified or rejected (with a reason).
ALTER TABLE uploads ADD COLUMN state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'rejected'));
ALTER TABLE uploads ADD COLUMN state_reason text;
ALTER TABLE uploads ADD COLUMN checked_by text;
ALTER TABLE uploads ADD COLUMN checked_at timestamptz;

-- Duplicate warnings: the same contact number and first name (the Aadhaar hash has its own index).
CREATE INDEX admissions_contact_name_idx ON admissions (contact_no, lower(student_first_name));
CREATE INDEX admissions_aadhaar_hash_idx ON admissions (student_aadhaar_hash);

-- Payments: never edited or deleted; a reversal is a negative entry naming the one it reverses.
-- Amounts are integer paise. receipt_number is RMCP-R-{year}-{000001}, one sequence a year.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  receipt_number text NOT NULL UNIQUE,
  entity text NOT NULL CHECK (entity IN ('admission', 'tc-request')),
  record_id uuid NOT NULL,
  amount_paise bigint NOT NULL,
  mode text NOT NULL CHECK (mode IN ('cash', 'upi', 'cheque', 'dd', 'bank-transfer')),
  reference text NOT NULL DEFAULT '',
  paid_on text NOT NULL,
  reverses uuid UNIQUE REFERENCES payments(id),
  reason text NOT NULL DEFAULT '',
  admin_id uuid,
  received_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_record_idx ON payments (entity, record_id, created_at);
CREATE INDEX payments_created_idx ON payments (created_at);

-- The last receipt number given in each year: taken with an upsert inside the payment's own
-- transaction, so concurrent payments queue on the year's row and a rolled-back payment gives its
-- number back (no gaps, no repeats), which a sequence could not promise.
CREATE TABLE receipt_counters (
  year integer PRIMARY KEY,
  last integer NOT NULL
);

-- Seats: capacity per class for an academic session ('2026-27').
CREATE TABLE seats (
  session text NOT NULL,
  admission_class text NOT NULL,
  capacity integer NOT NULL CHECK (capacity >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session, admission_class)
);

-- The audit screen filters by person, action and dates, newest first.
CREATE INDEX audit_log_admin_idx ON audit_log (admin_email, created_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
