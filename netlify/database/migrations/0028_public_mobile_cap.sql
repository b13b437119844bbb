-- What the daily cap on WhatsApp and SMS messages caused by public submissions counts
-- (src/server/outbox.ts): those to one mobile number, known by its last ten digits however it was
-- typed, within the last day.
CREATE INDEX messages_public_mobile_idx ON messages (right(regexp_replace(recipient, '[^0-9]', '', 'g'), 10), created_at)
  WHERE channel <> 'email' AND template LIKE '%.submitted';
