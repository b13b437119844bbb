-- The classes the school offers, chosen in its profile (a second school may have P.N.C to Class 10
-- only): its admission forms, the enquiry, seats and fees list these. NULL: the starting content's.
ALTER TABLE school_profile ADD COLUMN IF NOT EXISTS classes text[]
  CHECK (cardinality(classes) > 0 AND classes <@ ARRAY['P.N.C', 'N.C', 'K.G', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
