-- The letters of the school's application reference and receipt numbers, chosen in its profile (a
-- school continuing its own numbering keeps its own). Null: the starting content's (or APP).
ALTER TABLE school_profile ADD COLUMN IF NOT EXISTS reference_prefix text CHECK (reference_prefix ~ '^[A-Z]{2,6}$');
