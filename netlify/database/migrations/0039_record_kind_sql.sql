-- What the database holds for each kind of record (src/features/kinds.ts) comes from one function,
-- record_kind(), called once per kind from its migration: the kind joins the list below, and its
-- table gets the office's name search (search_names and search_keys, migrations 0016 and 0029), the
-- prefix indexes of its numbers and mobile numbers, the desk's counts (record_counts and
-- status_counts, migrations 0004 and 0009), and the CHECKs of the tables that name a record by kind
-- (messages, and for a paid kind payments and payment_orders) are written again from the list.
-- Calling it again for a kind makes the same objects again, so the three kinds made by hand before
-- this migration are remade by it below, as they were.
CREATE TABLE record_kinds (
  name text PRIMARY KEY,
  table_name text NOT NULL UNIQUE,
  paid boolean NOT NULL
);

-- The CHECK of `tbl`'s entity column: the kinds listed (only the paid ones when `paid_only`).
CREATE FUNCTION record_kinds_check(tbl text, paid_only boolean) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I', tbl, tbl || '_entity_check');
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%s)', tbl, tbl || '_entity_check',
    (SELECT coalesce('entity IN (' || string_agg(quote_literal(name), ', ' ORDER BY name) || ')', 'false')
       FROM record_kinds WHERE paid OR NOT paid_only));
END
$fn$;

-- kind: its name (the `entity` of its messages and payments); kind_table: its table;
-- name_columns: the names the search box finds; identifiers: its numbers found by their start (any
-- case); mobiles: its mobile numbers found by their start; paid: whether it takes payments;
-- count_bucket: the column record_counts groups it by (none: one count); status_session and
-- status_class: the columns status_counts groups it by besides its status (none: '').
CREATE FUNCTION record_kind(
  kind text,
  kind_table text,
  name_columns text[],
  identifiers text[] DEFAULT '{}',
  mobiles text[] DEFAULT '{}',
  paid boolean DEFAULT false,
  count_bucket text DEFAULT NULL,
  status_session text DEFAULT NULL,
  status_class text DEFAULT NULL
) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  t text := kind_table;
  col text;
  names text;
  olds text;
  news text;
