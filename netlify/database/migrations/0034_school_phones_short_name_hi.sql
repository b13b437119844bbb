-- The school's phones as the office writes them ('05735-222345', a landline with its STD code, as
-- well as a mobile), each beside the E.164 form its tel: links dial ('+915735222345'); and the short
-- name as Hindi pages show it (NULL: they show the English one).
ALTER TABLE school_profile ADD COLUMN short_name_hi text;
ALTER TABLE school_profile ADD COLUMN phones_e164 text[] NOT NULL DEFAULT '{}';

-- The phones, e-mail and WhatsApp link the repository used to fill the form with were stand-ins: a
-- profile saved with them unchanged never had the school's own, so they become unset.
UPDATE school_profile SET
  phones = array_remove(array_remove(phones, '9876543210'), '9123456780'),
  email = NULLIF(email, 'info@rmcpschool.in'),
  social_links = COALESCE(
    (SELECT jsonb_agg(link ORDER BY n) FROM jsonb_array_elements(social_links) WITH ORDINALITY AS l(link, n)
      WHERE link->>'url' <> 'https://wa.me/919876543210'),
    '[]'::jsonb);

-- A phone was kept as its ten digits: an Indian number without its trunk 0, which +91 makes E.164.
UPDATE school_profile SET phones_e164 = ARRAY(SELECT '+91' || p FROM unnest(phones) WITH ORDINALITY AS u(p, n) ORDER BY n);
