-- Sign-in: a wait per account across addresses, and a second factor for staff
-- (src/features/auth/throttle.server.ts, src/features/auth/second-factor.server.ts).

-- Tries at one e-mail from every address together. Past the free failures each counted try makes
-- the next one wait (not_before), a wait that doubles up to a cap; never a lockout. One row an
-- e-mail, upserted, so a burst of concurrent tries cannot slip past a wait.
CREATE TABLE login_backoff (
  email text PRIMARY KEY,
  failures integer NOT NULL,
  last_try_at timestamptz NOT NULL,
  not_before timestamptz
);
CREATE INDEX login_backoff_last_try_idx ON login_backoff (last_try_at);

-- A one-time code app (TOTP): the secret sealed with AES-256-GCM (a key derived from AADHAAR_KEY),
-- the one being set up until its first code proves it, and the last time step used, so a code
-- serves once.
ALTER TABLE admins ADD COLUMN totp_secret text;
ALTER TABLE admins ADD COLUMN totp_pending text;
ALTER TABLE admins ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE admins ADD COLUMN totp_last_step bigint;

-- Single-use recovery codes, stored as SHA-256 (each has 80 random bits: nothing to brute-force).
CREATE TABLE admin_recovery_codes (
  admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (admin_id, code_hash)
);

-- The principal's rule for every account: one row.
CREATE TABLE staff_sign_in_policy (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  second_factor_required boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO staff_sign_in_policy (id) VALUES (true);
