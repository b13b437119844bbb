-- Mail a stranger can cause: an address gets at most a few e-mails a day caused by public
-- submissions (src/config/limits.ts); the rest stay in the outbox as 'held', with the reason the
-- messages screen shows. The sender never takes a held e-mail.
ALTER TABLE messages DROP CONSTRAINT messages_state_check;
ALTER TABLE messages ADD CONSTRAINT messages_state_check CHECK (state IN ('queued', 'sent', 'failed', 'held'));
ALTER TABLE messages ADD COLUMN held_reason text;
-- What the cap counts: the public submissions' e-mails to one address within the last day.
CREATE INDEX messages_public_mail_idx ON messages (lower(recipient), created_at) WHERE channel = 'email' AND template LIKE '%.submitted';

-- A form's submission key answers with its first record only for the same submission: a hash of
-- the checked data is kept with the record, and another body under the same key is refused (409).
-- Records from before have none and answer as before.
ALTER TABLE enquiries ADD COLUMN submission_hash text;
ALTER TABLE admissions ADD COLUMN submission_hash text;
ALTER TABLE tc_requests ADD COLUMN submission_hash text;
