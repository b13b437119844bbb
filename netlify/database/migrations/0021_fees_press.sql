-- Fees, press articles and magazine issues: from files in the repository to the admin.

-- The admission fee of each class, per session, in whole paise as payments store amounts. A
-- session without fees of its own charges those of the latest session before it (fees carry over
-- until the principal sets the new session's). Seeded with the fees of src/config/fees.ts for the
-- school year running when this migration is applied.
CREATE TABLE admission_fees (
  session text NOT NULL CHECK (session ~ '^[0-9]{4}-[0-9]{2}$'),
  admission_class text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session, admission_class)
);

-- The transfer certificate's fee: one row.
CREATE TABLE tc_fee (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO admission_fees (session, admission_class, amount_paise)
SELECT s.session, f.admission_class, f.rupees * 100
  FROM (SELECT CASE WHEN extract(month FROM now() AT TIME ZONE 'Asia/Kolkata') >= 4
                    THEN extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int
                    ELSE extract(year FROM now() AT TIME ZONE 'Asia/Kolkata')::int - 1 END AS y) y
 CROSS JOIN LATERAL (SELECT y.y::text || '-' || lpad(((y.y + 1) % 100)::text, 2, '0') AS session) s
 CROSS JOIN (VALUES ('P.N.C', 5000), ('N.C', 5000), ('K.G', 6000), ('1', 8000), ('2', 8000), ('3', 8000), ('4', 8000),
                    ('5', 8000), ('6', 10000), ('7', 10000), ('8', 10000), ('9', 12500), ('10', 12500), ('11', 15000), ('12', 15000))
       AS f (admission_class, rupees);
INSERT INTO tc_fee (amount_paise) VALUES (500 * 100);

-- A payment keeps the fee its record owed when it was made: the record's fee is fixed from its
-- first payment on, so a later change of the school's fees changes neither what was paid nor what
-- that family owes. Payments made before this migration were made against the fees seeded above.
ALTER TABLE payments ADD COLUMN fee_paise bigint CHECK (fee_paise >= 0);
UPDATE payments p SET fee_paise = f.amount_paise
  FROM admissions a JOIN admission_fees f ON f.admission_class = a.admission_class
 WHERE p.entity = 'admission' AND a.id = p.record_id;
UPDATE payments SET fee_paise = 500 * 100 WHERE entity = 'tc-request';

-- Press articles and magazine issues. Words in English, Hindi or both (one at least for a title).
-- A cover and a PDF are staff files (migration 0019, public once claimed); the entries that came
-- with the site keep their files under public/ by a legacy address, until the office replaces them.
CREATE TABLE press_articles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL,
  title_en text NOT NULL DEFAULT '',
  title_hi text NOT NULL DEFAULT '',
  summary_en text NOT NULL DEFAULT '',
  summary_hi text NOT NULL DEFAULT '',
  published_on text NOT NULL,
  cover_alt_en text NOT NULL DEFAULT '',
  cover_alt_hi text NOT NULL DEFAULT '',
  cover_file uuid REFERENCES staff_files (id),
  cover_width integer,
  cover_height integer,
  pdf_file uuid REFERENCES staff_files (id),
  legacy_cover_url text,
  legacy_pdf_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (title_en <> '' OR title_hi <> '')
);
CREATE INDEX press_articles_date_idx ON press_articles (published_on DESC, created_at DESC);

CREATE TABLE magazine_issues (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title_en text NOT NULL DEFAULT '',
  title_hi text NOT NULL DEFAULT '',
  description_en text NOT NULL DEFAULT '',
  description_hi text NOT NULL DEFAULT '',
  issue_month text NOT NULL CHECK (issue_month ~ '^[0-9]{4}-[0-9]{2}$'),
  cover_file uuid REFERENCES staff_files (id),
  cover_width integer,
  cover_height integer,
  pdf_file uuid REFERENCES staff_files (id),
  legacy_cover_url text,
  legacy_pdf_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (title_en <> '' OR title_hi <> '')
);
CREATE INDEX magazine_issues_month_idx ON magazine_issues (issue_month DESC, created_at DESC);

