/**
 * The site's navigation tree: the top bar, the section landings' cards,
 * the footer's quick links and the link tests all read it. Hrefs are the English pages'; a Hindi
 * page links to the same path under /hi/ (src/lib/language-paths.ts), with the `hi` words.
 */
import type { Language } from '../lib/i18n/index.ts';
import { pathIn } from '../lib/language-paths.ts';

interface NavWords {
  label: string;
  /** One line shown on the landing card that links here. */
  summary?: string;
}

export interface NavLink extends NavWords {
  href: string;
  hi: NavWords;
  children?: NavLink[];
}

/** An admin screen: English only, like the admin area. */
interface AdminLink {
  label: string;
  href: string;
}

export const navigation: NavLink[] = [
  { label: 'Home', href: '/', hi: { label: 'मुख्य पृष्ठ' } },
  {
    label: 'Academy',
    href: '/academy',
    summary: 'Who we are, what we stand for and the people who lead the school.',
    hi: { label: 'विद्यालय', summary: 'हम कौन हैं, हमारे आदर्श और विद्यालय का नेतृत्व करने वाले लोग।' },
    children: [
      { label: 'About', href: '/academy/about', summary: 'Our story since 2012 and life on our 10-acre campus.', hi: { label: 'परिचय', summary: '2012 से अब तक की हमारी यात्रा और 10 एकड़ के परिसर का जीवन।' } },
      { label: 'Mission', href: '/academy/mission', summary: 'Our mission, vision and the values we teach by.', hi: { label: 'उद्देश्य', summary: 'हमारा उद्देश्य, हमारी सोच और वे मूल्य जो हम सिखाते हैं।' } },
      { label: 'Founder Message', href: '/academy/founder-message', summary: 'Why the school was founded, in the founder’s words.', hi: { label: 'संस्थापक का संदेश', summary: 'विद्यालय क्यों शुरू हुआ, संस्थापक के शब्दों में।' } },
      { label: 'Chairperson Message', href: '/academy/chairperson-message', summary: 'The chairperson on quality, access and trust.', hi: { label: 'अध्यक्ष का संदेश', summary: 'गुणवत्ता, सबकी पहुँच और भरोसे पर अध्यक्ष के विचार।' } },
      { label: "Principal's Message", href: '/academy/principal-message', summary: 'The principal on learning, discipline and care.', hi: { label: 'प्रधानाचार्य का संदेश', summary: 'पढ़ाई, अनुशासन और देखभाल पर प्रधानाचार्य के विचार।' } },
      { label: 'Accreditation', href: '/academy/accreditation', summary: 'CBSE affiliation and our recognitions.', hi: { label: 'मान्यता', summary: 'सी.बी.एस.ई. से संबद्धता और विद्यालय की मान्यताएँ।' } },
      { label: 'Mandatory Disclosure', href: '/academy/mandatory-disclosure', summary: 'CBSE mandatory public disclosure: documents, staff, results and infrastructure.', hi: { label: 'अनिवार्य सार्वजनिक प्रकटीकरण', summary: 'सी.बी.एस.ई. द्वारा माँगी गई जानकारी: दस्तावेज़, शिक्षक, परीक्षाफल और भवन।' } },
    ],
  },
  {
    label: 'Academics',
    href: '/academics',
    summary: 'How we teach, from the first day of nursery to the Class XII board examinations.',
    hi: { label: 'शिक्षण', summary: 'नर्सरी के पहले दिन से कक्षा XII की बोर्ड परीक्षा तक हम कैसे पढ़ाते हैं।' },
    children: [
      {
        label: 'Methodology',
        href: '/academics/methodology',
        summary: 'Three wings, each with a way of teaching suited to its age band.',
        hi: { label: 'शिक्षण पद्धति', summary: 'तीन विभाग, हर एक में बच्चों की उम्र के अनुसार पढ़ाने का तरीका।' },
        children: [
          { label: 'Pre-primary Wing', href: '/academics/methodology/primary', summary: 'Ages 2-6: P.N.C, N.C and K.G, learning through play.', hi: { label: 'पूर्व-प्राथमिक विभाग (P.N.C–K.G)', summary: '2 से 6 वर्ष: P.N.C, N.C और K.G, खेल-खेल में शिक्षा।' } },
          { label: 'Middle Wing', href: '/academics/methodology/middle', summary: 'Ages 6-11: Classes I-V, strong foundations in language and numbers.', hi: { label: 'मध्य विभाग', summary: '6 से 11 वर्ष: कक्षा I-V, भाषा और गणित की मज़बूत नींव।' } },
          { label: 'Senior Wing', href: '/academics/methodology/senior', summary: 'Ages 12-18: Classes VI-XII, subject depth and board preparation.', hi: { label: 'वरिष्ठ विभाग', summary: '12 से 18 वर्ष: कक्षा VI-XII, विषयों की गहरी पढ़ाई और बोर्ड परीक्षा की तैयारी।' } },
        ],
      },
      { label: 'Holistic Development', href: '/academics/holistic-development', summary: 'Arts, sports, values and 20+ extracurricular activities.', hi: { label: 'सर्वांगीण विकास', summary: 'कला, खेलकूद, संस्कार और 20 से अधिक पाठ्येतर गतिविधियाँ।' } },
      { label: 'Technology', href: '/academics/technology', summary: 'Smart classrooms, computer labs and digital literacy.', hi: { label: 'कंप्यूटर एवं तकनीक', summary: 'स्मार्ट क्लास, कंप्यूटर लैब और डिजिटल साक्षरता।' } },
      { label: 'Guidance Counseling', href: '/academics/guidance-counseling', summary: 'Career guidance and a counsellor students can talk to.', hi: { label: 'मार्गदर्शन एवं परामर्श', summary: 'कैरियर मार्गदर्शन और परामर्शदाता, जिनसे विद्यार्थी खुलकर बात कर सकें।' } },
      { label: 'Academic Calendar', href: '/calendar', summary: 'Events, examinations and holidays, month by month.', hi: { label: 'शैक्षणिक कैलेंडर', summary: 'विद्यालय के कार्यक्रम, परीक्षाएँ और अवकाश, महीनेवार।' } },
    ],
  },
  {
    label: 'Infrastructure',
    href: '/infrastructure',
    summary: 'The buildings, grounds and services on our 10-acre campus.',
    hi: { label: 'भवन एवं परिसर', summary: 'हमारे 10 एकड़ के परिसर के भवन, मैदान और सुविधाएँ।' },
    children: [
      { label: 'Auditorium', href: '/infrastructure/auditorium', summary: 'A 500+ seat hall with stage lighting and sound.', hi: { label: 'सभागार', summary: '500 से अधिक सीटों वाला हॉल, मंच की रोशनी और साउंड के साथ।' } },
      { label: 'Sports', href: '/infrastructure/sports', summary: 'Grounds, courts, coaching and our annual sports days.', hi: { label: 'खेलकूद', summary: 'मैदान, कोर्ट, प्रशिक्षण और वार्षिक खेल दिवस।' } },
      {
        label: 'Facilities',
        href: '/infrastructure/facilities',
        summary: 'Transport, health care and security for every child.',
        hi: { label: 'सुविधाएँ', summary: 'हर बच्चे के लिए वाहन, स्वास्थ्य और सुरक्षा की व्यवस्था।' },
        children: [
          { label: 'Transportation', href: '/infrastructure/facilities/transportation', summary: 'GPS-equipped buses with route coverage and live tracking.', hi: { label: 'वाहन सुविधा', summary: 'जी.पी.एस. वाली बसें, सभी रूट और बस की लाइव जानकारी।' } },
          { label: 'Health', href: '/infrastructure/facilities/health', summary: 'A doctor, a senior nursing officer and an emergency ambulance.', hi: { label: 'स्वास्थ्य', summary: 'डॉक्टर, वरिष्ठ नर्सिंग अधिकारी और आपात स्थिति के लिए एम्बुलेंस।' } },
          { label: 'Security', href: '/infrastructure/facilities/security', summary: 'Guards, ID cards, CCTV and fire safety.', hi: { label: 'सुरक्षा', summary: 'सुरक्षा गार्ड, पहचान पत्र, सी.सी.टी.वी. और अग्नि सुरक्षा।' } },
        ],
      },
      { label: 'Learning Centre', href: '/infrastructure/learning-centre', summary: 'Extra help for Classes I to XII, with remedial areas.', hi: { label: 'लर्निंग सेंटर', summary: 'कक्षा I से XII तक के विद्यार्थियों के लिए अतिरिक्त सहायता और उपचारात्मक शिक्षण।' } },
      { label: 'Overview', href: '/infrastructure/overview', summary: 'Classrooms, activity rooms, labs and safety features.', hi: { label: 'परिसर की झलक', summary: 'कक्षाएँ, गतिविधि कक्ष, प्रयोगशालाएँ और सुरक्षा के इंतज़ाम।' } },
      { label: 'Library', href: '/infrastructure/library', summary: 'Books, reading rooms, services and opening hours.', hi: { label: 'पुस्तकालय', summary: 'पुस्तकें, वाचनालय, सेवाएँ और खुलने का समय।' } },
    ],
  },
  {
    label: 'Admissions',
    href: '/admissions',
    summary: 'Apply online, check an application, or request a transfer certificate.',
    hi: { label: 'प्रवेश', summary: 'ऑनलाइन प्रवेश आवेदन, आवेदन की स्थिति या टी.सी. के लिए आवेदन।' },
    children: [
      {
        label: 'Admission',
        href: '/admissions/apply',
        summary: 'Three online application forms, one for each wing.',
        hi: { label: 'प्रवेश आवेदन', summary: 'तीन ऑनलाइन आवेदन फ़ॉर्म, हर विभाग के लिए एक।' },
        children: [
          { label: 'Pre-primary (P.N.C–K.G)', href: '/admissions/apply/primary', summary: 'Application form for the early years: P.N.C, N.C and K.G.', hi: { label: 'पूर्व-प्राथमिक (P.N.C–K.G)', summary: 'P.N.C, N.C और K.G में प्रवेश के लिए आवेदन फ़ॉर्म।' } },
          { label: 'Middle (Classes 1-5)', href: '/admissions/apply/middle', summary: 'Application form for Classes 1 to 5.', hi: { label: 'मध्य (कक्षा I-V)', summary: 'कक्षा I से V में प्रवेश के लिए आवेदन फ़ॉर्म।' } },
          { label: 'Senior (Classes 6-12)', href: '/admissions/apply/senior', summary: 'Application form for Classes 6 to 12.', hi: { label: 'वरिष्ठ (कक्षा VI-XII)', summary: 'कक्षा VI से XII में प्रवेश के लिए आवेदन फ़ॉर्म।' } },
        ],
      },
      { label: 'Fees', href: '/admissions/fees', summary: 'The admission fee of each class, and the fee for a transfer certificate.', hi: { label: 'शुल्क', summary: 'हर कक्षा का प्रवेश शुल्क और टी.सी. का शुल्क।' } },
      { label: 'TC Request', href: '/admissions/tc-request', summary: 'Request a transfer certificate online.', hi: { label: 'टी.सी. हेतु आवेदन', summary: 'स्थानांतरण प्रमाण पत्र (टी.सी.) के लिए ऑनलाइन आवेदन करें।' } },
      { label: 'Application Status', href: '/admissions/status', summary: 'Check an application with its reference number and your mobile number.', hi: { label: 'आवेदन की स्थिति', summary: 'आवेदन क्रमांक और अपने मोबाइल नंबर से आवेदन की स्थिति देखें।' } },
      { label: 'TC Verification', href: '/tc-verification', summary: 'Check a transfer certificate issued by the school, by its number and date of issue.', hi: { label: 'टी.सी. सत्यापन', summary: 'विद्यालय द्वारा जारी टी.सी. को उसकी संख्या और जारी होने की तिथि से जाँचें।' } },
    ],
  },
  {
    label: 'Press',
    href: '/press',
    summary: 'The school in the news, and our own magazine.',
    hi: { label: 'समाचार', summary: 'समाचार पत्रों में विद्यालय, और हमारी अपनी पत्रिका।' },
    children: [
      { label: 'Coverage', href: '/press/coverage', summary: 'Newspaper reports about our students and events.', hi: { label: 'अख़बारों में', summary: 'हमारे विद्यार्थियों और कार्यक्रमों पर समाचार पत्रों की ख़बरें।' } },
      { label: 'Magazine', href: '/press/magazine', summary: 'Our e-magazine, with issues dating back to 2012.', hi: { label: 'ई-पत्रिका', summary: 'हमारी ई-पत्रिका, 2012 से अब तक के अंक।' } },
    ],
  },
  { label: 'Vacancies', href: '/vacancies', hi: { label: 'रिक्त पद' } },
  { label: 'Gallery', href: '/gallery', hi: { label: 'फ़ोटो गैलरी' } },
];

