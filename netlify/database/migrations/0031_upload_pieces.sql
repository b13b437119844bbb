-- A document sent in pieces (src/features/admission/documents.server.ts): one row from the first
-- request until its last piece arrives and the pieces become one staged upload. The pieces are blobs
-- under blob_prefix; the hourly cleanup deletes a row left unfinished past a day, and its pieces.
CREATE TABLE upload_sessions (
  id uuid PRIMARY KEY,
  blob_prefix text NOT NULL UNIQUE,
  name text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  pieces integer NOT NULL CHECK (pieces > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_sessions_created_idx ON upload_sessions (created_at);
