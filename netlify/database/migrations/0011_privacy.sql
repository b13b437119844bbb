-- Privacy duties: a record's personal data can be erased (by the retention job, or on a parent's
-- request) while an anonymous row stays for the statistics (class, band, status, dates). Erased
-- columns hold NULL, never '', so two erased rows never look like the same child to the duplicate
-- check (same contact number and first name, or same Aadhaar hash).
ALTER TABLE admissions ADD COLUMN erased_at timestamptz;
ALTER TABLE enquiries ADD COLUMN erased_at timestamptz;
ALTER TABLE tc_requests ADD COLUMN erased_at timestamptz;

ALTER TABLE admissions
  ALTER COLUMN student_first_name DROP NOT NULL,
  ALTER COLUMN student_middle_name DROP NOT NULL,
  ALTER COLUMN student_last_name DROP NOT NULL,
  ALTER COLUMN student_aadhaar_enc DROP NOT NULL,
  ALTER COLUMN student_aadhaar_hash DROP NOT NULL,
  ALTER COLUMN student_aadhaar_last4 DROP NOT NULL,
  ALTER COLUMN father_first_name DROP NOT NULL,
  ALTER COLUMN father_middle_name DROP NOT NULL,
  ALTER COLUMN father_last_name DROP NOT NULL,
  ALTER COLUMN mother_first_name DROP NOT NULL,
  ALTER COLUMN mother_middle_name DROP NOT NULL,
  ALTER COLUMN mother_last_name DROP NOT NULL,
  ALTER COLUMN abc_id DROP NOT NULL,
  ALTER COLUMN contact_no DROP NOT NULL;

ALTER TABLE enquiries
  ALTER COLUMN student_name DROP NOT NULL,
  ALTER COLUMN father_name DROP NOT NULL,
  ALTER COLUMN mother_name DROP NOT NULL,
  ALTER COLUMN gender DROP NOT NULL,
  ALTER COLUMN date_of_birth DROP NOT NULL,
  ALTER COLUMN father_mobile DROP NOT NULL,
  ALTER COLUMN email DROP NOT NULL,
  ALTER COLUMN category DROP NOT NULL,
  ALTER COLUMN last_school_attended DROP NOT NULL,
  ALTER COLUMN father_occupation DROP NOT NULL,
  ALTER COLUMN mother_occupation DROP NOT NULL,
  ALTER COLUMN address DROP NOT NULL,
  ALTER COLUMN referred_by DROP NOT NULL;

ALTER TABLE tc_requests
  ALTER COLUMN student_name DROP NOT NULL,
  ALTER COLUMN admission_number DROP NOT NULL,
  ALTER COLUMN aadhaar_enc DROP NOT NULL,
  ALTER COLUMN aadhaar_hash DROP NOT NULL,
  ALTER COLUMN aadhaar_last4 DROP NOT NULL,
  ALTER COLUMN parent_name DROP NOT NULL,
  ALTER COLUMN reason DROP NOT NULL,
  ALTER COLUMN contact DROP NOT NULL,
  ALTER COLUMN email DROP NOT NULL;

-- An admitted child's parent may withdraw consent: the school keeps the record (it is the pupil's
-- school record) and notes the withdrawal, shown on the details screen.
ALTER TABLE admissions ADD COLUMN consent_withdrawn_at timestamptz;
ALTER TABLE admissions ADD COLUMN consent_withdrawn_note text;

-- What the retention job looks for: decided applications and TC requests not yet erased, and
-- enquiries by their last change.
CREATE INDEX admissions_retention_idx ON admissions (status) WHERE erased_at IS NULL;
CREATE INDEX tc_requests_retention_idx ON tc_requests (status) WHERE erased_at IS NULL;
CREATE INDEX enquiries_retention_idx ON enquiries (updated_at) WHERE erased_at IS NULL;
