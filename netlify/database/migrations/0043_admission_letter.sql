-- The admission letter's settings, one row a session, set by the principal: when the admitted
-- children report, the originals their families bring, and the letter's own words. A session
-- without a row has no reporting date yet: its letters say the office will tell it.
CREATE TABLE admission_letter_settings (
  session text PRIMARY KEY CHECK (session ~ '^\d{4}-\d{2}$'),
  -- Null: the reporting date is not decided (the letter says the office will tell it).
  reporting_date date,
  -- 'HH:MM' on a 24-hour clock, or null when only the day is set.
  reporting_time text CHECK (reporting_time ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  -- The originals to bring, in order: [{ "en": "...", "hi": "..." }].
  originals jsonb NOT NULL DEFAULT '[]',
  words_en text NOT NULL DEFAULT '',
  words_hi text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
