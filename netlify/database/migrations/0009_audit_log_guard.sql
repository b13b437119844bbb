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
