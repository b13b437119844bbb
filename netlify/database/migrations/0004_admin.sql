-- Admin area: list indexes, name search, exact row counts for paging, audit details.

-- Lists are newest first; a class filter walks its own index in that order.
CREATE INDEX enquiries_class_created_idx ON enquiries (admission_class, created_at DESC, id DESC);
CREATE INDEX admissions_class_created_idx ON admissions (admission_class, created_at DESC, id DESC);
CREATE INDEX jobs_created_idx ON jobs (created_at DESC, id DESC);
CREATE INDEX gallery_items_created_idx ON gallery_items (created_at DESC, id DESC);

-- Name search is a word-prefix match, case-insensitive ('ram sha' finds 'Ram Kumar Sharma'):
-- built-in full text search with the 'simple' configuration (no stemming, no stop words) over a
-- GIN index. pg_trgm would allow infix matches but is not available in the local PGlite, and
-- the same SQL must run on PGlite, PostgreSQL 15 and Neon. The query side is in
-- src/server/enquiry/admin.ts (nameMatches); its expressions must stay identical to these.
CREATE INDEX enquiries_name_search_idx ON enquiries USING gin (to_tsvector('simple', student_name));
CREATE INDEX tc_requests_name_search_idx ON tc_requests USING gin (to_tsvector('simple', student_name));
CREATE INDEX admissions_name_search_idx ON admissions USING gin (
  to_tsvector('simple', student_first_name || ' ' || student_middle_name || ' ' || student_last_name)
);
-- The TC admission-number box is a case-insensitive prefix match.
CREATE INDEX tc_requests_number_prefix_idx ON tc_requests (lower(admission_number) text_pattern_ops);

-- Exact row counts for the paged lists, kept by statement-level triggers: count(*) over 100,000
-- rows costs ~50 ms in PGlite, a read of this table well under 1 ms. bucket is the admission
-- class for enquiries and admissions (so a class filter's total is one row) and '' for TC requests.
CREATE TABLE record_counts (
  entity text NOT NULL,
  bucket text NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (entity, bucket)
);

-- TG_ARGV[0]: the bucket column, or none for a single bucket ''.
CREATE FUNCTION record_counts_add() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format(
    'INSERT INTO record_counts (entity, bucket, n) SELECT %L, %s, count(*) FROM new_rows GROUP BY 2
       ON CONFLICT (entity, bucket) DO UPDATE SET n = record_counts.n + EXCLUDED.n',
    TG_TABLE_NAME, COALESCE(quote_ident(TG_ARGV[0]), quote_literal('')));
  RETURN NULL;
END
$fn$;

CREATE FUNCTION record_counts_subtract() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format(
    'UPDATE record_counts c SET n = c.n - o.n
       FROM (SELECT %s AS bucket, count(*) AS n FROM old_rows GROUP BY 1) o
      WHERE c.entity = %L AND c.bucket = o.bucket',
    COALESCE(quote_ident(TG_ARGV[0]), quote_literal('')), TG_TABLE_NAME);
  RETURN NULL;
END
$fn$;

CREATE FUNCTION record_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM record_counts WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER enquiries_count_insert AFTER INSERT ON enquiries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add('admission_class');
CREATE TRIGGER enquiries_count_update_old AFTER UPDATE ON enquiries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract('admission_class');
CREATE TRIGGER enquiries_count_update_new AFTER UPDATE ON enquiries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add('admission_class');
CREATE TRIGGER enquiries_count_delete AFTER DELETE ON enquiries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract('admission_class');
CREATE TRIGGER enquiries_count_truncate AFTER TRUNCATE ON enquiries
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_reset();

CREATE TRIGGER admissions_count_insert AFTER INSERT ON admissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add('admission_class');
CREATE TRIGGER admissions_count_update_old AFTER UPDATE ON admissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract('admission_class');
CREATE TRIGGER admissions_count_update_new AFTER UPDATE ON admissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add('admission_class');
CREATE TRIGGER admissions_count_delete AFTER DELETE ON admissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract('admission_class');
CREATE TRIGGER admissions_count_truncate AFTER TRUNCATE ON admissions
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_reset();

CREATE TRIGGER tc_requests_count_insert AFTER INSERT ON tc_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add();
CREATE TRIGGER tc_requests_count_delete AFTER DELETE ON tc_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract();
CREATE TRIGGER tc_requests_count_truncate AFTER TRUNCATE ON tc_requests
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_reset();

-- Rows stored before this migration.
INSERT INTO record_counts (entity, bucket, n) SELECT 'enquiries', admission_class, count(*) FROM enquiries GROUP BY 2;
INSERT INTO record_counts (entity, bucket, n) SELECT 'admissions', admission_class, count(*) FROM admissions GROUP BY 2;
INSERT INTO record_counts (entity, bucket, n) SELECT 'tc_requests', '', count(*) FROM tc_requests HAVING count(*) > 0;

-- Audit: what a 'view' opened (the document field), and look-ups of one record's history.
ALTER TABLE audit_log ADD COLUMN detail text;
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, created_at DESC);
