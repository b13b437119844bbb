-- The language a parent filled a form in: every message to them about that record is written in it.
ALTER TABLE enquiries ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
ALTER TABLE admissions ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
ALTER TABLE tc_requests ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));

-- The outbox of messages to parents, written in the same transaction as the submission or status
-- move that causes them. E-mails are sent from here (src/server/mailer.ts) and retried with a
-- growing delay; WhatsApp messages wait for the office to send them by hand.
CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity text NOT NULL CHECK (entity IN ('enquiry', 'admission', 'tc-request')),
  record_id uuid NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'whatsapp', 'sms')),
  recipient text NOT NULL,
  template text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'hi')),
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_created_idx ON messages (created_at DESC, id DESC);
CREATE INDEX messages_state_created_idx ON messages (state, created_at DESC, id DESC);
CREATE INDEX messages_record_idx ON messages (entity, record_id);
-- What the sender looks for: e-mails still to send, by when they are due.
CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE state = 'queued' AND channel = 'email';
