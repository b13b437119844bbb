-- The parent's consent to the privacy notice, kept with each record: { noticeVersion, at, language }.
-- Records made before consent was asked have none.
ALTER TABLE enquiries ADD COLUMN consent jsonb;
ALTER TABLE admissions ADD COLUMN consent jsonb;
ALTER TABLE tc_requests ADD COLUMN consent jsonb;

-- The school may make the Aadhaar number voluntary: an application or TC request without one stores nothing.
ALTER TABLE admissions ALTER COLUMN student_aadhaar_enc DROP NOT NULL;
ALTER TABLE admissions ALTER COLUMN student_aadhaar_hash DROP NOT NULL;
ALTER TABLE admissions ALTER COLUMN student_aadhaar_last4 DROP NOT NULL;
ALTER TABLE tc_requests ALTER COLUMN aadhaar_enc DROP NOT NULL;
ALTER TABLE tc_requests ALTER COLUMN aadhaar_hash DROP NOT NULL;
ALTER TABLE tc_requests ALTER COLUMN aadhaar_last4 DROP NOT NULL;