/** The admin menu (shown only to a signed-in administrator). */
export const adminNavigation: AdminLink[] = [
  { label: 'Vacancies', href: '/admin/vacancies/panel' },
  { label: 'TC Requests', href: '/admin/tc-requests/panel' },
  { label: 'Gallery', href: '/admin/gallery/panel' },
  { label: 'Admissions', href: '/admin/admissions/panel' },
  { label: 'Enquiries', href: '/admin/enquiry/panel' },
];

/** The footer's quick links (by href, so their words are the tree's), then the magazine under its own name. */
export const footerLinks: NavLink[] = [
  // What parents come to a school's site for most: every page's footer leads to them.
  { label: 'Notices', href: '/notices', hi: { label: 'सूचनाएँ एवं परिपत्र' } },
  ...['/academy/mandatory-disclosure', '/admissions', '/admissions/tc-request', '/vacancies', '/gallery'].map((href) => findNav(href)!),
  { label: 'E-Magazine', href: '/press/magazine', hi: { label: 'ई-पत्रिका' } },
  { label: 'Privacy notice', href: '/privacy', hi: { label: 'गोपनीयता सूचना' } },
];

/** A link's words and href in `language`. */
export function navIn(language: Language, link: NavLink): { label: string; summary?: string; href: string } {
  const words = language === 'hi' ? link.hi : link;
  return { label: words.label, summary: words.summary, href: pathIn(language, link.href) };
}

/** Finds a node of the tree by its href. */
export function findNav(href: string, nodes: NavLink[] = navigation): NavLink | undefined {
  for (const node of nodes) {
    if (node.href === href) return node;
    const found = node.children && findNav(href, node.children);
    if (found) return found;
  }
  return undefined;
}

/** Every href in the tree, depth first. */
export function allNavHrefs(nodes: NavLink[] = navigation): string[] {
  return nodes.flatMap((n) => [n.href, ...allNavHrefs(n.children ?? [])]);
}

/** The chain of nodes from the top of the tree down to href (for breadcrumbs). */
export function navTrail(href: string, nodes: NavLink[] = navigation, trail: NavLink[] = []): NavLink[] | undefined {
  for (const node of nodes) {
    const here = [...trail, node];
    if (node.href === href) return here;
    const found = node.children && navTrail(href, node.children, here);
    if (found) return found;
  }
  return undefined;
}
