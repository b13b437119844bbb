-- The academic session an application is for ('2027-28'), so seats are counted per session. An
-- application made from October onwards (India time) is for the session that starts the next April
-- (src/config/admissions.ts; the rule below is the same, for the rows stored before this).
ALTER TABLE admissions ADD COLUMN session text;
UPDATE admissions SET session = (
  SELECT y::text || '-' || lpad(((y + 1) % 100)::text, 2, '0')
    FROM (SELECT CASE WHEN extract(month FROM created_at AT TIME ZONE 'Asia/Kolkata') >= 10
                      THEN extract(year FROM created_at AT TIME ZONE 'Asia/Kolkata')::int + 1
                      ELSE extract(year FROM created_at AT TIME ZONE 'Asia/Kolkata')::int END AS y) AS s
);
ALTER TABLE admissions ALTER COLUMN session SET NOT NULL;

-- The seat counts of a session: admitted and waitlisted per class, and applications per class.
CREATE INDEX admissions_session_class_status_idx ON admissions (session, admission_class, status);
