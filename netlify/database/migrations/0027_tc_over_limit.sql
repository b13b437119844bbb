-- A TC request sent while its admission number already has two live requests (any not rejected) is
-- stored, not refused: a stranger's invented requests must never turn the family's own away. It is
-- marked, and waits for the office to check it against the school's records.
ALTER TABLE tc_requests ADD COLUMN over_limit boolean NOT NULL DEFAULT false;
