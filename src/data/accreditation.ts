/**
 * Accreditation items: name, logo, issuedBy, description, category, and the same words in Hindi
 * (`hi`); `accreditationPage` holds the page's own few words in each language.
 */
import { z } from 'astro/zod';
import { accreditationSchema } from './schemas.ts';
import type { Language } from '../lib/i18n/index.ts';
import cbse from '../assets/logos/cbse.png';
import upGovernment from '../assets/logos/up-government.png';
import fireSafety from '../assets/logos/fire-safety.png';
import buildingSafety from '../assets/logos/building-safety.png';
import healthHygiene from '../assets/logos/health-hygiene.png';

type AccreditationWords = Omit<z.infer<typeof accreditationSchema>, 'logo'>;
export type Accreditation = z.infer<typeof accreditationSchema> & { hi: AccreditationWords };

const items: Accreditation[] = [
  {
    name: 'CBSE Affiliation', logo: cbse, issuedBy: 'Central Board of Secondary Education, New Delhi', category: 'Board affiliation', description: 'The school is affiliated to the CBSE with full recognition as a Senior Secondary School, teaching and examining Classes I to XII under the CBSE curriculum.',
    hi: { name: 'सी.बी.एस.ई. संबद्धता', issuedBy: 'केंद्रीय माध्यमिक शिक्षा बोर्ड, नई दिल्ली', category: 'बोर्ड से संबद्धता', description: 'विद्यालय सी.बी.एस.ई. से सीनियर सेकेंडरी विद्यालय के रूप में पूर्ण मान्यता के साथ संबद्ध है; कक्षा I से XII तक की पढ़ाई और परीक्षाएँ सी.बी.एस.ई. पाठ्यक्रम के अनुसार होती हैं।' },
  },
  {
    name: 'No Objection Certificate', logo: upGovernment, issuedBy: 'Government of Uttar Pradesh', category: 'Government recognition', description: 'The State Government\'s no objection to the school\'s affiliation with the CBSE, as the Board\'s bye-laws require.',
    hi: { name: 'अनापत्ति प्रमाण पत्र (NOC)', issuedBy: 'उत्तर प्रदेश सरकार', category: 'सरकारी मान्यता', description: 'बोर्ड के उपनियमों के अनुसार, विद्यालय की सी.बी.एस.ई. से संबद्धता पर राज्य सरकार की अनापत्ति।' },
  },
  {
    name: 'Fire Safety Certificate', logo: fireSafety, issuedBy: 'Uttar Pradesh Fire and Emergency Services', category: 'Safety', description: 'Fire extinguishers, alarms, marked exits and regular drills, inspected and certified by the competent authority.',
    hi: { name: 'अग्नि सुरक्षा प्रमाण पत्र', issuedBy: 'उत्तर प्रदेश अग्निशमन एवं आपात सेवा', category: 'सुरक्षा', description: 'अग्निशामक यंत्र, अलार्म, चिह्नित निकास द्वार और नियमित मॉक ड्रिल, जिनकी जाँच करके सक्षम अधिकारी ने प्रमाणित किया है।' },
  },
  {
    name: 'Building Safety Certificate', logo: buildingSafety, issuedBy: 'Public Works Department, competent engineer', category: 'Safety', description: 'The school buildings meet the structural safety norms of the National Building Code.',
    hi: { name: 'भवन सुरक्षा प्रमाण पत्र', issuedBy: 'लोक निर्माण विभाग, सक्षम अभियंता', category: 'सुरक्षा', description: 'विद्यालय के भवन राष्ट्रीय भवन संहिता (नेशनल बिल्डिंग कोड) के संरचनात्मक सुरक्षा मानकों पर खरे उतरते हैं।' },
  },
  {
    name: 'Water, Health and Sanitation Certificate', logo: healthHygiene, issuedBy: 'District Health Department', category: 'Health and hygiene', description: 'Safe drinking water, clean toilets for girls and boys, and hygienic premises, checked by the health authorities.',
    hi: { name: 'जल, स्वास्थ्य एवं स्वच्छता प्रमाण पत्र', issuedBy: 'जिला स्वास्थ्य विभाग', category: 'स्वास्थ्य एवं स्वच्छता', description: 'पीने का सुरक्षित पानी, छात्राओं और छात्रों के लिए साफ़ शौचालय और स्वच्छ परिसर, जिनकी जाँच स्वास्थ्य विभाग ने की है।' },
  },
];

const hindiWords = accreditationSchema.omit({ logo: true });
export const accreditations: Accreditation[] = z.array(accreditationSchema.extend({ hi: hindiWords })).parse(items);

/** An item's words in `language`, with its logo. */
export const accreditationIn = (language: Language, item: Accreditation) => ({ logo: item.logo, ...(language === 'hi' ? item.hi : item) });

/** The page's own words: the "issued by" label, the seal's alt text, and the line that links to the disclosure (before, link, after). */
export const accreditationPage: Record<Language, { issuedBy: string; seal: (name: string) => string; copies: [string, string, string] }> = {
  en: {
    issuedBy: 'Issued by:',
    seal: (name) => `${name} seal`,
    copies: ['Copies of the affiliation letter and the certificates are published in our ', 'CBSE Mandatory Public Disclosure', '.'],
  },
  hi: {
    issuedBy: 'जारीकर्ता:',
    seal: (name) => `${name} की मुहर`,
    copies: ['संबद्धता पत्र और सभी प्रमाण पत्रों की प्रतियाँ हमारे ', 'सी.बी.एस.ई. अनिवार्य सार्वजनिक प्रकटीकरण', ' पृष्ठ पर उपलब्ध हैं।'],
  },
};
