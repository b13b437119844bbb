-- When each account last signed in, for the accounts screen. Kept on the account because the
-- hourly cleanup deletes ended sessions, which would otherwise take the date with them.
ALTER TABLE admins ADD COLUMN last_sign_in_at timestamptz;
UPDATE admins SET last_sign_in_at = (SELECT max(s.created_at) FROM sessions s WHERE s.admin_id = admins.id);
