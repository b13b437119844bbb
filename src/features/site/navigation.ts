/**
 * The site's navigation tree: the top bar, the section landings' cards,
 * the footer's quick links and the link tests all read it. Hrefs are the English pages'; a Hindi
 * page links to the same path under /hi/ (src/lib/language-paths.ts), with the `hi` words.
 */
import type { Language } from '../../lib/i18n/index.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { BANDS, type Band } from '../../lib/classes.ts';
import { wingOpen, wingPath, wingTexts } from '../admission/wings.ts';

interface NavTexts {
  label: string;
  /**
   * One line shown on the landing card that links here. A content page's is its page's own summary,
   * which the office edits (src/features/pages/, starting-content/pages/).
   */
  summary?: string;
}

export interface NavLink extends NavTexts {
  href: string;
  hi: NavTexts;
  children?: NavLink[];
  /** An admission wing's form: its words name the classes the school offers in it. */
  wing?: Band;
}

/** A wing's form as the menu links it, its words for the classes `offered`. */
function wingLink(band: Band, offered?: readonly string[]): NavLink {
  const [en, hi] = [wingTexts('en', band, offered), wingTexts('hi', band, offered)];
  return {
    label: en.label,
    href: wingPath(band),
    summary: en.summary,
    hi: { label: hi.label, summary: hi.summary },
    wing: band,
  };
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
    hi: { label: 'विद्यालय' },
    children: [
      { label: 'About', href: '/academy/about', hi: { label: 'परिचय' } },
      { label: 'Mission', href: '/academy/mission', hi: { label: 'उद्देश्य' } },
      { label: 'Founder Message', href: '/academy/founder-message', hi: { label: 'संस्थापक का संदेश' } },
      { label: 'Chairperson Message', href: '/academy/chairperson-message', hi: { label: 'अध्यक्ष का संदेश' } },
      { label: "Principal's Message", href: '/academy/principal-message', hi: { label: 'प्रधानाचार्य का संदेश' } },
      { label: 'Accreditation', href: '/academy/accreditation', hi: { label: 'मान्यता' } },
      {
        label: 'Mandatory Disclosure',
        href: '/academy/mandatory-disclosure',
        summary: 'CBSE mandatory public disclosure: documents, staff, results and infrastructure.',
        hi: {
          label: 'अनिवार्य सार्वजनिक प्रकटीकरण',
          summary: 'सी.बी.एस.ई. द्वारा माँगी गई जानकारी: दस्तावेज़, शिक्षक, परीक्षाफल और भवन।',
        },
      },
    ],
  },
  {
    label: 'Academics',
    href: '/academics',
    hi: { label: 'शिक्षण' },
    children: [
      {
        label: 'Methodology',
        href: '/academics/methodology',
        hi: { label: 'शिक्षण पद्धति' },
        children: [
          {
            label: 'Pre-primary Wing',
            href: '/academics/methodology/primary',
            hi: { label: 'पूर्व-प्राथमिक विभाग (P.N.C–K.G)' },
          },
          { label: 'Middle Wing', href: '/academics/methodology/middle', hi: { label: 'मध्य विभाग' } },
          { label: 'Senior Wing', href: '/academics/methodology/senior', hi: { label: 'वरिष्ठ विभाग' } },
        ],
      },
      { label: 'Holistic Development', href: '/academics/holistic-development', hi: { label: 'सर्वांगीण विकास' } },
      { label: 'Technology', href: '/academics/technology', hi: { label: 'कंप्यूटर एवं तकनीक' } },
      { label: 'Guidance Counseling', href: '/academics/guidance-counseling', hi: { label: 'मार्गदर्शन एवं परामर्श' } },
      {
        label: 'Academic Calendar',
        href: '/calendar',
        summary: 'Events, examinations and holidays, month by month.',
        hi: { label: 'शैक्षणिक कैलेंडर', summary: 'विद्यालय के कार्यक्रम, परीक्षाएँ और अवकाश, महीनेवार।' },
      },
    ],
  },
  {
    label: 'Infrastructure',
    href: '/infrastructure',
    hi: { label: 'भवन एवं परिसर' },
    children: [
      { label: 'Auditorium', href: '/infrastructure/auditorium', hi: { label: 'सभागार' } },
      { label: 'Sports', href: '/infrastructure/sports', hi: { label: 'खेलकूद' } },
      {
        label: 'Facilities',
        href: '/infrastructure/facilities',
        hi: { label: 'सुविधाएँ' },
        children: [
          { label: 'Transportation', href: '/infrastructure/facilities/transportation', hi: { label: 'वाहन सुविधा' } },
          { label: 'Health', href: '/infrastructure/facilities/health', hi: { label: 'स्वास्थ्य' } },
          { label: 'Security', href: '/infrastructure/facilities/security', hi: { label: 'सुरक्षा' } },
        ],
      },
      { label: 'Learning Centre', href: '/infrastructure/learning-centre', hi: { label: 'लर्निंग सेंटर' } },
      { label: 'Overview', href: '/infrastructure/overview', hi: { label: 'परिसर की झलक' } },
      { label: 'Library', href: '/infrastructure/library', hi: { label: 'पुस्तकालय' } },
    ],
  },
  {
    label: 'Admissions',
    href: '/admissions',
    hi: { label: 'प्रवेश' },
    children: [
      {
        label: 'Admission',
        href: '/admissions/apply',
        hi: { label: 'प्रवेश आवेदन' },
        // Named by all their classes: drawn, each follows the classes the school offers (navForClasses, src/features/admission/wings.ts).
        children: BANDS.map((band) => wingLink(band)),
      },
      {
        label: 'Fees',
        href: '/admissions/fees',
        summary: 'The admission fee of each class, and the fee for a transfer certificate.',
        hi: { label: 'शुल्क', summary: 'हर कक्षा का प्रवेश शुल्क और टी.सी. का शुल्क।' },
      },
      {
        label: 'TC Request',
        href: '/admissions/tc-request',
        summary: 'Request a transfer certificate online.',
        hi: { label: 'टी.सी. हेतु आवेदन', summary: 'स्थानांतरण प्रमाण पत्र (टी.सी.) के लिए ऑनलाइन आवेदन करें।' },
      },
      {
        label: 'Application Status',
        href: '/admissions/status',
        summary: 'Check an application with its reference number and your mobile number.',
        hi: { label: 'आवेदन की स्थिति', summary: 'आवेदन क्रमांक और अपने मोबाइल नंबर से आवेदन की स्थिति देखें।' },
      },
      {
        label: 'TC Verification',
        href: '/tc-verification',
        summary: 'Check a transfer certificate issued by the school, by its number and date of issue.',
        hi: { label: 'टी.सी. सत्यापन', summary: 'विद्यालय द्वारा जारी टी.सी. को उसकी संख्या और जारी होने की तिथि से जाँचें।' },
      },
    ],
  },
  {
    label: 'Press',
    href: '/press',
    hi: { label: 'समाचार' },
    children: [
      {
        label: 'Coverage',
        href: '/press/coverage',
        summary: 'Newspaper reports about our students and events.',
        hi: { label: 'अख़बारों में', summary: 'हमारे विद्यार्थियों और कार्यक्रमों पर समाचार पत्रों की ख़बरें।' },
      },
      {
        label: 'Magazine',
        href: '/press/magazine',
        summary: 'Our e-magazine, with issues dating back to 2012.',
        hi: { label: 'ई-पत्रिका', summary: 'हमारी ई-पत्रिका, 2012 से अब तक के अंक।' },
      },
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
  ...['/academy/mandatory-disclosure', '/admissions', '/admissions/tc-request', '/vacancies', '/gallery'].map((href) =>
    findNav(href)!,
  ),
  { label: 'E-Magazine', href: '/press/magazine', hi: { label: 'ई-पत्रिका' } },
  { label: 'Privacy notice', href: '/privacy', hi: { label: 'गोपनीयता सूचना' } },
];

/** A link's words and href in `language`. */
export function navIn(language: Language, link: NavLink): { label: string; summary?: string; href: string } {
  const texts = language === 'hi' ? link.hi : link;
  return { label: texts.label, summary: texts.summary, href: pathIn(language, link.href) };
}

/** The tree without the pages in `hidden` (a content page the office hid). */
export function navWithout(hidden: ReadonlySet<string>, nodes: NavLink[] = navigation): NavLink[] {
  return nodes
    .filter((node) => !hidden.has(node.href))
    .map((node) => (node.children ? { ...node, children: navWithout(hidden, node.children) } : node));
}

/** The tree for a school offering `offered`: a wing with none of them leaves it, the others name their range. */
export function navForClasses(offered: readonly string[], nodes: NavLink[] = navigation): NavLink[] {
  return nodes.flatMap((node) => {
    if (node.wing) return wingOpen(node.wing, offered) ? [wingLink(node.wing, offered)] : [];
    return [node.children ? { ...node, children: navForClasses(offered, node.children) } : node];
  });
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
