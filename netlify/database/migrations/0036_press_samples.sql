-- Sample press articles and magazine issues: from database rows to starting content.
-- The samples now live in starting-content/press/ and show until the school removes or edits them;
-- the database keeps only what the school did with each one, so a new deploy needs no seeding and
-- another school's starting content needs no migration.
CREATE TABLE press_sample_changes (
  book text NOT NULL CHECK (book IN ('press', 'magazine')),
  sample_key text NOT NULL CHECK (sample_key ~ '^[a-z0-9-]{1,60}$'),
  -- removed: taken off the site; edited: saved as the school's own entry (a row of its table).
  outcome text NOT NULL CHECK (outcome IN ('removed', 'edited')),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (book, sample_key)
);

-- The rows migration 0021 seeded, by the address of their cover.
CREATE TEMPORARY TABLE seeded_0021 (book text, sample_key text, cover text);
INSERT INTO seeded_0021 VALUES
  ('press', 'press-1', '/images/press/press-1.jpg'), ('press', 'press-2', '/images/press/press-2.jpg'),
  ('press', 'press-3', '/images/press/press-3.jpg'), ('press', 'press-4', '/images/press/press-4.jpg'),
  ('press', 'press-5', '/images/press/press-5.jpg'), ('press', 'press-6', '/images/press/press-6.jpg'),
  ('magazine', 'chronicle-2026-04', '/images/magazine/chronicle-2026-04.jpg'), ('magazine', 'chronicle-2025-12', '/images/magazine/chronicle-2025-12.jpg'),
  ('magazine', 'chronicle-2025-08', '/images/magazine/chronicle-2025-08.jpg'), ('magazine', 'chronicle-2025-02', '/images/magazine/chronicle-2025-02.jpg'),
  ('magazine', 'chronicle-2024-10', '/images/magazine/chronicle-2024-10.jpg'), ('magazine', 'chronicle-2024-03', '/images/magazine/chronicle-2024-03.jpg');

-- A seeded row never changed (no edit moved updated_at, no file of the school's) is the sample
-- itself: it goes, and the sample shows in its place. A seeded row the school changed stays the
-- school's entry and its sample stays off the site ('edited'); one the school deleted, or whose
-- cover it replaced, no longer has the seeded cover: its sample stays off the site too ('removed').
INSERT INTO press_sample_changes (book, sample_key, outcome)
SELECT s.book, s.sample_key,
       CASE WHEN EXISTS (SELECT 1 FROM press_articles p WHERE s.book = 'press' AND p.legacy_cover_url = s.cover)
              OR EXISTS (SELECT 1 FROM magazine_issues m WHERE s.book = 'magazine' AND m.legacy_cover_url = s.cover)
            THEN 'edited' ELSE 'removed' END
  FROM seeded_0021 s
 WHERE NOT EXISTS (SELECT 1 FROM press_articles p WHERE s.book = 'press' AND p.legacy_cover_url = s.cover
                      AND p.updated_at = p.created_at AND p.cover_file IS NULL AND p.pdf_file IS NULL)
   AND NOT EXISTS (SELECT 1 FROM magazine_issues m WHERE s.book = 'magazine' AND m.legacy_cover_url = s.cover
                      AND m.updated_at = m.created_at AND m.cover_file IS NULL AND m.pdf_file IS NULL);

DELETE FROM press_articles p USING seeded_0021 s
 WHERE s.book = 'press' AND p.legacy_cover_url = s.cover AND p.updated_at = p.created_at AND p.cover_file IS NULL AND p.pdf_file IS NULL;
DELETE FROM magazine_issues m USING seeded_0021 s
 WHERE s.book = 'magazine' AND m.legacy_cover_url = s.cover AND m.updated_at = m.created_at AND m.cover_file IS NULL AND m.pdf_file IS NULL;

-- The files moved with the samples: the rows the school kept name them at their new address.
UPDATE press_articles SET legacy_cover_url = regexp_replace(legacy_cover_url, '^/images/press/', '/starting/press/')
 WHERE legacy_cover_url LIKE '/images/press/%';
UPDATE magazine_issues SET legacy_cover_url = regexp_replace(legacy_cover_url, '^/images/magazine/', '/starting/press/')
 WHERE legacy_cover_url LIKE '/images/magazine/%';
UPDATE magazine_issues SET legacy_pdf_url = regexp_replace(legacy_pdf_url, '^/magazines/', '/starting/press/')
 WHERE legacy_pdf_url LIKE '/magazines/%';
DROP TABLE seeded_0021;
