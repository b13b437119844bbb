-- Notices and circulars: a title and text in English, Hindi or both (the same
-- languages for both), typed as Markdown by the office and rendered and sanitised when shown; a
-- publish date that may be in the future, an optional expiry date, pinned or not, and an optional
-- attachment (a staff file, claimed public). `slug` is the readable address
-- (/notices/2026-11-26-winter-holidays), fixed when the notice is made so a shared link keeps working.
CREATE TABLE notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  title_en text,
  title_hi text,
  body_en text,
  body_hi text,
  publish_on date NOT NULL,
  expires_on date,
  pinned boolean NOT NULL DEFAULT false,
  attachment_id uuid REFERENCES staff_files (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (title_en IS NOT NULL OR title_hi IS NOT NULL),
  CHECK ((title_en IS NULL) = (body_en IS NULL)),
  CHECK ((title_hi IS NULL) = (body_hi IS NULL)),
  CHECK (expires_on IS NULL OR expires_on >= publish_on)
);
-- The public list: published by a date, newest first.
CREATE INDEX notices_publish_idx ON notices (publish_on DESC, created_at DESC);
