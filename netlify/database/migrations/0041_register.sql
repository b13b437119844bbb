-- The school's register of pupils (the scholar register every school in UP keeps): one row a pupil,
-- from admission to leaving. An application marked Admitted joins it in the same transaction; the
-- office may bring its paper register in by import.

-- The school's number series: admission numbers and TC numbers. A school continues its paper
-- register's numbering: the prefix and the next number are settings. A number is taken with
-- UPDATE ... RETURNING, whose row lock serialises concurrent takers: no gaps, no duplicates.
CREATE TABLE number_series (
  name text PRIMARY KEY CHECK (name IN ('admission', 'tc')),
  prefix text NOT NULL DEFAULT '',
  next_number integer NOT NULL DEFAULT 1 CHECK (next_number > 0),
  -- Digits the number is written with, zeros in front ('0042' for 4); 0: as it is.
  width integer NOT NULL DEFAULT 0 CHECK (width BETWEEN 0 AND 8),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO number_series (name) VALUES ('admission'), ('tc');

CREATE TABLE pupils (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- As the register writes it (the series' prefix and number, or the paper register's), upper case.
  admission_number text NOT NULL UNIQUE,
  -- The application it came from, when it came through the desk.
  admission_id uuid UNIQUE REFERENCES admissions (id) ON DELETE SET NULL,
  first_name text NOT NULL,
  middle_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- The name in Devanagari, as the Hindi class list and the TC write it ('' until the office types it).
  name_hi text NOT NULL DEFAULT '',
  father_name text NOT NULL DEFAULT '',
  mother_name text NOT NULL DEFAULT '',
  date_of_birth date,
  gender text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  mobile text NOT NULL DEFAULT '',
  -- Aadhaar as the applications keep it: ciphertext, keyed hash, last four digits.
  aadhaar_enc text,
  aadhaar_hash text,
  aadhaar_last4 text,
  apaar_id text NOT NULL DEFAULT '',
  admitted_on date NOT NULL,
  class_on_admission text NOT NULL,
  section_on_admission text NOT NULL DEFAULT '',
  -- The class and section now, in `session` ('2026-27').
  class text NOT NULL,
  section text NOT NULL DEFAULT '',
  session text NOT NULL,
  status text NOT NULL DEFAULT 'studying' CHECK (status IN ('studying', 'left')),
  left_on date,
  leaving_reason text NOT NULL DEFAULT '',
  -- What every kind's table has (src/features/record-kind.ts): its last move, and erasure's mark
  -- (never set here: the register's pupils are never erased, but the privacy routes read it).
  status_changed_at timestamptz,
  erased_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'left') = (left_on IS NOT NULL))
);
CREATE INDEX pupils_class_idx ON pupils (class, section, first_name) WHERE status = 'studying';
CREATE INDEX pupils_created_idx ON pupils (created_at DESC, id DESC);
-- The list's order: by admission number, shorter first (src/features/register/register-routes.server.ts).
CREATE INDEX pupils_number_order_idx ON pupils (length(admission_number), admission_number, id);

-- The register as a kind of record (src/features/register/kind.ts): the office's search on the
-- names (English and Hindi), admission numbers and mobile numbers by their start, and the desk's
-- counts of pupils by status, session and class.
SELECT record_kind('register', 'pupils',
  ARRAY['first_name', 'middle_name', 'last_name', 'name_hi', 'father_name', 'mother_name'],
  identifiers => ARRAY['admission_number'], mobiles => ARRAY['mobile'],
  status_session => 'session', status_class => 'class');
