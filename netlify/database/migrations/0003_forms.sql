-- Public forms: an idempotency key per submission, so a parent on flaky mobile data who submits
-- again after a lost answer gets the first answer back instead of a duplicate record (a lost
-- answer to a TC request would otherwise use up one of the two allowed requests).
ALTER TABLE enquiries ADD COLUMN submission_key uuid UNIQUE;
ALTER TABLE admissions ADD COLUMN submission_key uuid UNIQUE;
ALTER TABLE tc_requests ADD COLUMN submission_key uuid UNIQUE;
