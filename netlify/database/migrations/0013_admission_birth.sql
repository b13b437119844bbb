-- The admission forms ask the child's date of birth, gender and home address (CBSE registration and
-- the TC need them). Applications sent before have none: NULL. Like every personal column they may
-- hold NULL, which erasure sets.
ALTER TABLE admissions ADD COLUMN date_of_birth text;
ALTER TABLE admissions ADD COLUMN gender text;
ALTER TABLE admissions ADD COLUMN address text;
-- Whether the date of birth was outside the class's age range on the day the form was sent
-- (src/config/admissions.ts), as the server computed it; the parent had confirmed the date.
ALTER TABLE admissions ADD COLUMN age_outside_range boolean;
