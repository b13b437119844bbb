-- The content pages as the school changed them (src/features/pages/): a page without a row shows its
-- starting text (starting-content/pages/). `content` is the whole page as last saved, NULL while the
-- page still shows the starting text (a page only hidden or shown again); `path` is its English address.
CREATE TABLE site_pages (
  path text PRIMARY KEY CHECK (path ~ '^/'),
  content jsonb CHECK (content IS NULL OR jsonb_typeof(content) = 'object'),
  hidden boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
