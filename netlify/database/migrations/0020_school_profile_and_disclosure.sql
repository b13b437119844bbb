-- The school's own facts, edited by the principal at /admin/school: one row. Until the
-- principal first saves it there is no row, and every reader takes src/config/site.ts's defaults
-- without their placeholders (src/features/school/profile.ts). An unset fact is NULL, never a
-- stand-in such as '21XXXXX'.
CREATE TABLE school_profile (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  name_en text NOT NULL,
  name_hi text NOT NULL,
  address_en text NOT NULL,
  address_hi text NOT NULL,
  short_name text NOT NULL,
  affiliation_number text,
  school_code text,
  principal_name text,
  principal_qualification text,
  phones text[] NOT NULL DEFAULT '{}',
  email text,
  -- [{ icon, url }]: the footer's social links, in order.
  social_links jsonb NOT NULL DEFAULT '[]',
  map_latitude double precision,
  map_longitude double precision,
  map_zoom integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- CBSE's Mandatory Public Disclosure (Appendix IX), edited by the principal at /admin/disclosure.
-- The typed part (staff and infrastructure figures, board results): one row of JSON, its shape
-- checked by src/features/disclosure/disclosure.ts before it is stored.
CREATE TABLE disclosure (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  figures jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Its documents, one per item (the key names the item): a public PDF of the staff files
-- (staff_files, migration 0019), with the dates the certificate carries.
CREATE TABLE disclosure_documents (
  key text PRIMARY KEY,
  file_id uuid NOT NULL,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  issued_on date NOT NULL,
  valid_until date CHECK (valid_until IS NULL OR valid_until >= issued_on),
  updated_at timestamptz NOT NULL DEFAULT now()
);
