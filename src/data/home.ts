/** Texts and figures of the home page, in English and in Hindi (the photos are shared). */
import learningCentre from '../assets/photos/learning-centre.jpg';
import auditorium from '../assets/photos/auditorium.jpg';
import technology from '../assets/photos/computer-lab.jpg';
import holistic from '../assets/photos/holistic.jpg';
import hero from '../assets/photos/campus-hero.jpg';
import cbseLogo from '../assets/logos/cbse.png';
import { FOUNDED_YEAR } from '../lib/years.ts';
import type { Language } from '../lib/i18n/index.ts';

interface Link {
  label: string;
  /** The English page; a Hindi home links to it under /hi/. */
  href: string;
}

interface HomeText {
  title: string;
  description: string;
  hero: { eyebrow: string; heading: string; text: string; image: ImageMetadata; imageAlt: string; apply: Link; tour: Link };
  /** The heading (for screen readers) of the figures, and the label of the years figure computed from the founding year. */
  statsHeading: string;
  yearsLabel: string;
  stats: { value: string; label: string }[];
  about: {
    heading: string;
    text: string;
    glanceHeading: string;
    glance: { label: string; value: string }[];
    cards: { title: string; text: string; href: string; image: ImageMetadata; imageAlt: string }[];
  };
  mission: { heading: string; text: string; tagline: string };
  accreditation: { heading: string; name: string; issuedBy: string; recognition: string; logo: ImageMetadata; logoAlt: string };
}

const en: HomeText = {
  title: 'CBSE Senior Secondary School in Sikandrabad, Bulandshahr',
  description: 'R.M.C.P. Senior Secondary School & Academy: CBSE school from pre-primary to Class XII on a 10-acre campus in Sikandrabad, Uttar Pradesh. Since 2012.',
  hero: {
    eyebrow: `CBSE affiliated · Since ${FOUNDED_YEAR}`,
    heading: 'A world-class education, close to home',
    text: 'From pre-primary to Class XII, our 50+ educators give the children of Sikandrabad and its villages a CBSE education that opens every door, on a safe and green 10-acre campus.',
    image: hero,
    imageAlt: 'The R.M.C.P. school building with the national flag, trees and students on the lawn',
    apply: { label: 'Apply Now', href: '/admissions/apply/primary' },
    tour: { label: 'Virtual Tour', href: '/infrastructure/overview' },
  },
  statsHeading: 'The school in numbers',
  yearsLabel: 'Years of excellence',
  stats: [
    { value: '98%', label: 'Admission acceptance' },
    { value: '15:1', label: 'Student-teacher ratio' },
    { value: '20+', label: 'Extracurricular activities' },
  ],
  about: {
    heading: 'About our school',
    text: 'Established in 2012, R.M.C.P. Senior Secondary School & Academy grew from a few classrooms into a fully recognised CBSE senior secondary school. We teach in small classes, know every child by name and measure success by character as well as marks.',
    glanceHeading: 'At a glance',
    glance: [
      { label: 'Board', value: 'CBSE' },
      { label: 'Campus', value: '10-acre campus' },
      { label: 'Student-teacher ratio', value: '15:1' },
      { label: 'Faculty', value: '50+ faculty' },
    ],
    cards: [
      { title: 'Learning Centre', text: 'Small-group help for Classes I to XII in reading, mathematics, science and study skills.', href: '/infrastructure/learning-centre', image: learningCentre, imageAlt: 'A teacher working with students at a small table' },
      { title: 'Auditorium', text: 'A 500+ seat hall with stage lighting, sound and projection for events and performances.', href: '/infrastructure/auditorium', image: auditorium, imageAlt: 'The auditorium stage under spotlights' },
      { title: 'Technology', text: 'Smart classrooms, two computer labs and coding from Class VI.', href: '/academics/technology', image: technology, imageAlt: 'Students at computers in the lab' },
      { title: 'Holistic Development', text: 'Sports, arts, music, clubs and service: 20+ activities beyond the classroom.', href: '/academics/holistic-development', image: holistic, imageAlt: 'Students painting in the art room' },
    ],
  },
  mission: {
    heading: 'Our mission',
    text: 'To give the children of rural western Uttar Pradesh a complete CBSE education, from pre-primary to Class XII, that is rigorous, caring and affordable, so that no child has to leave home to learn well.',
    tagline: 'Rooted in values, reaching for excellence.',
  },
  accreditation: {
    heading: 'Accreditation',
    name: 'CBSE Affiliation',
    issuedBy: 'Issued by the Central Board of Secondary Education, New Delhi',
    recognition: 'Full recognition as a Senior Secondary School',
    logo: cbseLogo,
    logoAlt: 'CBSE affiliation seal',
  },
};

