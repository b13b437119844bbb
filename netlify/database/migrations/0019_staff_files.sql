-- Files the staff upload for the site: notice attachments, disclosure documents, press covers,
-- issued TCs' scans. A file is uploaded first (unclaimed) and then claimed by the record that uses
-- it, in that record's transaction; the cleanup deletes files nobody claimed within a day.
-- `public` files are served to anyone at /v1/files/<id>; the others only through their record's
-- guarded route.
CREATE TABLE staff_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('pdf', 'jpeg', 'png', 'webp')),
  size integer NOT NULL CHECK (size > 0),
  name text NOT NULL,
  uploaded_by uuid REFERENCES admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  public boolean NOT NULL DEFAULT false
);
CREATE INDEX staff_files_unclaimed_idx ON staff_files (created_at) WHERE claimed_at IS NULL;
