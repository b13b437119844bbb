-- The TC request asks the class, the section and the date of leaving, answers a reference number
-- of its own, and a TC can be drawn from the register in CBSE's Annexure 1 format. Every column is
-- nullable: requests sent before the form asked these have none, and erasure clears them to NULL.

-- As the form sends them: the date of birth (the office compares it with the register's), a
-- class label ('5', 'K.G'), the section if the family knows it, the date of leaving (dates
-- YYYY-MM-DD, as tc_issue_date is kept).
ALTER TABLE tc_requests ADD COLUMN date_of_birth text CHECK (date_of_birth ~ '^\d{4}-\d{2}-\d{2}$');
ALTER TABLE tc_requests ADD COLUMN student_class text;
ALTER TABLE tc_requests ADD COLUMN section text;
ALTER TABLE tc_requests ADD COLUMN leaving_date text CHECK (leaving_date ~ '^\d{4}-\d{2}-\d{2}$');

-- The family's reference (SPS-T-2026-000001: the school's prefix, T, the year, the sequence), the
-- TC request's own as a receipt's 'R' is the receipts'.
CREATE SEQUENCE tc_request_reference_seq;
ALTER TABLE tc_requests ADD COLUMN reference_number text UNIQUE;
UPDATE tc_requests t
   SET reference_number = coalesce((SELECT reference_prefix FROM school_profile), 'APP') || '-T-'
       || to_char(t.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY') || '-'
       || lpad(nextval('tc_request_reference_seq')::text, 6, '0');

-- The TC as the principal issued it from the register: every line of the format, as printed
-- (src/features/tc-request/issue.ts), the pupil it was drawn for, and whether it is a duplicate
-- (a pupil's second TC, after a lost one). A drawn TC is verifiable at once; a signed scan
-- attached later replaces it (tc_certificates).
ALTER TABLE tc_requests ADD COLUMN tc_fields jsonb;
ALTER TABLE tc_requests ADD COLUMN pupil_id uuid REFERENCES pupils (id) ON DELETE SET NULL;
ALTER TABLE tc_requests ADD COLUMN tc_duplicate boolean NOT NULL DEFAULT false;
CREATE INDEX tc_requests_pupil_idx ON tc_requests (pupil_id) WHERE tc_fields IS NOT NULL;
