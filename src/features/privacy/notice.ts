/**
 * The privacy notice, item by item, in English and Hindi: what each form collects and why, who sees
 * it, how long it is kept, the parent's rights and whom to ask. Its facts (retention periods, the
 * grievance officer, whether Aadhaar is asked for) come from the school's settings, so the notice
 * never says other than what the site does. The pages /privacy and /hi/privacy draw it; every
 * consent stores the version of this text (notice-version.server.ts).
 */
import { privacy, type PrivacySettings } from '../../config/privacy.ts';
import { site } from '../../config/site.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';
import { BANDS, wingRange } from '../../lib/classes.ts';
import { offeredClassesOf } from '../../lib/school-profile.ts';

/** The admission forms by the wings the school starts with ("Middle (Classes 1-5), Senior (Classes 6-10)"), named as the menus name them. */
const admissionForms = (language: Language) => {
  const offered = offeredClassesOf(site.starting.classes);
  return BANDS.flatMap((band) => {
    const range = wingRange(band, offered, language);
    return range ? [fill(language, `wing.label.${band}`, { range })] : [];
  }).join(', ');
};

export interface CollectedItem {
  form: string;
  /** Where the form is. */
  path: string;
  collects: string[];
  why: string;
}

export interface NoticeSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface Notice {
  title: string;
  description: string;
  intro: string[];
  collected: { heading: string; columns: [string, string, string]; rows: CollectedItem[] };
  sections: NoticeSection[];
  grievance: { heading: string; lines: string[] };
  /** "Notice version abc123, …": how the office matches a consent to this text. */
  versionLabel: string;
}

const years = (days: number) => days / 365;

