-- Sign-in throttling counts failures per (e-mail, address) pair and per address, each in a window
-- that starts at its first failure and is not extended by later ones: five wrong passwords for the
-- office's e-mail from one address no longer lock that e-mail out for everyone. One row a key,
-- counted with an upsert, so a burst of concurrent tries cannot slip past the limit.
CREATE TABLE login_throttle (
  -- 'pair:<e-mail> <address>' or 'address:<address>'
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL
);
CREATE INDEX login_throttle_window_idx ON login_throttle (window_start);

DROP TABLE login_failures;
