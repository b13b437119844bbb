-- The {{title}} request (src/features/{{kebab}}/): its table, and what every kind has in the
-- database (its search, counts and CHECKs) from record_kind() (migration 0039).
CREATE TABLE {{table}} (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  student_name text,
  parent_name text,
  mobile text,
  student_class text NOT NULL,
  reason text,
  status text NOT NULL DEFAULT 'new',
  status_changed_at timestamptz,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi')),
  consent jsonb,
  submission_key uuid UNIQUE,
  submission_hash text,
  erased_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX {{table}}_created_idx ON {{table}} (created_at DESC, id DESC);
CREATE INDEX {{table}}_status_created_idx ON {{table}} (status, created_at DESC, id DESC);
CREATE INDEX {{table}}_retention_idx ON {{table}} (status) WHERE erased_at IS NULL;

SELECT record_kind('{{kebab}}', '{{table}}', ARRAY['student_name', 'parent_name'], mobiles => ARRAY['mobile']);
