-- Messages that reach families by themselves (issue 28): WhatsApp through Meta's Cloud API and SMS
-- through MSG91 (src/server/whatsapp.ts, src/server/sms.ts). A WhatsApp or SMS message is sent as
-- the provider's registered template (`mobile_template`, `params`), keeps the provider's id, and
-- its delivery webhooks move it on: sent, delivered, read, or failed. A number whose family said
-- STOP (or opened the opt-out link) gets none: its messages are 'opted-out'.
ALTER TABLE messages DROP CONSTRAINT messages_state_check;
ALTER TABLE messages ADD CONSTRAINT messages_state_check CHECK (state IN ('queued', 'held', 'sent', 'delivered', 'read', 'failed', 'opted-out'));
ALTER TABLE messages ADD COLUMN mobile_template text;
ALTER TABLE messages ADD COLUMN params jsonb;
ALTER TABLE messages ADD COLUMN provider_id text;
ALTER TABLE messages ADD COLUMN delivered_at timestamptz;
ALTER TABLE messages ADD COLUMN read_at timestamptz;
-- A delivery webhook names the message by the provider's id.
CREATE UNIQUE INDEX messages_provider_idx ON messages (channel, provider_id) WHERE provider_id IS NOT NULL;
-- What the sender looks for: messages still to send, by channel and when they are due.
DROP INDEX messages_due_idx;
CREATE INDEX messages_due_idx ON messages (channel, next_attempt_at) WHERE state = 'queued';

-- Families who asked for no WhatsApp or SMS, by their 10-digit mobile number. START (or the link's
-- second button) opts back in: the row stays, `opted_out` false, so the office sees both.
CREATE TABLE message_opt_outs (
  mobile text PRIMARY KEY CHECK (mobile ~ '^[0-9]{10}$'),
  opted_out boolean NOT NULL,
  source text NOT NULL CHECK (source IN ('whatsapp', 'sms', 'link')),
  changed_at timestamptz NOT NULL DEFAULT now()
);
