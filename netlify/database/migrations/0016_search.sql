-- The lists' one search box finds a record by any name of it (the student's or a parent's, first,
-- middle or last), by the start of its reference or admission number, or by its mobile number
-- (recordSearch in src/server/lists.ts). The names are kept as a stored tsvector (`search_names`):
-- a word as common as Kumar or Devi matches most rows, and then PostgreSQL scans the table rather
-- than the index; reading a stored vector costs little, re-parsing nine names a row cost seconds.
-- pg_trgm would find any part of a word, but the local runtime's PGlite starts without extensions:
-- word prefixes, as the name search did.
DROP INDEX admissions_name_search_idx;
ALTER TABLE admissions ADD COLUMN search_names tsvector GENERATED ALWAYS AS (to_tsvector('simple',
  coalesce(student_first_name, '') || ' ' || coalesce(student_middle_name, '') || ' ' || coalesce(student_last_name, '') || ' ' ||
  coalesce(father_first_name, '') || ' ' || coalesce(father_middle_name, '') || ' ' || coalesce(father_last_name, '') || ' ' ||
  coalesce(mother_first_name, '') || ' ' || coalesce(mother_middle_name, '') || ' ' || coalesce(mother_last_name, ''))) STORED;
CREATE INDEX admissions_name_search_idx ON admissions USING gin (search_names);
CREATE INDEX admissions_reference_prefix_idx ON admissions (lower(reference_number) text_pattern_ops);
CREATE INDEX admissions_contact_prefix_idx ON admissions (contact_no text_pattern_ops);

DROP INDEX enquiries_name_search_idx;
ALTER TABLE enquiries ADD COLUMN search_names tsvector GENERATED ALWAYS AS (to_tsvector('simple',
  coalesce(student_name, '') || ' ' || coalesce(father_name, '') || ' ' || coalesce(mother_name, ''))) STORED;
CREATE INDEX enquiries_name_search_idx ON enquiries USING gin (search_names);
CREATE INDEX enquiries_mobile_prefix_idx ON enquiries (father_mobile text_pattern_ops);

DROP INDEX tc_requests_name_search_idx;
ALTER TABLE tc_requests ADD COLUMN search_names tsvector GENERATED ALWAYS AS (to_tsvector('simple',
  coalesce(student_name, '') || ' ' || coalesce(parent_name, ''))) STORED;
CREATE INDEX tc_requests_name_search_idx ON tc_requests USING gin (search_names);
CREATE INDEX tc_requests_contact_prefix_idx ON tc_requests (contact text_pattern_ops);
