-- The school's own pictures, uploaded by the office as phone photos redrawn in the browser: the
-- bytes are in the `pictures` blob store under the picture's id (a new picture gets a new id, so
-- its public address never changes content); width and height are read from the bytes.
CREATE TABLE pictures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  mime text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  bytes integer NOT NULL CHECK (bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Starting content (starting-content/) the school took down: a sample gallery photo removed or
-- replaced by one of the school's own. A sample without a row is still shown.
CREATE TABLE starting_removals (
  kind text NOT NULL CHECK (kind IN ('gallery')),
  name text NOT NULL,
  removed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, name)
);

-- A gallery photo's pixel size, read from its bytes when stored, so the public gallery sets each
-- picture's width and height (nothing moves as it loads). Photos stored before have none: the
-- gallery's tiles keep a fixed shape for them.
ALTER TABLE gallery_items ADD COLUMN image_width integer CHECK (image_width > 0);
ALTER TABLE gallery_items ADD COLUMN image_height integer CHECK (image_height > 0);
