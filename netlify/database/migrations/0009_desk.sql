-- The audit log is kept as written: no entry is ever changed, and none younger than a year is
-- deleted (a retention job may delete older ones). The API only reads it; this holds for anything
-- else that reaches the database too, short of its owner dropping the triggers.
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'Audit log entries cannot be changed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.created_at > now() - interval '1 year' THEN
    RAISE EXCEPTION 'Audit log entries younger than a year cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END
$fn$;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
CREATE TRIGGER audit_log_no_recent_delete BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard();

-- TRUNCATE fires no row trigger: refuse it outright.
CREATE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'The audit log cannot be truncated' USING ERRCODE = 'insufficient_privilege';
END
$fn$;
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();

-- Records by status (and, for applications, by session and class), kept exact by statement-level
-- triggers as record_counts keeps the lists' totals: the office's home and the seats summary read
-- how many stand at each status without counting 100,000 rows (40-150 ms a table in PGlite). An
-- update that moves no record between counts writes nothing here, so everyday edits do not queue
-- on these rows. TG_ARGV: the session and class columns, or none for '' (enquiries, TC requests).
CREATE TABLE status_counts (
  entity text NOT NULL,
  status text NOT NULL,
  session text NOT NULL DEFAULT '',
  admission_class text NOT NULL DEFAULT '',
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (entity, status, session, admission_class)
);

-- The grouping of a trigger's rows: status, then its session and class columns (or '').
CREATE FUNCTION status_counts_keys(session_column text, class_column text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT 'status, ' || COALESCE(quote_ident(session_column), quote_literal('')) || ', ' || COALESCE(quote_ident(class_column), quote_literal(''))
$fn$;

CREATE FUNCTION status_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format(
    'INSERT INTO status_counts (entity, status, session, admission_class, n)
       SELECT %L, %s, count(*) FROM new_rows GROUP BY 2, 3, 4
       ON CONFLICT (entity, status, session, admission_class) DO UPDATE SET n = status_counts.n + EXCLUDED.n',
    TG_TABLE_NAME, status_counts_keys(TG_ARGV[0], TG_ARGV[1]));
  RETURN NULL;
END
$fn$;

CREATE FUNCTION status_counts_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format(
    'INSERT INTO status_counts (entity, status, session, admission_class, n)
       SELECT %1$L, k1, k2, k3, sum(k) FROM (
         SELECT %2$s, -1 AS k FROM old_rows UNION ALL SELECT %2$s, 1 FROM new_rows
       ) AS moved (k1, k2, k3, k)
        GROUP BY 2, 3, 4 HAVING sum(k) <> 0
       ON CONFLICT (entity, status, session, admission_class) DO UPDATE SET n = status_counts.n + EXCLUDED.n',
    TG_TABLE_NAME, status_counts_keys(TG_ARGV[0], TG_ARGV[1]));
  RETURN NULL;
END
$fn$;

CREATE FUNCTION status_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format(
    'UPDATE status_counts c SET n = c.n - o.n
       FROM (SELECT %s, count(*) FROM old_rows GROUP BY 1, 2, 3) AS o (status, session, admission_class, n)
      WHERE c.entity = %L AND c.status = o.status AND c.session = o.session AND c.admission_class = o.admission_class',
    status_counts_keys(TG_ARGV[0], TG_ARGV[1]), TG_TABLE_NAME);
  RETURN NULL;
END
$fn$;

CREATE FUNCTION status_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM status_counts WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER enquiries_status_count_insert AFTER INSERT ON enquiries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_insert();
CREATE TRIGGER enquiries_status_count_update AFTER UPDATE ON enquiries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_update();
CREATE TRIGGER enquiries_status_count_delete AFTER DELETE ON enquiries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_delete();
CREATE TRIGGER enquiries_status_count_truncate AFTER TRUNCATE ON enquiries
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_reset();

CREATE TRIGGER admissions_status_count_insert AFTER INSERT ON admissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_insert('session', 'admission_class');
CREATE TRIGGER admissions_status_count_update AFTER UPDATE ON admissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_update('session', 'admission_class');
CREATE TRIGGER admissions_status_count_delete AFTER DELETE ON admissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_delete('session', 'admission_class');
CREATE TRIGGER admissions_status_count_truncate AFTER TRUNCATE ON admissions
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_reset();

CREATE TRIGGER tc_requests_status_count_insert AFTER INSERT ON tc_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_insert();
CREATE TRIGGER tc_requests_status_count_update AFTER UPDATE ON tc_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_update();
CREATE TRIGGER tc_requests_status_count_delete AFTER DELETE ON tc_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_delete();
CREATE TRIGGER tc_requests_status_count_truncate AFTER TRUNCATE ON tc_requests
  FOR EACH STATEMENT EXECUTE FUNCTION status_counts_reset();

-- Rows stored before this migration.
INSERT INTO status_counts (entity, status, n) SELECT 'enquiries', status, count(*) FROM enquiries GROUP BY status;
INSERT INTO status_counts (entity, status, session, admission_class, n)
  SELECT 'admissions', status, session, admission_class, count(*) FROM admissions GROUP BY 2, 3, 4;
INSERT INTO status_counts (entity, status, n) SELECT 'tc_requests', status, count(*) FROM tc_requests GROUP BY status;