const hi: HomeText = {
  title: 'सिकंदराबाद, बुलंदशहर का सी.बी.एस.ई. सीनियर सेकेंडरी स्कूल',
  description: 'आर.एम.सी.पी. सीनियर सेकेंडरी स्कूल एवं एकेडमी: सिकंदराबाद (उत्तर प्रदेश) में 10 एकड़ परिसर वाला सी.बी.एस.ई. विद्यालय, प्री-प्राइमरी से कक्षा XII तक। 2012 से।',
  hero: {
    eyebrow: `सी.बी.एस.ई. से संबद्ध · ${FOUNDED_YEAR} से`,
    heading: 'घर के पास, उत्तम शिक्षा',
    text: 'प्री-प्राइमरी से कक्षा XII तक, हमारे 50 से अधिक शिक्षक सिकंदराबाद और आसपास के गाँवों के बच्चों को 10 एकड़ के सुरक्षित और हरे-भरे परिसर में ऐसी सी.बी.एस.ई. शिक्षा देते हैं जो आगे बढ़ने के सब रास्ते खोलती है।',
    image: hero,
    imageAlt: 'आर.एम.सी.पी. विद्यालय का भवन, राष्ट्रीय ध्वज, पेड़ और लॉन पर विद्यार्थी',
    apply: { label: 'प्रवेश हेतु आवेदन करें', href: '/admissions/apply/primary' },
    tour: { label: 'परिसर देखें', href: '/infrastructure/overview' },
  },
  statsHeading: 'विद्यालय एक नज़र में',
  yearsLabel: 'वर्षों का अनुभव',
  stats: [
    { value: '98%', label: 'आवेदनों को प्रवेश' },
    { value: '15:1', label: 'विद्यार्थी-शिक्षक अनुपात' },
    { value: '20+', label: 'पाठ्येतर गतिविधियाँ' },
  ],
  about: {
    heading: 'हमारा विद्यालय',
    text: '2012 में स्थापित आर.एम.सी.पी. सीनियर सेकेंडरी स्कूल एवं एकेडमी कुछ कमरों से शुरू होकर आज सी.बी.एस.ई. से पूर्ण मान्यता प्राप्त सीनियर सेकेंडरी विद्यालय है। हमारी कक्षाएँ छोटी हैं, हम हर बच्चे को नाम से जानते हैं और सफलता को अंकों के साथ-साथ अच्छे चरित्र से भी आँकते हैं।',
    glanceHeading: 'संक्षेप में',
    glance: [
      { label: 'बोर्ड', value: 'सी.बी.एस.ई.' },
      { label: 'परिसर', value: '10 एकड़' },
      { label: 'विद्यार्थी-शिक्षक अनुपात', value: '15:1' },
      { label: 'शिक्षक', value: '50 से अधिक' },
    ],
    cards: [
      { title: 'लर्निंग सेंटर', text: 'कक्षा I से XII तक के विद्यार्थियों को पढ़ने, गणित, विज्ञान और पढ़ाई के तरीकों में छोटे समूहों में अतिरिक्त सहायता।', href: '/infrastructure/learning-centre', image: learningCentre, imageAlt: 'छोटी मेज़ पर विद्यार्थियों के साथ पढ़ाती शिक्षिका' },
      { title: 'सभागार', text: 'कार्यक्रमों और प्रस्तुतियों के लिए 500 से अधिक सीटों वाला हॉल, मंच की रोशनी, साउंड और प्रोजेक्टर के साथ।', href: '/infrastructure/auditorium', image: auditorium, imageAlt: 'रोशनी में जगमगाता सभागार का मंच' },
      { title: 'कंप्यूटर एवं तकनीक', text: 'स्मार्ट क्लास, दो कंप्यूटर लैब और कक्षा VI से कोडिंग।', href: '/academics/technology', image: technology, imageAlt: 'कंप्यूटर लैब में कंप्यूटर पर काम करते विद्यार्थी' },
      { title: 'सर्वांगीण विकास', text: 'खेलकूद, कला, संगीत, क्लब और समाज सेवा: कक्षा के बाहर 20 से अधिक गतिविधियाँ।', href: '/academics/holistic-development', image: holistic, imageAlt: 'कला कक्ष में चित्र बनाते विद्यार्थी' },
    ],
  },
  mission: {
    heading: 'हमारा उद्देश्य',
    text: 'पश्चिमी उत्तर प्रदेश के गाँवों के बच्चों को प्री-प्राइमरी से कक्षा XII तक ऐसी पूरी सी.बी.एस.ई. शिक्षा देना जो मेहनत वाली, स्नेह भरी और कम ख़र्च की हो, ताकि अच्छी पढ़ाई के लिए किसी बच्चे को घर न छोड़ना पड़े।',
    tagline: 'संस्कारों से जुड़े, उत्कृष्टता की ओर बढ़ते।',
  },
  accreditation: {
    heading: 'मान्यता',
    name: 'सी.बी.एस.ई. संबद्धता',
    issuedBy: 'केंद्रीय माध्यमिक शिक्षा बोर्ड (सी.बी.एस.ई.), नई दिल्ली द्वारा प्रदत्त',
    recognition: 'सीनियर सेकेंडरी विद्यालय के रूप में पूर्ण मान्यता',
    logo: cbseLogo,
    logoAlt: 'सी.बी.एस.ई. संबद्धता की मुहर',
  },
};

export const home: Record<Language, HomeText> = { en, hi };
