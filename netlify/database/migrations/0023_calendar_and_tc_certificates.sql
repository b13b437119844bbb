-- The academic calendar: dated events and holidays, one day or a range, titled in English, Hindi or
-- both (src/features/calendar/). An event of one day has no end date. `sequence` counts the edits,
-- so a phone subscribed to /calendar.ics takes an edited event as the newer one.
CREATE TABLE events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title_en text,
  title_hi text,
  starts_on date NOT NULL,
  ends_on date,
  holiday boolean NOT NULL DEFAULT false,
  sequence integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_title CHECK (title_en IS NOT NULL OR title_hi IS NOT NULL),
  CONSTRAINT events_order CHECK (ends_on IS NULL OR ends_on > starts_on)
);
-- A month's page reads the events that overlap it.
CREATE INDEX events_dates_idx ON events (starts_on, (COALESCE(ends_on, starts_on)));

-- The signed scan of an issued transfer certificate, published for verification
-- (src/features/tc-request/certificate.server.ts): one per TC request, a staff file (migration 0019;
-- never public: it is served only through a short-lived signed link). A child of the TC request:
-- erasure and deletion take it and release its file.
CREATE TABLE tc_certificates (
  tc_request_id uuid PRIMARY KEY REFERENCES tc_requests (id) ON DELETE CASCADE,
  file_id uuid NOT NULL REFERENCES staff_files (id),
  attached_at timestamptz NOT NULL DEFAULT now()
);
