-- The school's records: enquiries, admissions with their documents, TC requests,
-- vacancies, gallery items and the admin audit log.
CREATE TABLE enquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admission_class text NOT NULL,
  student_name text NOT NULL,
  father_name text NOT NULL,
  mother_name text NOT NULL,
  gender text NOT NULL,
  date_of_birth text NOT NULL,
  father_mobile text NOT NULL,
  email text NOT NULL,
  category text NOT NULL,
  last_school_attended text NOT NULL,
  father_occupation text NOT NULL,
  mother_occupation text NOT NULL,
  address text NOT NULL,
  referred_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enquiries_created_idx ON enquiries (created_at DESC, id DESC);

CREATE SEQUENCE admission_reference_seq;
CREATE TABLE admissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference_number text NOT NULL UNIQUE,
  band text NOT NULL CHECK (band IN ('primary', 'middle', 'senior')),
  admission_class text NOT NULL,
  student_first_name text NOT NULL,
  student_middle_name text NOT NULL,
  student_last_name text NOT NULL,
  -- Aadhaar: AES-256-GCM ciphertext, a keyed hash for look-ups, and the last four digits for display.
  student_aadhaar_enc text NOT NULL,
  student_aadhaar_hash text NOT NULL,
  student_aadhaar_last4 text NOT NULL,
  father_first_name text NOT NULL,
  father_middle_name text NOT NULL,
  father_last_name text NOT NULL,
  mother_first_name text NOT NULL,
  mother_middle_name text NOT NULL,
  mother_last_name text NOT NULL,
  abc_id text NOT NULL,
  contact_no text NOT NULL,
  government_scholarship text NOT NULL DEFAULT 'no',
  payment_status text NOT NULL DEFAULT 'pending',
  transaction_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admissions_created_idx ON admissions (created_at DESC, id DESC);

-- Every uploaded document: staged (admission_id NULL) until an admission claims it.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  blob_key text NOT NULL UNIQUE,
  name text NOT NULL,
  size integer NOT NULL,
  content_type text NOT NULL,
  sha256 text NOT NULL,
  admission_id uuid REFERENCES admissions(id) ON DELETE CASCADE,
  field text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (admission_id, field)
);
CREATE INDEX uploads_unclaimed_idx ON uploads (created_at) WHERE admission_id IS NULL;

CREATE TABLE tc_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  student_name text NOT NULL,
  admission_number text NOT NULL,
  aadhaar_enc text NOT NULL,
  aadhaar_hash text NOT NULL,
  aadhaar_last4 text NOT NULL,
  parent_name text NOT NULL,
  reason text NOT NULL,
  contact text NOT NULL,
  email text NOT NULL,
  payment_status text NOT NULL DEFAULT 'pending',
  transaction_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tc_requests_number_idx ON tc_requests (admission_number);
CREATE INDEX tc_requests_created_idx ON tc_requests (created_at DESC, id DESC);

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_title text NOT NULL,
  job_description text NOT NULL,
  key_responsibilities jsonb NOT NULL DEFAULT '[]',
  qualifications_and_requirements jsonb NOT NULL DEFAULT '[]',
  employment_type text NOT NULL CHECK (employment_type IN ('Full-Time', 'Part-Time', 'Contract')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gallery_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  description text NOT NULL,
  image_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  admin_id uuid,
  admin_email text NOT NULL,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