function english(s: PrivacySettings): Notice {
  const r = s.retention;
  const g = s.grievanceOfficer;
  const aadhaar = s.aadhaarRequired
    ? "The student's Aadhaar number and the Aadhaar cards are asked for to confirm identity and to register the student with CBSE and the State's school records."
    : "Giving the student's Aadhaar number and the Aadhaar cards is voluntary: no admission depends on it. If you give them, they are used only to confirm identity and to register the student with CBSE and the State's school records.";
  return {
    title: 'Privacy notice',
    description: `How ${site.contact.shortName} uses the details parents give on its online forms, how long they are kept, and parents' rights.`,
    intro: [
      `${site.contact.name} ("the school") asks for personal details of children and their parents on this website. This notice says, item by item, what each form collects, why, who sees it, how long it is kept and what you can ask of us. It follows India's Digital Personal Data Protection Act, 2023.`,
      'A form can be sent only by a parent or lawful guardian of the child, who agrees to what this notice describes by ticking the box at the end of the form.',
    ],
    collected: {
      heading: 'What each form collects and why',
      columns: ['Form', 'What it collects', 'Why'],
      rows: [
        {
          form: 'Admission enquiry (pop-up on the home page)',
          path: '/',
          collects: [
            "student's name, class sought, gender, date of birth, category",
            "parents' names, and their occupations if you give them",
            "father's mobile number, address, and an e-mail address if you give one",
            'last school attended and who referred you, if you give them',
          ],
          why: 'To call you back about admission, seats and fees, and to invite you to visit the school.',
        },
        {
          form: `Admission forms: ${admissionForms('en')}`,
          path: '/admissions/apply',
          collects: [
            "student's and parents' names, the student's date of birth and gender, class sought, home address, contact number",
            `student's Aadhaar number${s.aadhaarRequired ? '' : ' (voluntary)'} and ABC (APAAR) ID, or that you refuse it or it could not be generated`,
            `photos of the student and parents; Aadhaar cards${s.aadhaarRequired ? '' : ' (voluntary)'}; birth, domicile and previous school certificates, marksheets, ABC card, scholarship document`,
          ],
          why: `To decide the admission, check eligibility and documents, collect the fee and register the admitted student with CBSE. ${aadhaar}`,
        },
        {
          form: 'Transfer certificate (TC) request',
          path: '/admissions/tc-request',
          collects: [
            `student's name, admission number, Aadhaar number${s.aadhaarRequired ? '' : ' (voluntary)'}`,
            "parent's name, contact number, and an e-mail address if you give one",
            'reason for the TC',
          ],
          why: 'To find the student in our records, prepare and issue the transfer certificate, and tell you when it is ready.',
        },
        {
          form: 'Status check',
          path: '/admissions/status',
          collects: ['the reference or admission number and the mobile number you gave'],
          why: 'To show you the status of your own application only. Nothing new is stored.',
        },
      ],
    },
    sections: [
      {
        heading: 'Who sees it',
        paragraphs: [
          'Only the school office staff and the principal, each with their own account. Every time someone opens an application or a document it is written to an access log, kept for at least one year. Documents are never public.',
          'We do not sell or share these details. We pass them on only where the law requires it: to CBSE and to the State education department for an admitted student.',
        ],
      },
      {
        heading: 'How long it is kept',
        items: [
          `Admission enquiry: ${years(r.enquiryDays)} years after its last update, then erased.`,
          `Application not admitted or withdrawn: erased ${r.closedApplicationDays} days after that decision.`,
          "Application of an admitted student: kept as the pupil's school record.",
          `TC request: ${years(r.decidedTcRequestDays)} years after the TC is issued or the request is rejected, then erased.`,
          'Documents chosen on a form that was never sent: deleted within a day.',
          "Erasing removes the names, numbers, addresses and documents; only an anonymous count (class, status, dates) stays for the school's statistics.",
        ],
      },
      {
        heading: 'Your rights',
        items: [
          'Access: ask what we hold about your child and receive a copy of it.',
          'Correction: ask us to correct anything that is wrong or incomplete.',
          'Erasure: ask us to erase the details once they are no longer needed.',
          'Withdrawing consent: you may withdraw your consent at any time; we then erase the details, unless the child has been admitted, when the principal records the withdrawal and decides with you what the school must keep.',
          'Nomination: you may name another person to act for you if you die or are unable to act.',
          'Complaint: complain to our grievance officer (below) and, if you are not satisfied, to the Data Protection Board of India.',
        ],
      },
      {
        heading: 'How to use them',
        paragraphs: [
          'Write to or call the grievance officer, or come to the school office, with your reference number (or admission number) and the mobile number you gave. We answer within 30 days. To protect your child, we first confirm that you are the parent or guardian.',
        ],
      },
      {
        heading: 'Keeping it safe',
        paragraphs: [
          'Aadhaar numbers are stored encrypted and shown only as the last four digits. Staff sign in with their own passwords. If the details are ever exposed, we inform the Data Protection Board and the parents affected within 72 hours.',
        ],
      },
    ],
    grievance: {
      heading: 'Grievance officer',
      lines: [
        g.name ? `${g.name}, ${g.role.en}` : `The ${g.role.en}`,
        site.contact.name,
        site.contact.address,
        ...(g.phone || g.email
          ? [g.phone && `Phone: ${g.phone}`, g.email && `E-mail: ${g.email}`].filter((line): line is string => !!line)
          : ['Through the school office: its phone and e-mail are at the foot of this page.']),
      ],
    },
    versionLabel: 'Notice version',
  };
}