INSERT INTO press_articles (source, title_en, title_hi, summary_en, summary_hi, published_on, cover_alt_en, cover_alt_hi, cover_width, cover_height, legacy_cover_url) VALUES
  ('दैनिक समाचार', 'Rural school tops district in CBSE board results', 'सीबीएसई बोर्ड परीक्षा में ग्रामीण विद्यालय ज़िले में प्रथम',
   'Class X and XII students from Sikandrabad posted a 98% pass rate, the best among rural schools in the district.', 'सिकंदराबाद के कक्षा 10 और 12 के विद्यार्थियों का परीक्षा परिणाम 98% रहा, जो ज़िले के ग्रामीण विद्यालयों में सबसे अच्छा है।',
   '2026-05-14', 'Newspaper clipping with a photo of students at the morning assembly', 'प्रार्थना सभा में खड़े विद्यार्थियों की फ़ोटो वाली अख़बार की कतरन', 640, 400, '/images/press/press-1.jpg'),
  ('The Bulandshahr Times', 'Students shine at state science exhibition', 'राज्य विज्ञान प्रदर्शनी में हमारे विद्यार्थी छाए',
   'A low-cost water-testing kit built by Class IX students won a special mention from the judges.', 'कक्षा 9 के विद्यार्थियों की बनाई पानी जाँचने की सस्ती किट को निर्णायकों ने विशेष रूप से सराहा।',
   '2025-11-22', 'Newspaper clipping showing science fair stalls', 'विज्ञान प्रदर्शनी के स्टॉल दिखाती अख़बार की कतरन', 640, 400, '/images/press/press-2.jpg'),
  ('अमर प्रभात', 'Annual sports meet draws 2,000 spectators', 'वार्षिक खेलकूद प्रतियोगिता देखने 2,000 दर्शक पहुँचे',
   'Junior (Classes 1-5) and senior (Classes 6-12) sports days filled the campus grounds with families from nearby villages.', 'कनिष्ठ (कक्षा 1-5) और वरिष्ठ (कक्षा 6-12) खेल दिवस पर आसपास के गाँवों के परिवारों से विद्यालय का मैदान भर गया।',
   '2025-02-09', 'Newspaper clipping showing runners on the school track', 'विद्यालय के ट्रैक पर दौड़ते बच्चों की फ़ोटो वाली अख़बार की कतरन', 640, 400, '/images/press/press-3.jpg'),
  ('Western UP Herald', 'GPS school buses bring peace of mind to village parents', 'जीपीएस वाली स्कूल बसों से गाँव के अभिभावक निश्चिंत',
   'Parents can now follow the school bus on their phones as it covers routes across 40 villages.', 'अब अभिभावक अपने फ़ोन पर देख सकते हैं कि 40 गाँवों तक जाने वाली स्कूल बस कहाँ पहुँची है।',
   '2024-08-03', 'Newspaper clipping with a photo of a yellow school bus', 'पीली स्कूल बस की फ़ोटो वाली अख़बार की कतरन', 640, 400, '/images/press/press-4.jpg'),
  ('जन जागरण एक्सप्रेस', 'New school library opens its doors to village readers', 'विद्यालय का नया पुस्तकालय गाँव के पाठकों के लिए खुला',
   'The expanded library lends books to students'' families and hosts a weekly story hour.', 'बड़ा हुआ पुस्तकालय विद्यार्थियों के परिवारों को भी किताबें देता है और हर सप्ताह कहानी का समय रखता है।',
   '2023-09-18', 'Newspaper clipping with a photo of library shelves', 'पुस्तकालय की अलमारियों की फ़ोटो वाली अख़बार की कतरन', 640, 400, '/images/press/press-5.jpg'),
  ('Doaba Daily', 'Annual day celebrates folk arts of the region', 'वार्षिकोत्सव में क्षेत्र की लोक कलाओं की झलक',
   'Over 300 students performed Braj folk dances, a Hindi play and a choir in the school auditorium.', 'विद्यालय के सभागार में 300 से अधिक विद्यार्थियों ने ब्रज के लोकनृत्य, एक हिंदी नाटक और समूह गान प्रस्तुत किया।',
   '2022-12-20', 'Newspaper clipping with a photo of students on a lit stage', 'रोशनी से सजे मंच पर विद्यार्थियों की फ़ोटो वाली अख़बार की कतरन', 640, 400, '/images/press/press-6.jpg');

INSERT INTO magazine_issues (title_en, title_hi, description_en, description_hi, issue_month, cover_width, cover_height, legacy_cover_url, legacy_pdf_url) VALUES
  ('New Session, New Beginnings', 'नया सत्र, नई शुरुआत', 'Welcoming the 2026-27 session: new admissions, the smart-class upgrade and our board toppers.', 'सत्र 2026-27 का स्वागत: नए प्रवेश, स्मार्ट कक्षाएँ और बोर्ड परीक्षा में अव्वल हमारे विद्यार्थी।', '2026-04', 600, 800, '/images/magazine/chronicle-2026-04.jpg', '/magazines/chronicle-2026-04.pdf'),
  ('Annual Day Special', 'वार्षिकोत्सव विशेषांक', 'Stories and photographs from Annual Day 2025, with folk dance, drama and the prize distribution.', 'वार्षिकोत्सव 2025 की झलकियाँ और फ़ोटो: लोकनृत्य, नाटक और पुरस्कार वितरण।', '2025-12', 600, 800, '/images/magazine/chronicle-2025-12.jpg', '/magazines/chronicle-2025-12.pdf'),
  ('Science and Innovation', 'विज्ञान और नवाचार', 'Our young scientists at the regional science exhibition, with projects on water, soil and solar power.', 'क्षेत्रीय विज्ञान प्रदर्शनी में हमारे नन्हे वैज्ञानिक: पानी, मिट्टी और सौर ऊर्जा पर उनके प्रोजेक्ट।', '2025-08', 600, 800, '/images/magazine/chronicle-2025-08.jpg', '/magazines/chronicle-2025-08.pdf'),
  ('Sports and Fitness', 'खेल और स्वास्थ्य', 'Junior and senior sports days, the inter-house championship and our kabaddi team''s district title.', 'कनिष्ठ और वरिष्ठ खेल दिवस, सदनों के बीच प्रतियोगिता और ज़िला चैंपियन बनी हमारी कबड्डी टीम।', '2025-02', 600, 800, '/images/magazine/chronicle-2025-02.jpg', '/magazines/chronicle-2025-02.pdf'),
  ('Reading Village', 'पढ़ता गाँव', 'The library''s reading campaign, book reviews by students and the story-telling week.', 'पुस्तकालय का पढ़ने का अभियान, विद्यार्थियों की लिखी पुस्तक समीक्षाएँ और कहानी सप्ताह।', '2024-10', 600, 800, '/images/magazine/chronicle-2024-10.jpg', '/magazines/chronicle-2024-10.pdf'),
  ('Twelve Years of Excellence', 'उत्कृष्टता के बारह वर्ष', 'Looking back to 2012: how a small school on Station Road grew into a senior secondary campus.', '2012 से अब तक: स्टेशन रोड का एक छोटा विद्यालय कैसे सीनियर सेकेंडरी परिसर बना।', '2024-03', 600, 800, '/images/magazine/chronicle-2024-03.jpg', '/magazines/chronicle-2024-03.pdf');
