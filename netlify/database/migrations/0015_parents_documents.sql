-- A rejected document's common reason, chosen by the office from a short list (src/lib/document-reasons.ts):
-- the family reads it in its own language. state_reason keeps the office's own words, if any.
ALTER TABLE uploads ADD COLUMN reason_code text
  CHECK (reason_code IN ('blurred', 'wrong-document', 'name-mismatch', 'expired', 'incomplete'));

-- When a parent sent this document again from the status page in place of a rejected one. Kept after
-- the office judges it, so the details screen can say so; while it is pending it is in the office's
-- "Re-sent by parents" queue, found through this small partial index.
ALTER TABLE uploads ADD COLUMN resent_at timestamptz;
CREATE INDEX uploads_resent_pending_idx ON uploads (admission_id) WHERE resent_at IS NOT NULL AND state = 'pending';