BEGIN
  INSERT INTO record_kinds (name, table_name, paid) VALUES (kind, kind_table, paid)
    ON CONFLICT (name) DO UPDATE SET table_name = EXCLUDED.table_name, paid = EXCLUDED.paid;
  PERFORM record_kinds_check('messages', false);
  PERFORM record_kinds_check('payments', true);
  PERFORM record_kinds_check('payment_orders', true);

  -- The names, as one stored vector of their words.
  SELECT string_agg(format('coalesce(%I, %L)', c, ''), ' || '' '' || ') INTO names FROM unnest(name_columns) AS c;
  EXECUTE format('ALTER TABLE %I DROP COLUMN IF EXISTS search_names', t);
  EXECUTE format('ALTER TABLE %I ADD COLUMN search_names tsvector GENERATED ALWAYS AS (to_tsvector(%L, %s)) STORED',
    t, 'simple', names);
  EXECUTE format('CREATE INDEX %I ON %I USING gin (search_names)', t || '_name_search_idx', t);

  -- The server's keys of the names in either script; NULL (to be made again) once a name changes.
  EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS search_keys tsvector', t);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING gin (search_keys)', t || '_search_keys_idx', t);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (id) WHERE search_keys IS NULL', t || '_search_keys_missing_idx', t);
  SELECT string_agg(format('OLD.%I', c), ', '), string_agg(format('NEW.%I', c), ', ') INTO olds, news
    FROM unnest(name_columns) AS c;
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_search_keys_stale', t);
  EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OF %s ON %I FOR EACH ROW WHEN ((%s) IS DISTINCT FROM (%s))
    EXECUTE FUNCTION search_keys_stale()', t || '_search_keys_stale',
    (SELECT string_agg(quote_ident(c), ', ') FROM unnest(name_columns) AS c), t, olds, news);

  FOREACH col IN ARRAY identifiers LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (lower(%I) text_pattern_ops)', t || '_' || col || '_prefix_idx', t, col);
  END LOOP;
  FOREACH col IN ARRAY mobiles LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (%I text_pattern_ops)', t || '_' || col || '_prefix_idx', t, col);
  END LOOP;

  -- The desk's counts: kept by statement triggers, and counted afresh from the rows here.
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_count_insert', t);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_count_update_old', t);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_count_update_new', t);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_count_delete', t);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_count_truncate', t);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add(%s)', t || '_count_insert', t, coalesce(quote_literal(count_bucket), ''));
  -- A single count does not move with an update.
  IF count_bucket IS NOT NULL THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract(%L)', t || '_count_update_old', t, count_bucket);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION record_counts_add(%L)', t || '_count_update_new', t, count_bucket);
  END IF;
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_counts_subtract(%s)', t || '_count_delete', t, coalesce(quote_literal(count_bucket), ''));
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION record_counts_reset()',
    t || '_count_truncate', t);
  DELETE FROM record_counts WHERE entity = t;
  EXECUTE format('INSERT INTO record_counts (entity, bucket, n) SELECT %L, %s, count(*) FROM %I GROUP BY 2 HAVING count(*) > 0',
    t, coalesce(quote_ident(count_bucket), quote_literal('')), t);

  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_status_count_insert', t);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_status_count_update', t);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_status_count_delete', t);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_status_count_truncate', t);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION status_counts_insert(%s)', t || '_status_count_insert', t,
    concat_ws(', ', quote_literal(status_session), quote_literal(status_class)));
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION status_counts_update(%s)', t || '_status_count_update', t,
    concat_ws(', ', quote_literal(status_session), quote_literal(status_class)));
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION status_counts_delete(%s)', t || '_status_count_delete', t,
    concat_ws(', ', quote_literal(status_session), quote_literal(status_class)));
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION status_counts_reset()',
    t || '_status_count_truncate', t);
  DELETE FROM status_counts WHERE entity = t;
  EXECUTE format('INSERT INTO status_counts (entity, status, session, admission_class, n)
    SELECT %L, %s, count(*) FROM %I GROUP BY 2, 3, 4', t, status_counts_keys(status_session, status_class), t);
END
$fn$;

-- The prefix indexes made by hand, under the names the function gives them now.
ALTER INDEX admissions_reference_prefix_idx RENAME TO admissions_reference_number_prefix_idx;
ALTER INDEX admissions_contact_prefix_idx RENAME TO admissions_contact_no_prefix_idx;
ALTER INDEX enquiries_mobile_prefix_idx RENAME TO enquiries_father_mobile_prefix_idx;
ALTER INDEX tc_requests_number_prefix_idx RENAME TO tc_requests_admission_number_prefix_idx;

-- The three kinds listed at once, as the CHECKs made by hand list them, so that no CHECK written
-- between two of the calls refuses a row stored already.
INSERT INTO record_kinds (name, table_name, paid)
  VALUES ('enquiry', 'enquiries', false), ('admission', 'admissions', true), ('tc-request', 'tc_requests', true);
SELECT record_kind('enquiry', 'enquiries', ARRAY['student_name', 'father_name', 'mother_name'],
  mobiles => ARRAY['father_mobile'], count_bucket => 'admission_class');
SELECT record_kind('admission', 'admissions',
  ARRAY['student_first_name', 'student_middle_name', 'student_last_name', 'father_first_name', 'father_middle_name',
    'father_last_name', 'mother_first_name', 'mother_middle_name', 'mother_last_name'],
  identifiers => ARRAY['reference_number'], mobiles => ARRAY['contact_no'], paid => true,
  count_bucket => 'admission_class', status_session => 'session', status_class => 'admission_class');
SELECT record_kind('tc-request', 'tc_requests', ARRAY['student_name', 'parent_name'],
  identifiers => ARRAY['admission_number'], mobiles => ARRAY['contact'], paid => true);