function hindi(s: PrivacySettings): Notice {
  const r = s.retention;
  const g = s.grievanceOfficer;
  const voluntary = s.aadhaarRequired ? '' : ' (देना ज़रूरी नहीं)';
  const aadhaar = s.aadhaarRequired
    ? 'छात्र का आधार नंबर और आधार कार्ड पहचान की पुष्टि और सीबीएसई व राज्य के विद्यालय अभिलेख में पंजीकरण के लिए लिए जाते हैं।'
    : 'छात्र का आधार नंबर और आधार कार्ड देना आपकी इच्छा पर है, इसके बिना भी प्रवेश होगा। देने पर इनका उपयोग केवल पहचान की पुष्टि और सीबीएसई व राज्य के विद्यालय अभिलेख में पंजीकरण के लिए होगा।';
  return {
    title: 'गोपनीयता सूचना',
    description: `${site.contact.hindiName} ऑनलाइन फ़ॉर्म में दी गई जानकारी का उपयोग कैसे करता है, उसे कब तक रखता है और अभिभावकों के अधिकार।`,
    intro: [
      `${site.contact.hindiName} (आगे "विद्यालय") इस वेबसाइट पर बच्चों और उनके माता-पिता की व्यक्तिगत जानकारी माँगता है। इस सूचना में एक-एक करके बताया गया है कि कौन सा फ़ॉर्म क्या जानकारी लेता है, क्यों लेता है, उसे कौन देखता है, कब तक रखी जाती है और आप हमसे क्या माँग सकते हैं। यह डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 के अनुसार है।`,
      'फ़ॉर्म केवल बच्चे के माता-पिता या कानूनी अभिभावक ही भेज सकते हैं। फ़ॉर्म के अंत में बना बॉक्स चुनकर आप इस सूचना में लिखी बातों पर अपनी सहमति देते हैं।',
    ],
    collected: {
      heading: 'कौन सा फ़ॉर्म क्या जानकारी लेता है और क्यों',
      columns: ['फ़ॉर्म', 'कौन सी जानकारी', 'किस लिए'],
      rows: [
        {
          form: 'प्रवेश संबंधी पूछताछ (मुख्य पृष्ठ पर खुलने वाला फ़ॉर्म)',
          path: '/hi/',
          collects: [
            'छात्र का नाम, कक्षा, लिंग, जन्म तिथि, वर्ग',
            'माता-पिता के नाम, और आप बताएँ तो उनका व्यवसाय',
            'पिता का मोबाइल नंबर, पता, और आप दें तो ई-मेल',
            'आप बताएँ तो पिछला विद्यालय और किसने बताया',
          ],
          why: 'प्रवेश, सीटों और शुल्क के बारे में आपसे बात करने और विद्यालय देखने के लिए बुलाने के लिए।',
        },
        {
          form: `प्रवेश फ़ॉर्म: ${admissionForms('hi')}`,
          path: '/hi/admissions/apply',
          collects: [
            'छात्र और माता-पिता के नाम, छात्र की जन्म तिथि और लिंग, कक्षा, घर का पता, संपर्क नंबर',
            `छात्र का आधार नंबर${voluntary} और ABC (APAAR) आईडी, या यह कि आप इसे नहीं बनवाना चाहते या यह नहीं बन सकी`,
            `छात्र और माता-पिता की फ़ोटो; आधार कार्ड${voluntary}; जन्म, निवास और पिछले विद्यालय के प्रमाण पत्र, अंकपत्र, ABC कार्ड, छात्रवृत्ति का कागज़`,
          ],
          why: `प्रवेश पर निर्णय, पात्रता और दस्तावेज़ों की जाँच, शुल्क जमा करने और प्रवेश पाए छात्र का सीबीएसई में पंजीकरण करने के लिए। ${aadhaar}`,
        },
        {
          form: 'स्थानांतरण प्रमाण पत्र (टी.सी.) का आवेदन',
          path: '/hi/admissions/tc-request',
          collects: [
            `छात्र का नाम, प्रवेश संख्या, आधार नंबर${voluntary}`,
            'अभिभावक का नाम, संपर्क नंबर, और आप दें तो ई-मेल',
            'टी.सी. लेने का कारण',
          ],
          why: 'हमारे अभिलेख में छात्र को खोजने, टी.सी. बनाकर देने और तैयार होने पर आपको सूचना देने के लिए।',
        },
        {
          form: 'आवेदन की स्थिति',
          path: '/hi/admissions/status',
          collects: ['आपका आवेदन क्रमांक या प्रवेश संख्या और फ़ॉर्म में दिया मोबाइल नंबर'],
          why: 'केवल आपके अपने आवेदन की स्थिति दिखाने के लिए। इसमें कोई नई जानकारी नहीं रखी जाती।',
        },
      ],
    },
    sections: [
      {
        heading: 'जानकारी कौन देखता है',
        paragraphs: [
          'केवल विद्यालय कार्यालय के कर्मचारी और प्रधानाचार्य, हर कोई अपने खाते से। जब भी कोई आवेदन या दस्तावेज़ खोलता है, उसका रिकॉर्ड बनता है, जो कम से कम एक वर्ष रखा जाता है। दस्तावेज़ कभी सार्वजनिक नहीं होते।',
          'हम यह जानकारी न बेचते हैं, न किसी को देते हैं। केवल कानून के अनुसार प्रवेश पाए छात्र की जानकारी सीबीएसई और राज्य के शिक्षा विभाग को भेजी जाती है।',
        ],
      },
      {
        heading: 'जानकारी कब तक रखी जाती है',
        items: [
          `प्रवेश संबंधी पूछताछ: आखिरी बदलाव के ${years(r.enquiryDays)} वर्ष बाद मिटा दी जाती है।`,
          `जिस आवेदन पर प्रवेश नहीं हुआ या जो वापस ले लिया गया: उस निर्णय के ${r.closedApplicationDays} दिन बाद मिटा दिया जाता है।`,
          'प्रवेश पाए छात्र का आवेदन: छात्र के विद्यालय अभिलेख के रूप में रखा जाता है।',
          `टी.सी. का आवेदन: टी.सी. जारी होने या आवेदन अस्वीकार होने के ${years(r.decidedTcRequestDays)} वर्ष बाद मिटा दिया जाता है।`,
          'जो फ़ॉर्म भेजा ही नहीं गया, उसमें चुने गए दस्तावेज़: एक दिन के भीतर हटा दिए जाते हैं।',
          'मिटाने पर नाम, नंबर, पते और दस्तावेज़ हट जाते हैं; विद्यालय के आँकड़ों के लिए केवल बिना नाम की गिनती (कक्षा, स्थिति, तिथियाँ) रहती है।',
        ],
      },
      {
        heading: 'आपके अधिकार',
        items: [
          'जानकारी पाना: आप पूछ सकते हैं कि हमारे पास आपके बच्चे की कौन सी जानकारी है, और उसकी प्रति ले सकते हैं।',
          'सुधार: कोई जानकारी गलत या अधूरी हो तो उसे ठीक करवा सकते हैं।',
          'मिटवाना: ज़रूरत पूरी होने पर जानकारी मिटवा सकते हैं।',
          'सहमति वापस लेना: आप कभी भी अपनी सहमति वापस ले सकते हैं। तब हम जानकारी मिटा देंगे; यदि बच्चे का प्रवेश हो चुका है तो प्रधानाचार्य इसे दर्ज करके आपसे बात करेंगे कि विद्यालय को क्या रखना ज़रूरी है।',
          'नामांकन: अपनी मृत्यु या असमर्थता की स्थिति में अपनी ओर से काम करने के लिए किसी व्यक्ति का नाम दे सकते हैं।',
          'शिकायत: नीचे दिए शिकायत अधिकारी से शिकायत कर सकते हैं; संतुष्ट न होने पर भारतीय डेटा संरक्षण बोर्ड में।',
        ],
      },
      {
        heading: 'इन अधिकारों का उपयोग कैसे करें',
        paragraphs: [
          'अपना आवेदन क्रमांक (या प्रवेश संख्या) और फ़ॉर्म में दिया मोबाइल नंबर लेकर शिकायत अधिकारी को लिखें, फ़ोन करें या विद्यालय कार्यालय में आएँ। हम 30 दिन के भीतर उत्तर देंगे। बच्चे की सुरक्षा के लिए पहले यह पुष्टि की जाएगी कि आप ही माता-पिता या अभिभावक हैं।',
        ],
      },
      {
        heading: 'जानकारी की सुरक्षा',
        paragraphs: [
          'आधार नंबर एन्क्रिप्ट करके रखे जाते हैं और केवल आखिरी चार अंक दिखते हैं। हर कर्मचारी अपने पासवर्ड से ही लॉग इन करता है। यदि कभी जानकारी लीक होती है, तो 72 घंटे के भीतर डेटा संरक्षण बोर्ड और प्रभावित अभिभावकों को सूचना दी जाएगी।',
        ],
      },
    ],
    grievance: {
      heading: 'शिकायत अधिकारी',
      lines: [
        g.name ? `${g.name}, ${g.role.hi}` : g.role.hi,
        site.contact.hindiName,
        site.contact.hindiAddress,
        ...(g.phone || g.email
          ? [g.phone && `फ़ोन: ${g.phone}`, g.email && `ई-मेल: ${g.email}`].filter((line): line is string => !!line)
          : ['विद्यालय कार्यालय के माध्यम से: उसका फ़ोन और ई-मेल इस पृष्ठ के नीचे दिया है।']),
      ],
    },
    versionLabel: 'सूचना संस्करण',
  };
}

/** The notice in `language`, as the school's settings make it. */
export const privacyNotice = (language: Language, settings: PrivacySettings = privacy): Notice =>
  language === 'hi' ? hindi(settings) : english(settings);
