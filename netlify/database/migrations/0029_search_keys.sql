-- The office's search box finds a name typed in the other script: "Sharma" finds शर्मा and आरव
-- finds Aarav (recordSearch in src/server/lists.ts). Each record keeps `search_keys`: the names' own
-- words as `search_names` (migration 0016) has them, and a loose Latin key of every word, tagged with
-- the word's script (src/server/name-keys.ts), so one tsquery on one GIN index matches a typed word
-- either way. The keys come from a transliteration library in JavaScript, which neither a migration
-- nor a generated column can run, so the server makes them (src/server/name-search.ts): NULL means
-- "not made yet", and such a record is matched by `search_names` meanwhile. This migration leaves
-- every record's NULL; the lists make a batch before each search and the hourly cleanup the rest.
-- Any change of a name sets them back to NULL (the trigger below), so a corrected name is never
-- found by its old spelling, and an erasure, which empties the names, empties them too.
CREATE FUNCTION search_keys_stale() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.search_keys := NULL;
  RETURN NEW;
END
$fn$;

ALTER TABLE admissions ADD COLUMN search_keys tsvector;
CREATE INDEX admissions_search_keys_idx ON admissions USING gin (search_keys);
-- The records still without keys, found at once (empty once all are made).
CREATE INDEX admissions_search_keys_missing_idx ON admissions (id) WHERE search_keys IS NULL;
CREATE TRIGGER admissions_search_keys_stale
  BEFORE UPDATE OF student_first_name, student_middle_name, student_last_name, father_first_name, father_middle_name,
    father_last_name, mother_first_name, mother_middle_name, mother_last_name ON admissions
  FOR EACH ROW WHEN ((OLD.student_first_name, OLD.student_middle_name, OLD.student_last_name, OLD.father_first_name,
    OLD.father_middle_name, OLD.father_last_name, OLD.mother_first_name, OLD.mother_middle_name, OLD.mother_last_name)
    IS DISTINCT FROM (NEW.student_first_name, NEW.student_middle_name, NEW.student_last_name, NEW.father_first_name,
    NEW.father_middle_name, NEW.father_last_name, NEW.mother_first_name, NEW.mother_middle_name, NEW.mother_last_name))
  EXECUTE FUNCTION search_keys_stale();

ALTER TABLE enquiries ADD COLUMN search_keys tsvector;
CREATE INDEX enquiries_search_keys_idx ON enquiries USING gin (search_keys);
CREATE INDEX enquiries_search_keys_missing_idx ON enquiries (id) WHERE search_keys IS NULL;
CREATE TRIGGER enquiries_search_keys_stale
  BEFORE UPDATE OF student_name, father_name, mother_name ON enquiries
  FOR EACH ROW WHEN ((OLD.student_name, OLD.father_name, OLD.mother_name) IS DISTINCT FROM (NEW.student_name, NEW.father_name, NEW.mother_name))
  EXECUTE FUNCTION search_keys_stale();

ALTER TABLE tc_requests ADD COLUMN search_keys tsvector;
CREATE INDEX tc_requests_search_keys_idx ON tc_requests USING gin (search_keys);
CREATE INDEX tc_requests_search_keys_missing_idx ON tc_requests (id) WHERE search_keys IS NULL;
CREATE TRIGGER tc_requests_search_keys_stale
  BEFORE UPDATE OF student_name, parent_name ON tc_requests
  FOR EACH ROW WHEN ((OLD.student_name, OLD.parent_name) IS DISTINCT FROM (NEW.student_name, NEW.parent_name))
  EXECUTE FUNCTION search_keys_stale();
